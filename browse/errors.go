package browse

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// Sentinel errors, constants for errors.Is. The errors returned wrap them
// with the request involved, or are one of the error types below, which
// match their sentinel.
const (
	// ErrBadOptions: an Options field New cannot use, named in the error.
	ErrBadOptions = errkind.Kind("browse: bad options")
	// ErrTooManyRedirects: a load that redirected more than
	// Options.MaxRedirects times (a *RedirectError).
	ErrTooManyRedirects = errkind.Kind("browse: too many redirects")
	// ErrTooLarge: a response body longer than Options.MaxBodyBytes (a
	// *TooLargeError).
	ErrTooLarge = errkind.Kind("browse: response too large")
	// ErrNotHTML: a response whose Content-Type is not HTML (a
	// *NotHTMLError); the page loads all the same.
	ErrNotHTML = errkind.Kind("browse: response is not HTML")
	// ErrStatus: a response whose status is 400 or more (a *StatusError);
	// the page loads all the same.
	ErrStatus = errkind.Kind("browse: error status")
	// ErrHandlerPanic: an in-process handler that panicked (a
	// *PanicError); the page is the 500 response the session made of it.
	ErrHandlerPanic = errkind.Kind("browse: handler panicked")
	// ErrInactivePage: a navigation asked for by a page the session has
	// left (a link clicked or a form submitted in an earlier page's
	// document). HTML lets only the active document of a browsing context
	// navigate it; a browser ignores the request, the session refuses it
	// with this error, which names both pages, since such a click in a test
	// is almost always a handle kept across a navigation.
	ErrInactivePage = errkind.Kind("browse: page no longer current")
	// ErrNoHistory: Back at the first history entry, Forward at the last,
	// or Reload before any page loaded.
	ErrNoHistory = errkind.Kind("browse: no history entry")
	// ErrOtherHost: a request to a host other than Options.BaseURL's,
	// with Options.StayOnHost: the first request, a redirect, a link, a
	// form; nothing is sent to that host.
	ErrOtherHost = errkind.Kind("browse: request to another host")
	// ErrBadRequest: a URL or navigation request the session cannot send
	// (not absolute, not http or https, a method other than GET and POST),
	// or a redirect whose Location does not parse.
	ErrBadRequest = errkind.Kind("browse: bad request")
)

// StatusError is the error of a load whose final response has a status of
// 400 or more, and of a style sheet whose final response's status is not
// 2xx (Page.StyleSheetErrors). It matches ErrStatus.
type StatusError struct {
	// Method and URL are those of the final request.
	Method string
	URL    *url.URL
	// Status is the response's status code.
	Status int
}

// Error says what failed and where.
func (e *StatusError) Error() string {
	return fmt.Sprintf("browse: %s %s: status %d %s", e.Method, errorURL(e.URL), e.Status, statusText(e.Status))
}

// Is reports whether target is ErrStatus.
func (e *StatusError) Is(target error) bool { return target == ErrStatus }

// NotHTMLError is the error of a load whose response is not HTML.
// It matches ErrNotHTML.
type NotHTMLError struct {
	// Method and URL are those of the final request.
	Method string
	URL    *url.URL
	// ContentType is the response's Content-Type header, or the type
	// sniffed from the body when the header is missing.
	ContentType string
}

// Error says what failed and where.
func (e *NotHTMLError) Error() string {
	return fmt.Sprintf("browse: %s %s: response is %s, not HTML", e.Method, errorURL(e.URL), quoteLong(e.ContentType))
}

// Is reports whether target is ErrNotHTML.
func (e *NotHTMLError) Is(target error) bool { return target == ErrNotHTML }

// PanicError is the error of a load whose in-process handler panicked. It
// matches ErrHandlerPanic.
type PanicError struct {
	// Method and URL are those of the request the handler served.
	Method string
	URL    *url.URL
	// Value is the value the handler panicked with.
	Value any
	// Stack is the handler's stack when it panicked.
	Stack []byte
}

// Error says what failed and where.
func (e *PanicError) Error() string {
	return fmt.Sprintf("browse: %s %s: handler panicked: %v", e.Method, errorURL(e.URL), e.Value)
}

