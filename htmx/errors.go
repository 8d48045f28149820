package htmx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// Sentinel errors, for errors.Is. The errors an Engine reports are
// *Error values that match one of them.
const (
	// ErrSyntax: an attribute value (hx-trigger, hx-swap, hx-vals,
	// hx-headers, hx-sync...) or a response header (HX-Trigger,
	// HX-Location) that does not parse.
	ErrSyntax = errkind.Kind("htmx: syntax error")
	// ErrNoTarget: a selector (hx-target, hx-include, hx-indicator,
	// HX-Retarget...) that finds no element where htmx needs one.
	ErrNoTarget = errkind.Kind("htmx: no element matches")
	// ErrNeedsJavaScript: a feature that runs JavaScript (hx-on, trigger
	// filters, js: values, hx-vars, extensions, scripts in a response),
	// which the package refuses rather than ignores.
	ErrNeedsJavaScript = errkind.Kind("htmx: needs JavaScript")
	// ErrNotHTML: a response htmx would swap whose Content-Type is not
	// HTML.
	ErrNotHTML = errkind.Kind("htmx: response is not HTML")
	// ErrRequest: a request that could not be sent or got no response
	// (the session's error is wrapped too).
	ErrRequest = errkind.Kind("htmx: request failed")
	// ErrUnsupportedVersion: a page whose htmx script names a version the
	// package does not run (htmx 1), or Options naming one.
	ErrUnsupportedVersion = errkind.Kind("htmx: unsupported version")
	// ErrBadOptions: Options that cannot be used.
	ErrBadOptions = errkind.Kind("htmx: bad options")
	// ErrUnsupported: a feature of htmx the package does not run yet
	// (htmx 4's morph swaps), reported rather than
	// ignored.
	ErrUnsupported = errkind.Kind("htmx: not supported")
	// ErrHistory: a URL htmx would push or replace (hx-push-url,
	// hx-replace-url, HX-Push-Url, HX-Replace-Url, HX-Location, a boosted
	// request's) that the page's URL cannot become: another origin, or
	// one that does not parse. The browser's pushState throws a
	// SecurityError (wrapped); the URL and history stay as they were.
	ErrHistory = errkind.Kind("htmx: history")
)

// Error is a problem an Engine finds in a page or a response: it names
// the element, the attribute (or response header) and, for a value that
// does not parse, the byte offset in the value where it stops making
// sense.
type Error struct {
	// Kind is the sentinel the error matches.
	Kind errkind.Kind
	// Element is the element whose attribute is at fault, or the source
	// element of the request a response belongs to; nil for none.
	Element *vdom.Node
	// Attribute is the attribute ("hx-swap") or response header
	// ("HX-Retarget") at fault, "" for none.
	Attribute string
	// Value is the attribute's or header's value.
	Value string
	// Offset is the byte offset in Value where the problem is, -1 when
	// the value as a whole is at fault.
	Offset int
	// Detail says what is wrong.
	Detail string
	// Err is an underlying error (the session's), if any.
	Err error
}

// Error says what, where and why.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(string(e.Kind))
	if e.Element != nil {
		b.WriteString(": ")
		b.WriteString(elname.Of(e.Element))
	}
	if e.Attribute != "" {
		b.WriteString(" ")
		b.WriteString(e.Attribute)
		if e.Value != "" || e.Offset >= 0 {
			b.WriteString("=")
			b.WriteString(strconv.Quote(shorten(e.Value)))
		}
		if e.Offset >= 0 {
			fmt.Fprintf(&b, " at %d", e.Offset)
		}
	}
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Is reports whether target is the error's Kind.
func (e *Error) Is(target error) bool { return target == e.Kind }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// shorten cuts a long value for an error message.
func shorten(s string) string {
	const max = 200
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}

// attrError makes an *Error about an attribute value.
func attrError(kind errkind.Kind, el *vdom.Node, attr, value string, offset int, format string, args ...any) *Error {
	return &Error{Kind: kind, Element: el, Attribute: attr, Value: value, Offset: offset, Detail: fmt.Sprintf(format, args...)}
}
