package browse

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/weburl"
)

// request is one request a load starts with, or a history entry re-sends.
type request struct {
	method string
	// url is absolute; its fragment is kept for the document's URL and
	// never sent.
	url *url.URL
	// contentType and body are those of a POST.
	contentType string
	body        []byte
	// referrer is the URL of the page that asked, nil for none.
	referrer *url.URL
	// policy is the request's referrer policy, "" for the default
	// (strict-origin-when-cross-origin).
	policy string
	// script marks a request a page's script sends (Page.Fetch), with
	// its own header fields; a navigation has none.
	script bool
	header http.Header
	// style marks the request of a style sheet a page links or imports
	// (stylesheets.go).
	style bool
	// maxBody is the longest body read, when less than
	// Options.MaxBodyBytes (a style sheet's limit); 0 for that.
	maxBody int64
	// form marks a form submission, which never replaces the current
	// history entry.
	form bool
}

// response is the final response of a load, its body read.
type response struct {
	req       request // the last request sent, after redirects
	status    int
	header    http.Header
	body      []byte
	redirects []*url.URL
	panicErr  *PanicError
}

// acceptHTML is the Accept header Chromium 156 sends for a navigation.
const acceptHTML = "text/html,application/xhtml+xml,application/xml;q=0.9,image/jxl,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"

// acceptCSS is the Accept header Chromium sends for a style sheet.
const acceptCSS = "text/css,*/*;q=0.1"

// fetch sends req and follows its redirects, within the session's
// timeout. Every request sent is recorded; the cookies of every response
// go to the jar.
func (s *Session) fetch(ctx context.Context, req request) (*response, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	first := req
	var redirects []*url.URL
	chain := []*url.URL{redactURL(withoutFragment(req.url))}
	if err := s.checkHost(req.url); err != nil {
		return nil, errkind.Errorf("browse: %s %s: %w", req.method, shownURL(withoutFragment(req.url)), err)
	}
	for {
		resp, err := s.send(ctx, req)
		if err != nil {
			return nil, err
		}
		next, ok, err := redirectTarget(req, resp)
		if err != nil {
			return nil, err
		}
		if !ok {
			resp.redirects = redirects
			return resp, nil
		}
		if err := s.checkHost(next.url); err != nil {
			return nil, errkind.Errorf("browse: %s %s: status %d redirects to %s: %w",
				req.method, shownURL(withoutFragment(req.url)), resp.status, shownURL(withoutFragment(next.url)), err)
		}
		redirects = append(redirects, cloneURL(req.url))
		chain = append(chain, redactURL(withoutFragment(next.url)))
		if len(redirects) > s.cfg.MaxRedirects {
			return nil, &RedirectError{Method: first.method, Chain: chain, Limit: s.cfg.MaxRedirects}
		}
		req = next
	}
}

// checkHost returns an ErrOtherHost error for a URL whose host is not
// the base URL's, under Options.StayOnHost.
func (s *Session) checkHost(u *url.URL) error {
	b := s.cfg.base
	if !s.cfg.StayOnHost || (strings.EqualFold(u.Hostname(), b.Hostname()) && explicitPort(u) == explicitPort(b)) {
		return nil
	}
	return errkind.Errorf("%w: %s is not %s (Options.StayOnHost)", ErrOtherHost, cut(u.Host), s.cfg.base.Host)
}

