package browse

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// maxNestedLoads bounds loads started while another is loading (a unit
// that submits a form when it starts, on a page that does the same): a
// browser would keep navigating; a session returns an error instead of
// recursing without end.
const maxNestedLoads = 32

// Session is one browser window with its history, cookies and the record
// of the requests it sent. A Session is not safe for concurrent use: like
// the documents it loads, it belongs to one goroutine at a time.
type Session struct {
	cfg       *config
	current   *Page
	history   []entry
	index     int
	downloads []Download
	requests  []RequestRecord
	depth     int
}

// entry is one history entry: the request that loaded it, to re-send.
type entry struct {
	req request
}

// HistoryEntry is one entry of a session's history.
type HistoryEntry struct {
	// Method is "GET", or "POST" for a page that answered a POST without
	// redirecting to a GET.
	Method string
	// URL is the page's final URL, with its fragment.
	URL string
}

// RequestRecord is one request a session sent.
type RequestRecord struct {
	Method string
	// URL is the request's URL, without fragment and password.
	URL string
	// Status is the response's status code, 0 when there was no
	// response (a transport error, a timeout, a cancelled context).
	Status int
}

// Download is a resource fetched for a link with a download attribute.
type Download struct {
	// URL is the final URL, after redirects.
	URL string
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

// New returns a session with opts, or an error matching ErrBadOptions that
// names the field at fault.
func New(opts Options) (*Session, error) {
	cfg, err := check(opts)
	if err != nil {
		return nil, err
	}
	return &Session{cfg: cfg, index: -1}, nil
}

// Open loads the page at rawURL, resolved against Options.BaseURL, with a
// GET, and makes it the current page with a new history entry. See
// Navigate for the errors.
func (s *Session) Open(ctx context.Context, rawURL string) (*Page, error) {
	if ctx == nil {
		return nil, errkind.Errorf("browse: open %q: %w: nil context", rawURL, ErrBadRequest)
	}
	u, err := s.cfg.base.Parse(rawURL)
	if err != nil {
		return nil, errkind.Errorf("browse: open %q: %w: the URL does not parse: %v", rawURL, ErrBadRequest, err)
	}
	if err := checkTarget(u); err != nil {
		return nil, errkind.Errorf("browse: open %q: %w", rawURL, err)
	}
	return s.load(ctx, request{method: http.MethodGet, url: u})
}

// Navigate sends req, a navigation a document asked for (a followed link,
// a submitted form), and makes the response the current page with a new
// history entry; the forward entries go. A request whose Download is set
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
		return request{}, errkind.Errorf("browse: navigate %s: %w: method %q is neither GET nor POST", redactURL(req.URL), ErrBadRequest, req.Method)
	}
	if err := checkTarget(req.URL); err != nil {
		return request{}, errkind.Errorf("browse: navigate %s %s: %w", method, redactURL(req.URL), err)
	}
	r := request{method: method, url: cloneURL(req.URL)}
	r.url.Fragment, r.url.RawFragment = linkFragment(req)
	if method == http.MethodPost {
		r.body = bytes.Clone(req.Body)
		if r.body == nil {
			r.body = []byte{}
		}
		r.contentType = req.Header.Get("Content-Type")
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
	u, err := doc.BaseURL().Parse(strings.TrimSpace(href))
	if err != nil || withoutFragment(u).String() != withoutFragment(req.URL).String() {
		return req.URL.Fragment, req.URL.RawFragment
	}
	return u.Fragment, u.RawFragment
}

// checkTarget returns an ErrBadRequest error for a URL a session cannot
// load.
func checkTarget(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return errkind.Errorf("%w: %s is not an http or https URL", ErrBadRequest, redactURL(u))
	}
	if u.Host == "" {
		return errkind.Errorf("%w: %s has no host", ErrBadRequest, redactURL(u))
	}
	return nil
}

// Page returns the current page, nil before the first load.
func (s *Session) Page() *Page { return s.current }

// Document returns the current page's document, nil before the first
// load.
func (s *Session) Document() *vdom.Document {
	if s.current == nil {
		return nil
	}
	return s.current.doc
}