// Is reports whether target is ErrHandlerPanic.
func (e *PanicError) Is(target error) bool { return target == ErrHandlerPanic }

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// RedirectError is the error of a load that redirected more than the
// session allows. It matches ErrTooManyRedirects.
type RedirectError struct {
	// Method is the first request's.
	Method string
	// Chain is every URL requested, the first one first: a loop shows as
	// a URL repeated.
	Chain []*url.URL
	// Limit is the session's MaxRedirects.
	Limit int
}

// Error says what failed and where.
func (e *RedirectError) Error() string {
	shown := make([]string, len(e.Chain))
	for i, u := range e.Chain {
		shown[i] = errorURL(u)
	}
	first := "(no URL)"
	if len(shown) > 0 {
		first = shown[0]
	}
	return fmt.Sprintf("browse: %s %s: more than %d redirects: %s", e.Method, first, e.Limit, strings.Join(shown, " -> "))
}

// Is reports whether target is ErrTooManyRedirects.
func (e *RedirectError) Is(target error) bool { return target == ErrTooManyRedirects }

// TooLargeError is the error of a response whose body is longer than the
// session allows. It matches ErrTooLarge.
type TooLargeError struct {
	// Method and URL are those of the request whose response it was.
	Method string
	URL    *url.URL
	// Limit is the session's MaxBodyBytes.
	Limit int64
}

// Error says what failed and where.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("browse: %s %s: response body longer than %d bytes", e.Method, errorURL(e.URL), e.Limit)
}

// Is reports whether target is ErrTooLarge.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// RequestError is the error of a request that got no response: the
// transport's error, a cancelled context or a timeout, a handler that
// aborted its response with http.ErrAbortHandler. Err is that error, so
// errors.Is(err, context.DeadlineExceeded) works.
type RequestError struct {
	// Method and URL are those of the request that got no response.
	Method string
	URL    *url.URL
	// Err is the transport's or the context's error.
	Err error
}

// Error says what failed and where.
func (e *RequestError) Error() string {
	return fmt.Sprintf("browse: %s %s: %v", e.Method, errorURL(e.URL), e.Err)
}

// Unwrap returns the underlying error.
func (e *RequestError) Unwrap() error { return e.Err }

// statusText is http.StatusText for any code.
func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return t
	}
	return "(unknown status)"
}

// redactURL returns a copy of u whose password, if it has one, is
// "xxxxx", as the session gives every URL but Page's (records, history,
// downloads, errors): its String is u.Redacted().
func redactURL(u *url.URL) *url.URL {
	v := cloneURL(u)
	if v != nil && v.User != nil {
		if _, ok := v.User.Password(); ok {
			v.User = url.UserPassword(v.User.Username(), "xxxxx")
		}
	}
	return v
}

// shownURL is the URL as an error message shows it: redacted, and cut
// when longer than maxShown.
func shownURL(u *url.URL) string { return cut(u.Redacted()) }

// errorURL is the URL of an error value as its message shows it: cut when
// longer than maxShown (the URL is redacted already).
func errorURL(u *url.URL) string {
	if u == nil {
		return "(no URL)"
	}
	return cut(u.String())
}

// maxShown is the longest value of a server's (a Location, a URL made of
// one) that an error message shows whole: a megabyte Location must not
// make a megabyte error line.
const maxShown = 200

// cut returns s, or when longer than maxShown bytes its first maxShown
// bytes (whole characters) and a marker that says how long s was.
func cut(s string) string {
	if len(s) <= maxShown {
		return s
	}
	return s[:runeStart(s, maxShown)] + fmt.Sprintf("...[cut: %d bytes in all]", len(s))
}

// quoteLong quotes s for an error message, cut as cut does: the marker
// stands outside the quotes, so it cannot be mistaken for the value.
func quoteLong(s string) string {
	if len(s) <= maxShown {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:runeStart(s, maxShown)]) + fmt.Sprintf("...[cut: %d bytes in all]", len(s))
}

// runeStart moves i back to the start of the UTF-8 sequence it falls in.
func runeStart(s string, i int) int {
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}
