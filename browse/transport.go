package browse

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"html"
	"io"
	"maps"
	"net/http"
	"net/textproto"
	"net/url"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/net/http/httpguts"
)

// remoteAddr is the client address handlers see: an address of TEST-NET-1
// (RFC 5737), as httptest.NewRequest uses.
const remoteAddr = "192.0.2.1:1234"

// errBodyLimit is what a handler's Write returns once the response is
// longer than the session reads, as a closed connection would.
var errBodyLimit = errors.New("browse: response body limit reached; the client stopped reading")

// panicKey is the context key of the *PanicError slot a request carries,
// so the transport, which must return a response or an error but not
// both, can give the session the panic behind a 500 response.
type panicKey struct{}

// withPanicSlot returns ctx carrying slot.
func withPanicSlot(ctx context.Context, slot **PanicError) context.Context {
	return context.WithValue(ctx, panicKey{}, slot)
}

// handlerTransport is an http.RoundTripper that serves requests with an
// http.Handler in process.
type handlerTransport struct {
	handler http.Handler
	maxBody int64
	// isolate runs each handler call on a goroutine of its own
	// (Options.IsolateHandler).
	isolate bool
}

// RoundTrip serves req with the handler, given a request such as a server
// would make of req. The handler runs on the caller's goroutine, as a test
// calling ServeHTTP runs it, unless the transport isolates it: then on a
// goroutine of its own, and RoundTrip returns when the handler returns or
// when req's context ends, whichever comes first; a handler that never
// returns is abandoned, and its goroutine lives until it does.
func (t *handlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if err := ctx.Err(); err != nil {
		// As a client does not send a request whose context has ended.
		return nil, err
	}
	sreq, err := serverRequest(req)
	if err != nil {
		return nil, err
	}
	w := &responseRecorder{header: http.Header{}, limit: t.maxBody + 1}
	var p *handlerPanic
	if t.isolate {
		p, err = t.serveIsolated(ctx, w, sreq)
		if err != nil {
			return nil, err
		}
	} else {
		p = t.serve(w, sreq)
	}
	if err := ctx.Err(); err != nil {
		// Also when the handler returned: it may have returned because
		// its context ended, and a load past its deadline fails either
		// way, as http.Client's does.
		return nil, err
	}
	if p != nil {
		if p.value == http.ErrAbortHandler {
			return nil, fmt.Errorf("the handler aborted the response: %w", http.ErrAbortHandler)
		}
		if slot, ok := ctx.Value(panicKey{}).(**PanicError); ok {
			*slot = &PanicError{Method: req.Method, URL: redactURL(req.URL), Value: p.value, Stack: p.stack}
		}
		return panicResponse(req, p.value), nil
	}
	resp := w.response(req)
	if err := malformedHeader(resp.Header); err != nil {
		return nil, err
	}
	return resp, nil
}

// malformedHeader returns the error a client's header reader gives for a
// response whose field value has a control character other than tab
// (RFC 9110 §5.5: net/http's server sends it as it is, and Go's client
// refuses the whole response), nil for a header without one.
func malformedHeader(h http.Header) error {
	for _, k := range slices.Sorted(maps.Keys(h)) {
		for _, v := range h[k] {
			if strings.ContainsFunc(v, func(r rune) bool { return (r < ' ' && r != '\t') || r == 0x7f }) {
				return fmt.Errorf("malformed MIME header line: %s", quoteLong(k+": "+v))
			}
		}
	}
	return nil
}

// serve calls the handler and returns its panic, if it panicked.
func (t *handlerTransport) serve(w *responseRecorder, r *http.Request) (p *handlerPanic) {
	defer func() {
		// The deferred call runs on the panicking stack: debug.Stack
		// shows where the handler panicked.
		if v := recover(); v != nil {
			p = &handlerPanic{v, debug.Stack()}
		}
	}()
	t.handler.ServeHTTP(w, r)
	return nil
}

// serveIsolated calls the handler on a goroutine of its own and waits for
// it or for ctx, whichever ends first; when ctx ends first it returns
// ctx's error and leaves the handler running.
func (t *handlerTransport) serveIsolated(ctx context.Context, w *responseRecorder, r *http.Request) (*handlerPanic, error) {
	type outcome struct {
		p      *handlerPanic
		exited bool
	}
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		// Deferred, so that a handler that ends its goroutine
		// (runtime.Goexit, as t.FailNow does) still reports: serve
		// returns for a panic, and only Goexit skips the assignment.
		o.exited = true
		defer func() { done <- o }()
		o.p = t.serve(w, r)
		o.exited = false
	}()
	select {
	case o := <-done:
		if o.exited {
			return nil, errHandlerGoexit
		}
		return o.p, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// errHandlerGoexit is the error of a load whose isolated handler ended
// its goroutine instead of returning: net/http's server closes the
// connection then, and the client gets no response.
var errHandlerGoexit = errors.New("the handler ended its goroutine with runtime.Goexit (as t.FailNow and t.SkipNow do) before returning: no response")

// handlerPanic is what a handler that panicked left: the value and the
// stack where it panicked.
type handlerPanic struct {
	value any
	stack []byte
}

// serverRequest makes of the client's request the one a net/http server
// would give its handler: the request line's URI, no scheme or host in
// URL, Host from the URL, the client's address, the body as a reader.
func serverRequest(req *http.Request) (*http.Request, error) {
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("reading the request body: %w", err)
		}
		body = b
	}
	// A shallow copy: the session made req for this one call and reads
	// nothing of it afterwards, so the handler may have its header.
	s := req.WithContext(req.Context())
	s.URL = &url.URL{Path: req.URL.Path, RawPath: req.URL.RawPath, RawQuery: req.URL.RawQuery}
	s.RequestURI = req.URL.RequestURI()
	s.Host = req.Host
	if s.Host == "" {
		s.Host = req.URL.Host
	}
	s.Header.Del("Host")
	s.RemoteAddr = remoteAddr
	s.Proto, s.ProtoMajor, s.ProtoMinor = "HTTP/1.1", 1, 1
	s.Close = false
	s.ContentLength = int64(len(body))
	if len(body) > 0 {
		s.Header.Set("Content-Length", strconv.Itoa(len(body)))
		s.Body = io.NopCloser(bytes.NewReader(body))
	} else {
		s.Body = http.NoBody
	}
	s.GetBody = nil
	if req.URL.Scheme == "https" {
		s.TLS = &tls.ConnectionState{HandshakeComplete: true, ServerName: req.URL.Hostname()}
	}
	return s, nil
}