// send sends one request and reads its response.
func (s *Session) send(ctx context.Context, req request) (*response, error) {
	target := withoutFragment(req.url)
	var slot *PanicError
	var body io.Reader
	if req.body != nil {
		body = bytes.NewReader(req.body)
	}
	hreq, err := http.NewRequestWithContext(withPanicSlot(ctx, &slot), req.method, target.String(), body)
	if err != nil {
		return nil, errkind.Errorf("browse: %s %s: %w: %v", req.method, shownURL(target), ErrBadRequest, err)
	}
	hreq.Header = s.cfg.Header.Clone()
	for k, vs := range req.header {
		hreq.Header[k] = append([]string(nil), vs...)
	}
	if _, ok := hreq.Header["Accept"]; !ok {
		switch {
		case req.script:
			// Fetch §4.1 step 1.6: a script's request without Accept
			// gets */*.
			hreq.Header.Set("Accept", "*/*")
		case req.style:
			hreq.Header.Set("Accept", acceptCSS)
		default:
			hreq.Header.Set("Accept", acceptHTML)
		}
	}
	if req.contentType != "" {
		hreq.Header.Set("Content-Type", req.contentType)
	}
	if ref := referrerFor(req.referrer, target, req.policy); ref != "" {
		hreq.Header.Set("Referer", ref)
	}
	// Fetch §3.1.6 "append a request Origin header": a navigation's POST,
	// and a script's request with any method but GET and HEAD.
	if req.method == http.MethodPost || (req.script && req.method != http.MethodGet && req.method != http.MethodHead) {
		hreq.Header.Set("Origin", originFor(req.referrer, target, req.policy))
	}
	for _, c := range s.cfg.Jar.Cookies(target) {
		hreq.AddCookie(c)
	}
	if u := target.User; u != nil && hreq.Header.Get("Authorization") == "" {
		// As http.Client does: the URL's credentials are Basic auth.
		password, _ := u.Password()
		hreq.SetBasicAuth(u.Username(), password)
	}
	if s.cfg.clientTimeout > 0 {
		rctx, cancel := context.WithTimeout(hreq.Context(), s.cfg.clientTimeout)
		defer cancel()
		hreq = hreq.WithContext(rctx)
	}
	rec := RequestRecord{Method: req.method, URL: redactURL(target), Fetch: req.script, StyleSheet: req.style}
	hresp, err := s.cfg.transport.RoundTrip(hreq)
	if err != nil {
		s.requests = append(s.requests, rec)
		if ctxErr := hreq.Context().Err(); ctxErr != nil && !errors.Is(err, ctxErr) {
			err = errors.Join(ctxErr, err)
		}
		return nil, &RequestError{Method: req.method, URL: redactURL(target), Err: err}
	}
	defer hresp.Body.Close()
	rec.Status = hresp.StatusCode
	s.requests = append(s.requests, rec)
	if cs := storableCookies(target, hresp.Cookies()); len(cs) > 0 {
		s.cfg.Jar.SetCookies(target, cs)
	}
	limit := s.cfg.MaxBodyBytes
	if req.maxBody > 0 && req.maxBody < limit {
		limit = req.maxBody
	}
	data, err := readBody(hresp, limit)
	if err != nil {
		return nil, &RequestError{Method: req.method, URL: redactURL(target), Err: err}
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Method: req.method, URL: redactURL(target), Limit: limit}
	}
	return &response{req: req, status: hresp.StatusCode, header: hresp.Header, body: data, panicErr: slot}, nil
}

// readBody reads up to limit+1 bytes of resp's body: more than limit
// says the body is too large.
func readBody(resp *http.Response, limit int64) ([]byte, error) {
	if rb, ok := resp.Body.(*recordedBody); ok {
		return rb.data, nil
	}
	if n := resp.ContentLength; n >= 0 && n <= limit {
		// Read one byte more than announced, to see a body longer than
		// its Content-Length says (which the transport reports as an
		// error anyway).
		buf := bytes.NewBuffer(make([]byte, 0, n+1))
		_, err := buf.ReadFrom(io.LimitReader(resp.Body, limit+1))
		return buf.Bytes(), err
	}
	return io.ReadAll(io.LimitReader(resp.Body, limit+1))
}

