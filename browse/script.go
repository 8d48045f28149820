package browse

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/weburl"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/http/httpguts"
)

// FetchRequest is a request a page's script sends, as fetch and
// XMLHttpRequest send them: any method, header fields of its own, a body.
type FetchRequest struct {
	// Method is the request's method ("" is GET). It must be an HTTP
	// token other than CONNECT, TRACE and TRACK, which Fetch forbids;
	// GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS are sent in upper
	// case whatever their case, as Fetch normalizes them.
	Method string
	// URL is resolved against the document's base URL.
	URL string
	// Header holds the request's own fields (Content-Type among them).
	// The session adds Options.Header, Accept (*/* when the request has
	// none), Referer, Origin (for methods other than GET and HEAD) and
	// the jar's cookies.
	Header http.Header
	// Body is the request's body, nil for none.
	Body []byte
}

// FetchResponse is the final response to a FetchRequest, after the
// redirects the session followed.
type FetchResponse struct {
	// URL is the final URL, after redirects, without fragment.
	URL *url.URL
	// Redirected reports that the session followed at least one
	// redirect.
	Redirected bool
	// Status is the response's status code.
	Status int
	// Header is the response's header.
	Header http.Header
	// Body is the response's body.
	Body []byte
}

// Fetch sends req as the page's script would, with Options.Context:
// through the session (its cookies, Options.Header, redirects followed
// as Fetch follows them: 301 and 302 turn a POST into a GET, 303 turns
// anything but GET and HEAD into a GET, 307 and 308 keep method and
// body), recorded in Requests with Fetch set. It neither loads a page nor
// changes the history. Any status is a response, not an error; a handler
// that panicked gives its 500 response and a *PanicError.
//
// A page the session has left cannot send (ErrInactivePage); a method
// or header Fetch forbids or net/http cannot send, and a URL that does
// not parse or is not http or https, are ErrBadRequest errors; the other
// errors are those of Navigate that leave no page (*RequestError,
// *RedirectError, *TooLargeError, ErrOtherHost).
func (p *Page) Fetch(req FetchRequest) (*FetchResponse, error) {
	s := p.sess
	if err := p.checkActive("fetch", req.Method, req.URL); err != nil {
		return nil, err
	}
	r, err := p.scriptRequest(req)
	if err != nil {
		return nil, err
	}
	resp, err := s.fetch(s.cfg.Context, r)
	if err != nil {
		return nil, err
	}
	out := &FetchResponse{
		URL:        redactURL(withoutFragment(resp.req.url)),
		Redirected: len(resp.redirects) > 0,
		Status:     resp.status,
		Header:     resp.header,
		Body:       resp.body,
	}
	if resp.panicErr != nil {
		return out, resp.panicErr
	}
	return out, nil
}

// Navigate navigates the session's window as the page's script does by
// setting location.href or calling location.assign: it loads nav as a
// followed link would, with Options.Context, and returns the load's
// error (see Session.Navigate). A page the session has left cannot
// navigate (ErrInactivePage).
func (p *Page) Navigate(nav vdom.NavigationRequest) error {
	if nav.URL == nil {
		return errkind.Errorf("browse: navigate: %w: nil URL", ErrBadRequest)
	}
	return p.sess.follow(p, nav)
}

// Reload loads the current history entry again, as the page's script does
// by calling location.reload, with Options.Context (see Session.Reload).
// A page the session has left cannot reload (ErrInactivePage).
func (p *Page) Reload() error {
	if err := p.checkActive("reload", "", ""); err != nil {
		return err
	}
	_, err := p.sess.Reload(p.sess.cfg.Context)
	return err
}

// checkActive refuses what a page the session has left asks for.
func (p *Page) checkActive(what, method, rawURL string) error {
	s := p.sess
	if s == nil || s.current == p {
		return nil
	}
	now := "no page"
	if s.current != nil {
		now = shownURL(s.current.url)
	}
	return errkind.Errorf("browse: %s %s %s asked for by %s: %w (the current page is %s)",
		what, method, quoteLong(rawURL), shownURL(p.url), ErrInactivePage, now)
}

// forbiddenMethods are the methods Fetch refuses (Fetch §2.2.1).
var forbiddenMethods = map[string]bool{"CONNECT": true, "TRACE": true, "TRACK": true}

// normalizedMethods are the methods Fetch sends in upper case.
var normalizedMethods = map[string]bool{"DELETE": true, "GET": true, "HEAD": true, "OPTIONS": true, "PATCH": true, "POST": true, "PUT": true}

// scriptRequest checks req and makes the session's request of it.
func (p *Page) scriptRequest(req FetchRequest) (request, error) {
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	if !httpguts.ValidHeaderFieldName(method) {
		return request{}, errkind.Errorf("browse: fetch %s: %w: method %s is not an HTTP token", quoteLong(req.URL), ErrBadRequest, quoteLong(method))
	}
	if up := strings.ToUpper(method); normalizedMethods[up] {
		method = up
	} else if forbiddenMethods[up] {
		return request{}, errkind.Errorf("browse: fetch %s: %w: method %s is forbidden", quoteLong(req.URL), ErrBadRequest, method)
	}
	base := p.url
	if p.doc != nil {
		base = p.doc.BaseURL()
	}
	u, err := weburl.Parse(req.URL, base)
	if err != nil {
		return request{}, errkind.Errorf("browse: fetch %s %s: %w: the URL does not parse: %v", method, quoteLong(req.URL), ErrBadRequest, err)
	}
	if err := checkTarget(u); err != nil {
		return request{}, errkind.Errorf("browse: fetch %s %s: %w", method, quoteLong(req.URL), err)
	}
	if err := checkHeader(req.Header); err != nil {
		return request{}, errkind.Errorf("browse: fetch %s %s: %w: %v", method, shownURL(u), ErrBadRequest, err)
	}
	r := request{method: method, url: withoutFragment(u), referrer: cloneURL(p.url), script: true, header: req.Header.Clone()}
	if p.doc != nil {
		r.policy = documentPolicy(p.doc, p.header)
	}
	if ct := r.header.Get("Content-Type"); ct != "" {
		r.contentType = ct
		r.header.Del("Content-Type")
	}
	if req.Body != nil {
		r.body = bytes.Clone(req.Body)
	}
	return r, nil
}
