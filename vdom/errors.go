package vdom

import (
	"fmt"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// DOMErrorName is the name of a DOMException kind, such as
// "NotFoundError". The sentinels ErrHierarchyRequest, ErrNotFound and the
// others are constants of this type: test an error's kind with
// errors.Is(err, vdom.ErrNotFound).
type DOMErrorName string

// Error returns "vdom: " and the name, so a sentinel printed on its own
// reads like the errors that match it.
func (n DOMErrorName) Error() string { return "vdom: " + string(n) }

// DOMError is the Go form of a DOMException: a Name from the DOM's error
// table and a message that says what and where. errors.Is(err, kind) is
// true for the DOMErrorName constant of its Name.
type DOMError struct {
	Name    DOMErrorName
	Message string
}

func (e *DOMError) Error() string {
	if e.Message == "" {
		return "vdom: " + string(e.Name)
	}
	return "vdom: " + string(e.Name) + ": " + e.Message
}

// Is reports whether target is the DOMErrorName of e's kind.
func (e *DOMError) Is(target error) bool {
	n, ok := target.(DOMErrorName)
	return ok && n == e.Name
}

// Sentinels for errors.Is, one per DOMException name this package raises.
const (
	ErrHierarchyRequest DOMErrorName = "HierarchyRequestError"
	ErrNotFound         DOMErrorName = "NotFoundError"
	ErrInvalidState     DOMErrorName = "InvalidStateError"
	ErrInvalidCharacter DOMErrorName = "InvalidCharacterError"
	ErrSyntax           DOMErrorName = "SyntaxError"
	ErrNotSupported     DOMErrorName = "NotSupportedError"
	// ErrSecurity is an operation the page's origin does not allow,
	// such as PushState to a URL of another origin.
	ErrSecurity DOMErrorName = "SecurityError"
	// ErrIndexSize is an offset beyond a node's length (SplitText).
	ErrIndexSize DOMErrorName = "IndexSizeError"
	// ErrNoModificationAllowed is a change the DOM forbids at that place,
	// such as InsertAdjacentHTML before the document element.
	ErrNoModificationAllowed DOMErrorName = "NoModificationAllowedError"
	// ErrType stands for the TypeError a JavaScript binding would throw:
	// an argument of the wrong kind, such as an infinite number.
	ErrType DOMErrorName = "TypeError"
)

// ErrAbort is the default reason of an aborted AbortSignal.
const ErrAbort = errkind.Kind("vdom: AbortError: signal is aborted without reason")

func domErrorf(kind DOMErrorName, format string, args ...any) error {
	return &DOMError{Name: kind, Message: fmt.Sprintf(format, args...)}
}

func itoa(i int) string { return fmt.Sprint(i) }
