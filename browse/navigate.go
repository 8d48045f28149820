package browse

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/weburl"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/http/httpguts"
)

// Download is a resource fetched for a link with a download attribute.
type Download struct {
	// URL is the final URL, after redirects; a password in it is
	// "xxxxx", as in Requests and errors.
	URL *url.URL
	// Name is the download attribute's value, the suggested file name
	// ("" lets the browser choose).
	Name string
	// Status is the response's status code.
	Status int
	// Header is the response's header.
	Header http.Header
	// Body is the response's body.
	Body []byte
}

// Navigate sends req, a navigation a document asked for (a followed link,
// a submitted form), and makes the response the current page with a new
// history entry; the forward entries go. A GET that is no form submission
// (req.Source is not a form) to the URL the page has replaces its entry
// instead, keeping those forward of it, as Chromium does. A request whose Download is set
// is fetched into Downloads instead, and Navigate returns a nil Page.
//
// The error is a *StatusError, *NotHTMLError or *PanicError, with the
// units' errors, along with the page, which becomes current; or, with a
// nil Page and the current page unchanged, an error matching
// ErrBadRequest, ErrTooManyRedirects or ErrTooLarge, or a *RequestError
// (the transport's error, context.DeadlineExceeded after Options.Timeout,
// the context's cancellation).
func (s *Session) Navigate(ctx context.Context, req vdom.NavigationRequest) (*Page, error) {
	if ctx == nil {
		return nil, errkind.Errorf("browse: navigate: %w: nil context", ErrBadRequest)
	}
	r, err := fromNavigation(req)
	if err != nil {
		return nil, err
	}
	if req.Source != nil {
		if doc := req.Source.OwnerDocument(); doc != nil {
			if u, err := url.Parse(doc.URL()); err == nil {
				r.referrer = u
			}
			var header http.Header
			if s.current != nil && s.current.doc == doc {
				header = s.current.header
			}
			r.policy = navigationPolicy(req.Source, header)
		}
	}
	if req.Download {
		return nil, s.download(ctx, r, req.DownloadName)
	}
	return s.load(ctx, r)
}

// fromNavigation checks a navigation request and makes the session's
// request of it.
func fromNavigation(req vdom.NavigationRequest) (request, error) {
	if req.URL == nil {
		return request{}, errkind.Errorf("browse: navigate: %w: nil URL", ErrBadRequest)
	}
	method := strings.ToUpper(req.Method)
	if method == "" {
		method = http.MethodGet
	}
	if method != http.MethodGet && method != http.MethodPost {
		return request{}, errkind.Errorf("browse: navigate %s: %w: method %q is neither GET nor POST", shownURL(req.URL), ErrBadRequest, req.Method)
	}
	if err := checkTarget(req.URL); err != nil {
		return request{}, errkind.Errorf("browse: navigate %s %s: %w", method, shownURL(req.URL), err)
	}
	r := request{method: method, url: cloneURL(req.URL), form: req.Source != nil && req.Source.LocalName() == "form"}
	r.url.Fragment, r.url.RawFragment = linkFragment(req)
	if method == http.MethodPost {
		r.body = bytes.Clone(req.Body)
		if r.body == nil {
			r.body = []byte{}
		}
		r.contentType = req.Header.Get("Content-Type")
		if !httpguts.ValidHeaderFieldValue(r.contentType) {
			// vdom's own requests carry one of the three enctypes; a
			// request made by hand could carry a header line of its own.
			return request{}, errkind.Errorf("browse: navigate %s %s: %w: Content-Type %s has a control character",
				method, shownURL(req.URL), ErrBadRequest, quoteLong(r.contentType))
		}
	}
	return r, nil
}

// linkFragment returns the fragment of the link a GET navigation
// follows. vdom's request carries no fragment, as a request line carries
// none, but the page a browser shows keeps it in its URL (and scrolls to
// it); the link's href, resolved again, gives it back when it still
// names the request's URL.
func linkFragment(req vdom.NavigationRequest) (string, string) {
	n := req.Source
	if n == nil || req.Method != http.MethodGet || (n.LocalName() != "a" && n.LocalName() != "area") {
		return req.URL.Fragment, req.URL.RawFragment
	}
	doc := n.OwnerDocument()
	href, ok := n.GetAttribute("href")
	if doc == nil || !ok {
		return req.URL.Fragment, req.URL.RawFragment
	}
	u, err := weburl.Parse(href, doc.BaseURL())
	if err != nil || withoutFragment(u).String() != withoutFragment(req.URL).String() {
		return req.URL.Fragment, req.URL.RawFragment
	}
	return u.Fragment, u.RawFragment
}

// checkTarget returns an ErrBadRequest error for a URL a session cannot
// load.
func checkTarget(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return errkind.Errorf("%w: %s is not an http or https URL", ErrBadRequest, shownURL(u))
	}
	if u.Host == "" {
		return errkind.Errorf("%w: %s has no host", ErrBadRequest, shownURL(u))
	}
	return nil
}

// Downloads returns the resources fetched for download links, oldest
// first.
func (s *Session) Downloads() []Download {
	out := make([]Download, len(s.downloads))
	for i, d := range s.downloads {
		d.Header = d.Header.Clone()
		d.Body = bytes.Clone(d.Body)
		d.URL = cloneURL(d.URL)
		out[i] = d
	}
	return out
}

// follow is the navigation handler of page p's window: it loads the
// request with the session's context and returns the load's error to the
// call that caused the navigation. Every target navigates the session's
// one window.
func (s *Session) follow(p *Page, nav vdom.NavigationRequest) error {
	if p != s.current {
		// HTML "navigate" runs only for the active document; a left page
		// has none, and its request goes nowhere.
		now := "no page"
		if s.current != nil {
			now = shownURL(s.current.url)
		}
		return errkind.Errorf("browse: %s %s asked for by %s: %w (the current page is %s); find the element again in Session.Document()",
			nav.Method, shownURL(withoutFragment(nav.URL)), shownURL(p.url), ErrInactivePage, now)
	}
	r, err := fromNavigation(nav)
	if err != nil {
		return err
	}
	r.referrer = cloneURL(p.url)
	r.policy = navigationPolicy(nav.Source, p.header)
	if nav.Download {
		return s.download(s.cfg.Context, r, nav.DownloadName)
	}
	_, err = s.load(s.cfg.Context, r)
	return err
}

// download fetches r into the session's downloads.
func (s *Session) download(ctx context.Context, r request, name string) error {
	resp, err := s.fetch(ctx, r)
	if err != nil {
		return err
	}
	s.downloads = append(s.downloads, Download{
		URL: redactURL(resp.req.url), Name: name, Status: resp.status, Header: resp.header, Body: resp.body,
	})
	if resp.panicErr != nil {
		return resp.panicErr
	}
	if resp.status >= 400 {
		return &StatusError{Method: resp.req.method, URL: redactURL(withoutFragment(resp.req.url)), Status: resp.status}
	}
	return nil
}