// Back loads the previous history entry again, re-sending its request (a
// POST with its body, as a browser without a back-forward cache whose user
// confirms the resubmission). At the first entry it returns an error
// matching ErrNoHistory. When the load fails without a page the current
// entry does not change.
func (s *Session) Back(ctx context.Context) (*Page, error) {
	if s.index <= 0 {
		return nil, errkind.Errorf("browse: back: %w: at the first entry", ErrNoHistory)
	}
	return s.traverse(ctx, s.index-1)
}

// Forward loads the next history entry again, as Back does. At the last
// entry it returns an error matching ErrNoHistory.
func (s *Session) Forward(ctx context.Context) (*Page, error) {
	if s.index+1 >= len(s.history) {
		return nil, errkind.Errorf("browse: forward: %w: at the last entry", ErrNoHistory)
	}
	return s.traverse(ctx, s.index+1)
}

// Reload loads the current history entry again, as Back does. Before the
// first load it returns an error matching ErrNoHistory.
func (s *Session) Reload(ctx context.Context) (*Page, error) {
	if s.index < 0 {
		return nil, errkind.Errorf("browse: reload: %w: no page loaded", ErrNoHistory)
	}
	return s.traverse(ctx, s.index)
}

// traverse re-sends the request of history entry i and makes it current.
func (s *Session) traverse(ctx context.Context, i int) (*Page, error) {
	if ctx == nil {
		return nil, errkind.Errorf("browse: history: %w: nil context", ErrBadRequest)
	}
	if err := s.enter(s.history[i].req); err != nil {
		return nil, err
	}
	defer s.leave()
	p, err := s.fetchPage(ctx, s.history[i].req)
	if p == nil {
		return nil, err
	}
	s.history[i].req = pageRequest(p, s.history[i].req)
	s.index = i
	return s.show(ctx, p, err)
}

// History returns the session's history entries, oldest first.
func (s *Session) History() []HistoryEntry {
	out := make([]HistoryEntry, len(s.history))
	for i, e := range s.history {
		out[i] = HistoryEntry{Method: e.req.method, URL: e.req.url.String()}
	}
	return out
}

// HistoryIndex returns the index of the current entry in History, -1
// before the first load.
func (s *Session) HistoryIndex() int { return s.index }

// Cookies returns the cookies the jar would send to rawURL, resolved
// against Options.BaseURL.
func (s *Session) Cookies(rawURL string) ([]*http.Cookie, error) {
	u, err := s.cfg.base.Parse(rawURL)
	if err != nil {
		return nil, errkind.Errorf("browse: cookies for %q: %w: the URL does not parse: %v", rawURL, ErrBadRequest, err)
	}
	if err := checkTarget(u); err != nil {
		return nil, errkind.Errorf("browse: cookies for %q: %w", rawURL, err)
	}
	return s.cfg.Jar.Cookies(u), nil
}

// Jar returns the session's cookie jar.
func (s *Session) Jar() http.CookieJar { return s.cfg.Jar }

// Downloads returns the resources fetched for download links, oldest
// first.
func (s *Session) Downloads() []Download {
	out := make([]Download, len(s.downloads))
	for i, d := range s.downloads {
		d.Header = d.Header.Clone()
		d.Body = bytes.Clone(d.Body)
		out[i] = d
	}
	return out
}

// Requests returns every request the session sent, oldest first, each
// redirect hop its own.
func (s *Session) Requests() []RequestRecord { return slices.Clone(s.requests) }

// load fetches req and makes the page current with a new history entry.
func (s *Session) load(ctx context.Context, req request) (*Page, error) {
	if err := s.enter(req); err != nil {
		return nil, err
	}
	defer s.leave()
	p, err := s.fetchPage(ctx, req)
	if p == nil {
		return nil, err
	}
	s.history = append(s.history[:s.index+1], entry{req: pageRequest(p, req)})
	s.index = len(s.history) - 1
	return s.show(ctx, p, err)
}

// pageRequest is the request that loads p again: its final method and
// URL, with the body of the original request if it is still a POST.
func pageRequest(p *Page, orig request) request {
	r := request{method: p.method, url: cloneURL(p.url), referrer: orig.referrer}
	if p.method == orig.method {
		r.body, r.contentType = orig.body, orig.contentType
	}
	return r
}