// panicResponse is the 500 response a server gives for a handler that
// panicked, as an HTML page naming the panic.
func panicResponse(req *http.Request, v any) *http.Response {
	body := fmt.Sprintf("<!DOCTYPE html><title>500 Internal Server Error</title><h1>500 Internal Server Error</h1><pre>handler panicked: %s</pre>\n",
		html.EscapeString(fmt.Sprint(v)))
	h := http.Header{}
	h.Set("Content-Type", "text/html; charset=utf-8")
	return &http.Response{
		Status:        "500 Internal Server Error",
		StatusCode:    http.StatusInternalServerError,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        h,
		Body:          io.NopCloser(bytes.NewReader([]byte(body))),
		ContentLength: int64(len(body)),
		Request:       req,
	}
}

// responseRecorder is the http.ResponseWriter handlers write to. It keeps
// up to limit bytes of the body; past them Write fails.
type responseRecorder struct {
	mu     sync.Mutex
	header http.Header
	sent   http.Header // the header as it was when the status was written
	status int
	body   bytes.Buffer
	limit  int64
}

func (w *responseRecorder) Header() http.Header { return w.header }

func (w *responseRecorder) WriteHeader(code int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writeHeader(code)
}

// writeHeader records the status once, as a server sends it once, and
// freezes the header as the server would have sent it.
func (w *responseRecorder) writeHeader(code int) {
	if w.status != 0 {
		return
	}
	if code < 100 || code > 999 {
		// As net/http's server does: a programming error, which the
		// transport recovers as the handler's panic.
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	if code >= 100 && code < 200 {
		// Informational responses (103 Early Hints) precede the real one.
		return
	}
	w.status = code
	w.sent = wireHeader(w.header)
}

// headerNewlineToSpace is what net/http's server does to CR and LF in a
// header value: each becomes a space, so no value can add a header line.
var headerNewlineToSpace = strings.NewReplacer("\r", " ", "\n", " ")

// wireHeader is h as a client receives it from net/http's server: fields
// with invalid names dropped, CR and LF in values turned into spaces,
// spaces and tabs around values trimmed, names in canonical form. The
// session then reads a handler's response in process exactly as it would
// over HTTP (a Location or Set-Cookie with a newline included).
func wireHeader(h http.Header) http.Header {
	out := make(http.Header, len(h))
	// In the order net/http's server writes them (sorted by name), so
	// that "location" and "Location" merge as a client reads them.
	for _, k := range slices.Sorted(maps.Keys(h)) {
		vs := h[k]
		if !httpguts.ValidHeaderFieldName(k) {
			continue
		}
		ck := textproto.CanonicalMIMEHeaderKey(k)
		for _, v := range vs {
			out[ck] = append(out[ck], textproto.TrimString(headerNewlineToSpace.Replace(v)))
		}
	}
	return out
}

func (w *responseRecorder) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.status == 0 {
		// net/http sniffs the type of a body written without one.
		if _, ok := w.header["Content-Type"]; !ok && w.header.Get("Transfer-Encoding") == "" && len(p) > 0 {
			w.header.Set("Content-Type", http.DetectContentType(p))
		}
		w.writeHeader(http.StatusOK)
	}
	if w.status == http.StatusNoContent || w.status == http.StatusNotModified {
		// As net/http's server: these statuses have no body.
		return 0, http.ErrBodyNotAllowed
	}
	room := w.limit - int64(w.body.Len())
	if int64(len(p)) > room {
		w.body.Write(p[:max(room, 0)])
		return int(max(room, 0)), errBodyLimit
	}
	return w.body.Write(p)
}

// Flush lets handlers that stream (http.Flusher) run; the body is
// delivered when the handler returns.
func (w *responseRecorder) Flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.status == 0 {
		w.writeHeader(http.StatusOK)
	}
}

// response is the recorded response, once the handler returned.
func (w *responseRecorder) response(req *http.Request) *http.Response {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.status == 0 {
		w.writeHeader(http.StatusOK)
	}
	// The handler has returned: the recorded bytes are the response's.
	body := w.body.Bytes()
	return &http.Response{
		Status:        strconv.Itoa(w.status) + " " + http.StatusText(w.status),
		StatusCode:    w.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        w.sent,
		Body:          &recordedBody{Reader: bytes.NewReader(body), data: body},
		ContentLength: int64(len(body)),
		Request:       req,
	}
}

// recordedBody is the body of a recorded response, whose bytes the
// session takes without copying them.
type recordedBody struct {
	*bytes.Reader
	data []byte
}

func (*recordedBody) Close() error { return nil }
