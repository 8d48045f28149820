package htmx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/internal/textenc"
	"github.com/eventperk/eventperk-go/internal/weburl"
	"github.com/eventperk/eventperk-go/vdom"
)

// Sending and delivering. A request goes through the page's session at
// once (browse.Page.Fetch: the handler sees it when htmx sends it, as a
// server would); its response reaches the page later, as the network
// delivers it: one posted task per response, in the order they arrived,
// each taken in before the next. Options.Hold keeps a response back until
// Release.

// send sends r and queues its response (or its failure) for delivery.
// Its Timeout starts now.
func (e *Engine) send(r *Request) {
	e.sent = append(e.sent, r)
	if r.Timeout > 0 {
		r.deadline = e.doc.Clock().Now().Add(r.Timeout)
		r.timer = e.setTimeout(r.Timeout, func() { e.expire(r) })
	}
	h := http.Header{}
	if !r.noHeaders {
		for _, f := range r.Header.fields {
			if !f.Null {
				h.Add(f.Name, f.Value)
			}
		}
	}
	switch {
	case r.contentType != "" && (!r.noHeaders || r.Multipart):
		h["Content-Type"] = []string{r.contentType}
	case r.noHeaders && r.body != nil:
		// XMLHttpRequest's send() gives a text body this type when
		// the page set none (XHR §4.5.6 step 4.4).
		h["Content-Type"] = []string{"text/plain;charset=UTF-8"}
	}
	resp, err := e.page.Fetch(browse.FetchRequest{Method: r.Method, URL: r.URL, Header: h, Body: r.body})
	if resp == nil {
		r.sendErr = err
		if err == nil {
			r.sendErr = errors.New("no response")
		}
		if !errors.Is(err, browse.ErrInactivePage) {
			e.report(&Error{Kind: ErrRequest, Element: r.Source, Detail: r.Method + " " + r.URL, Err: err, Offset: -1})
		}
	} else {
		if err != nil {
			e.report(&Error{Kind: ErrRequest, Element: r.Source, Detail: r.Method + " " + r.URL, Err: err, Offset: -1})
		}
		r.Response = &Response{Status: resp.Status, Header: resp.Header, Body: resp.Body, URL: resp.URL, Redirected: resp.Redirected}
	}
	if e.opts.Hold != nil && e.opts.Hold(r) {
		r.held = true
		e.held = append(e.held, r)
		return
	}
	e.enqueue(r)
}

// enqueue queues r's delivery.
func (e *Engine) enqueue(r *Request) {
	e.ready = append(e.ready, r)
	e.doc.Post(e.deliverNext)
}

// deliverNext delivers the oldest response that arrived. On a fake clock
// the timers due at this moment run first, as a browser's event loop
// runs the tasks queued before the network's.
func (e *Engine) deliverNext() {
	if len(e.ready) == 0 {
		return
	}
	if fc, ok := e.doc.Clock().(*vdom.FakeClock); ok {
		if due, ok := e.doc.NextTimer(); ok && !due.After(fc.Now()) {
			e.doc.SetTimeout(0, e.deliverNext)
			return
		}
	}
	r := e.ready[0]
	e.ready = e.ready[1:]
	if r.aborted || r.delivered || !e.active() {
		return
	}
	if !r.deadline.IsZero() && !e.doc.Clock().Now().Before(r.deadline) {
		// The response came too late: on a real clock the handler, or
		// the wait, took longer than the timeout.
		e.expire(r)
		return
	}
	e.doc.ClearTimeout(r.timer)
	r.delivered = true
	if e.opts.OnResponse != nil {
		e.opts.OnResponse(r)
	}
	if r.onResponse != nil {
		r.onResponse()
	}
}

// abort cancels r if its response has not been taken in: it is dropped
// and the request's abort handling runs.
func (e *Engine) abort(r *Request) bool {
	if r == nil || r.aborted || r.delivered {
		return false
	}
	r.aborted = true
	e.doc.ClearTimeout(r.timer)
	e.held = removeRequest(e.held, r)
	e.ready = removeRequest(e.ready, r)
	if r.onAbort != nil {
		r.onAbort()
	}
	return true
}