// redirectTarget returns the request a redirect response asks for (HTML
// and Fetch "HTTP-redirect fetch"), or false when resp is no redirect: a
// 3xx other than 301, 302, 303, 307 and 308, or one without Location,
// is the page.
func redirectTarget(req request, resp *response) (request, bool, error) {
	switch resp.status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
	default:
		return request{}, false, nil
	}
	loc, err := locationOf(req, resp)
	if err != nil || loc == "" {
		return request{}, false, err
	}
	target := withoutFragment(req.url)
	// Fetch §4.4 step 7: the Location is parsed with the URL parser,
	// relative to the request's URL: the parser links use, so that a
	// redirect goes where the same href would.
	u, err := weburl.Parse(loc, target)
	if err != nil {
		why := err.Error()
		if we, ok := err.(*weburl.Error); ok {
			why = we.Why
		}
		return request{}, false, errkind.Errorf("browse: %s %s: %w: status %d Location %s does not parse: it %s",
			req.method, shownURL(target), ErrBadRequest, resp.status, quoteLong(loc), why)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return request{}, false, errkind.Errorf("browse: %s %s: %w: status %d Location %s is not http or https",
			req.method, shownURL(target), ErrBadRequest, resp.status, quoteLong(loc))
	}
	// Fetch §4.4 step 11: a Location without a fragment keeps the
	// request's.
	if u.Fragment == "" && u.RawFragment == "" && !hasEmptyFragment(loc) {
		u.Fragment, u.RawFragment = req.url.Fragment, req.url.RawFragment
	}
	// The next hop is the same request at the new URL; what the status
	// changes follows.
	next := req
	next.url = u
	// Fetch §4.4 step 14: a Referrer-Policy of the redirect response
	// becomes the request's.
	if p := headerPolicy(resp.header); p != "" {
		next.policy = p
	}
	// Fetch §4.4 step 12: 301 and 302 turn POST into GET, 303 turns
	// everything but HEAD into GET, dropping the body.
	if ((resp.status == http.StatusMovedPermanently || resp.status == http.StatusFound) && req.method == http.MethodPost) ||
		(resp.status == http.StatusSeeOther && req.method != http.MethodGet && req.method != http.MethodHead) {
		next.method, next.contentType, next.body = http.MethodGet, "", nil
		// Fetch §4.4 step 12.2: the request-body-header names go with
		// the body.
		if next.header != nil {
			next.header = next.header.Clone()
			for _, name := range []string{"Content-Encoding", "Content-Language", "Content-Location", "Content-Type"} {
				next.header.Del(name)
			}
		}
	}
	return next, true, nil
}

// locationOf returns the Location of a redirect response, "" for none:
// the header's value with the spaces and tabs around it trimmed, as an
// HTTP client reads a header line, so an empty or blank Location is no
// redirect (Chromium shows the response). Two Location headers that
// differ are an ErrBadRequest error, as Chromium refuses them
// (ERR_RESPONSE_HEADERS_MULTIPLE_LOCATION).
func locationOf(req request, resp *response) (string, error) {
	vs := resp.header.Values("Location")
	if len(vs) == 0 {
		return "", nil
	}
	loc := strings.Trim(vs[0], " \t")
	for _, v := range vs[1:] {
		if strings.Trim(v, " \t") != loc {
			return "", errkind.Errorf("browse: %s %s: %w: status %d has %d different Location headers, %s and %s",
				req.method, shownURL(withoutFragment(req.url)), ErrBadRequest, resp.status, len(vs), quoteLong(loc), quoteLong(v))
		}
	}
	return loc, nil
}

// hasEmptyFragment reports a URL ending in "#", whose fragment is empty
// but present; trailing C0 controls and spaces do not count, as the URL
// parser strips them.
func hasEmptyFragment(raw string) bool {
	raw = strings.TrimRightFunc(raw, func(r rune) bool { return r <= ' ' })
	return strings.HasSuffix(raw, "#")
}

// withoutFragment returns a copy of u without its fragment.
func withoutFragment(u *url.URL) *url.URL {
	v := *u
	v.Fragment, v.RawFragment = "", ""
	return &v
}

// cloneURL returns a copy of u.
func cloneURL(u *url.URL) *url.URL {
	if u == nil {
		return nil
	}
	v := *u
	if u.User != nil {
		ui := *u.User
		v.User = &ui
	}
	return &v
}

// originOf serializes u's origin: scheme://host[:port], the default port
// omitted.
func originOf(u *url.URL) string {
	host := u.Hostname()
	if port := u.Port(); port != "" && port != defaultPort(u.Scheme) {
		return u.Scheme + "://" + net.JoinHostPort(host, port)
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return u.Scheme + "://" + host
}

// sameOrigin reports whether a and b have the same scheme, host and port.
func sameOrigin(a, b *url.URL) bool {
	return a.Scheme == b.Scheme && a.Hostname() == b.Hostname() && effectivePort(a) == effectivePort(b)
}

// explicitPort is u's port, "" when none is written or it is the
// scheme's default: http://h/, http://h:80/ and https://h/ share a host.
func explicitPort(u *url.URL) string {
	if p := u.Port(); p != defaultPort(u.Scheme) {
		return p
	}
	return ""
}

// effectivePort is u's port, or its scheme's default.
func effectivePort(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	return defaultPort(u.Scheme)
}

// defaultPort is the default port of http and https.
func defaultPort(scheme string) string {
	switch scheme {
	case "http":
		return "80"
	case "https":
		return "443"
	}
	return ""
}
