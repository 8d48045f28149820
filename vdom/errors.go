package vdom

import (
	"errors"
	"fmt"
)

// DOMError is the Go form of a DOMException: a Name from the DOM's error
// table and a message that says what and where. Test for a kind with
// errors.Is(err, ErrHierarchyRequest) and the other sentinels.
type DOMError struct {
	Name    string
	Message string
}

func (e *DOMError) Error() string {
	if e.Message == "" {
		return "vdom: " + e.Name
	}
	return "vdom: " + e.Name + ": " + e.Message
}

// Is reports whether target is the sentinel of the same kind.
func (e *DOMError) Is(target error) bool {
	t, ok := target.(*DOMError)
	return ok && t.Message == "" && t.Name == e.Name
}

// Sentinels for errors.Is, one per DOMException name this package raises.
var (
	ErrHierarchyRequest = &DOMError{Name: "HierarchyRequestError"}
	ErrNotFound         = &DOMError{Name: "NotFoundError"}
	ErrInvalidState     = &DOMError{Name: "InvalidStateError"}
	ErrInvalidCharacter = &DOMError{Name: "InvalidCharacterError"}
	ErrSyntax           = &DOMError{Name: "SyntaxError"}
	ErrNotSupported     = &DOMError{Name: "NotSupportedError"}
	ErrWrongDocument    = &DOMError{Name: "WrongDocumentError"}
	// ErrType stands for the TypeError a JavaScript binding would throw:
	// an argument of the wrong kind, such as an infinite number.
	ErrType = &DOMError{Name: "TypeError"}
)

// ErrAbort is the default reason of an aborted AbortSignal.
var ErrAbort = errors.New("vdom: AbortError: signal is aborted without reason")

func domErrorf(kind *DOMError, format string, args ...any) error {
	return &DOMError{Name: kind.Name, Message: fmt.Sprintf(format, args...)}
}

func itoa(i int) string { return fmt.Sprint(i) }