// expire ends r when its Timeout has passed before its response was
// taken in: the request is aborted (XMLHttpRequest's timeout, htmx 4's
// abort("timeout")) and the version's timeout handling runs. A test
// sees an ErrRequest error wrapping context.DeadlineExceeded.
func (e *Engine) expire(r *Request) {
	if r.aborted || r.delivered {
		return
	}
	r.aborted, r.timedOut = true, true
	e.held = removeRequest(e.held, r)
	e.ready = removeRequest(e.ready, r)
	if e.opts.OnResponse != nil {
		e.opts.OnResponse(r)
	}
	e.report(&Error{Kind: ErrRequest, Element: r.Source, Offset: -1,
		Detail: fmt.Sprintf("%s %s: no response within the timeout of %v", r.Method, r.URL, r.Timeout), Err: context.DeadlineExceeded})
	if r.onTimeout != nil {
		r.onTimeout()
	}
}

func removeRequest(list []*Request, r *Request) []*Request {
	out := list[:0]
	for _, x := range list {
		if x != r {
			out = append(out, x)
		}
	}
	return out
}

// Requests returns every request the engine sent, oldest first.
func (e *Engine) Requests() []*Request { return append([]*Request(nil), e.sent...) }

// Held returns the requests whose responses Options.Hold keeps back,
// oldest first.
func (e *Engine) Held() []*Request { return append([]*Request(nil), e.held...) }

// Release delivers the held response of r, and what follows from it at
// this moment (Settle): the swap, the events, requests it starts. It
// returns Settle's errors. Releasing a request that is not held is an
// ErrBadOptions error.
func (e *Engine) Release(r *Request) error {
	for _, x := range e.held {
		if x == r {
			e.held = removeRequest(e.held, r)
			e.enqueue(r)
			return e.Settle()
		}
	}
	return &Error{Kind: ErrBadOptions, Offset: -1, Detail: "release: the request is not held"}
}

// ReleaseAll releases every held response, oldest first, including those
// of requests sent while releasing (a queued request), and returns the
// errors.
func (e *Engine) ReleaseAll() error {
	var errs []error
	for len(e.held) > 0 {
		if err := e.Release(e.held[0]); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// sameOrigin reports whether raw, resolved against the document, has the
// page's origin; it returns the resolved URL.
func (e *Engine) sameOrigin(raw string) (*url.URL, bool) {
	u, err := e.resolve(raw)
	if err != nil {
		return nil, false
	}
	page, err := url.Parse(e.doc.URL())
	if err != nil {
		return u, false
	}
	return u, sameOriginURL(u, page)
}

// resolve parses raw relative to the document's base URL with the URL
// standard's parser, as the page's new URL(raw, document.baseURI) and
// location.href = raw do (a backslash in an http URL is a slash, tabs and
// newlines are dropped), which net/url's Parse does not.
func (e *Engine) resolve(raw string) (*url.URL, error) {
	return weburl.Parse(raw, e.doc.BaseURL())
}

// sameOriginURL compares origins.
func sameOriginURL(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Host, b.Host)
}

// pathAndQuery is the URL's pathname and search, as location and URL give
// them: the path as escaped, then "?" and the query when there is one (a
// URL's search is "" for an empty query, so "/e?" is "/e").
func pathAndQuery(u *url.URL) string {
	if u.RawQuery == "" {
		return u.EscapedPath()
	}
	return u.EscapedPath() + "?" + u.RawQuery
}

// responsePath is the path and query of the response's final URL (htmx
// 2's getPathFromResponse).
func (r *Request) responsePath() string {
	if r.Response == nil || r.Response.URL == nil {
		return ""
	}
	return pathAndQuery(r.Response.URL)
}

// text is the response's body as the page's script reads it. htmx 4's
// fetch text() is UTF-8 decode: a UTF-8 byte order mark is dropped and
// the Content-Type's charset ignored. htmx 2's XMLHttpRequest
// responseText decodes with the Content-Type's charset (else UTF-8),
// a byte order mark overriding it (XHR's "text response", the Encoding
// Standard's decode). So a BOM never reaches the swapped content
// (swap-answer-shapes).
func (e *Engine) text(resp *Response) string {
	body := resp.Body
	enc := textenc.MustLookup("UTF-8")
	if !e.b.v4 {
		if label, ok := textenc.ContentTypeCharset(resp.Header.Get("Content-Type")); ok {
			if found, ok := textenc.Lookup(label); ok {
				enc = found
			}
		}
		switch {
		case bytes.HasPrefix(body, []byte{0xFE, 0xFF}):
			return string(textenc.MustLookup("UTF-16BE").Decode(body[2:]))
		case bytes.HasPrefix(body, []byte{0xFF, 0xFE}):
			return string(textenc.MustLookup("UTF-16LE").Decode(body[2:]))
		}
	}
	if rest, ok := bytes.CutPrefix(body, []byte{0xEF, 0xBB, 0xBF}); ok {
		body, enc = rest, textenc.MustLookup("UTF-8")
	}
	return string(enc.Decode(body))
}