// show makes p the current page and attaches the units, whose errors are
// joined to err. The page is current before its units start, so a unit
// that navigates at once leaves its own page current.
func (s *Session) show(ctx context.Context, p *Page, err error) (*Page, error) {
	s.current = p
	if s.cfg.Definitions != nil && p.doc != nil {
		if uerr := unit.Attach(ctx, p.doc, s.cfg.Definitions); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}
	p.err = err
	return p, err
}

// enter counts a load that starts while others run (a unit that
// navigates when its page loads): past maxNestedLoads it returns an error.
// The caller calls leave when its load, units included, is done.
func (s *Session) enter(req request) error {
	if s.depth >= maxNestedLoads {
		return errkind.Errorf("browse: %s %s: %w: more than %d loads started while loading", req.method, redactURL(req.url), ErrBadRequest, maxNestedLoads)
	}
	s.depth++
	return nil
}

func (s *Session) leave() { s.depth-- }

// fetchPage fetches req and makes a page of the response, with the error
// the page reports (status, not HTML, panic). It returns a nil page for
// the errors that leave no page.
func (s *Session) fetchPage(ctx context.Context, req request) (*Page, error) {
	resp, err := s.fetch(ctx, req)
	if err != nil {
		return nil, err
	}
	return s.makePage(resp)
}

// makePage parses the response into a page.
func (s *Session) makePage(resp *response) (*Page, error) {
	u := resp.req.url
	p := &Page{
		url:       cloneURL(u),
		method:    resp.req.method,
		status:    resp.status,
		header:    resp.header,
		body:      resp.body,
		redirects: resp.redirects,
	}
	p.contentType = resp.header.Get("Content-Type")
	if p.contentType == "" {
		p.contentType = http.DetectContentType(resp.body)
	}
	target := redactURL(withoutFragment(u))
	var errs []error
	switch {
	case resp.panicErr != nil:
		errs = append(errs, resp.panicErr)
	case resp.status >= 400:
		errs = append(errs, &StatusError{Method: p.method, URL: target, Status: resp.status})
	}
	k, charset := mediaKind(p.contentType)
	var doc *vdom.Document
	var err error
	switch k {
	case kindHTML:
		doc, err = vdom.Parse(bytes.NewReader(resp.body), s.parseOptions(u, p.contentType, true)...)
	case kindText:
		errs = append(errs, &NotHTMLError{Method: p.method, URL: target, ContentType: p.contentType})
		doc, err = vdom.Parse(strings.NewReader(textDocumentHTML), s.parseOptions(u, "", false)...)
		if err == nil {
			if pre, _ := doc.QuerySelector("pre"); pre != nil {
				pre.SetTextContent(decodeText(resp.body, charset))
			}
		}
	default:
		errs = append(errs, &NotHTMLError{Method: p.method, URL: target, ContentType: p.contentType})
		doc, err = vdom.Parse(strings.NewReader(""), s.parseOptions(u, "", false)...)
	}
	if err != nil {
		return nil, errkind.Errorf("browse: %s %s: %w", p.method, target, err)
	}
	p.doc = doc
	if w := doc.Window(); w != nil {
		w.SetNavigationHandler(func(req vdom.NavigationRequest) error {
			return s.follow(p, req)
		})
	}
	return p, errors.Join(errs...)
}

// follow is the navigation handler of page p's window: it loads the
// request with the session's context and returns the load's error to the
// call that caused the navigation. Every target navigates the session's
// one window.
func (s *Session) follow(p *Page, nav vdom.NavigationRequest) error {
	r, err := fromNavigation(nav)
	if err != nil {
		return err
	}
	r.referrer = cloneURL(p.url)
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
		URL: resp.req.url.String(), Name: name, Status: resp.status, Header: resp.header, Body: resp.body,
	})
	if resp.panicErr != nil {
		return resp.panicErr
	}
	if resp.status >= 400 {
		return &StatusError{Method: resp.req.method, URL: redactURL(withoutFragment(resp.req.url)), Status: resp.status}
	}
	return nil
}
