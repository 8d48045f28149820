package browse

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/weburl"
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
	// storage holds the sessionStorage areas by origin
	// (Page.SessionStorage).
	storage map[string]*Storage
	// sheets is the memory cache of the style sheets pages linked.
	sheets sheetCache
}

// RequestRecord is one request a session sent.
type RequestRecord struct {
	// Method is the request's method: "GET" or "POST" for navigations,
	// any method for Page.Fetch.
	Method string
	// URL is the request's URL, without fragment; a password in it is
	// "xxxxx".
	URL *url.URL
	// Status is the response's status code, 0 when there was no
	// response (a transport error, a timeout, a cancelled context).
	Status int
	// Fetch reports a request a page's script sent (Page.Fetch), not a
	// navigation.
	Fetch bool
	// StyleSheet reports the request of a style sheet a page linked or
	// imported (Page.StyleSheetErrors).
	StyleSheet bool
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
// GET, and makes it the current page with a new history entry, or, for
// the URL the current page has, in place of its entry (as Chromium does
// for a URL typed in its address bar). See Navigate for the errors. A URL
// that differs from the current page's only in its fragment, and has one,
// is a navigation within the page, as in a browser: nothing is sent, the
// document takes the URL (popstate, hashchange, the target focused when it
// can be) and a new entry is added; Open returns the current page and the
// listeners' error.
func (s *Session) Open(ctx context.Context, rawURL string) (*Page, error) {
	if ctx == nil {
		return nil, errkind.Errorf("browse: open %q: %w: nil context", rawURL, ErrBadRequest)
	}
	u, err := s.resolve(rawURL)
	if err != nil {
		return nil, errkind.Errorf("browse: open %q: %w", rawURL, err)
	}
	if p := s.current; p != nil && p.doc.Window() != nil && strings.Contains(rawURL, "#") &&
		withoutFragment(u).String() == withoutFragment(p.url).String() {
		// HTML "navigate" step 15: the document's URL with another
		// fragment (or the same one) is a navigation to a fragment of
		// it, which sends nothing.
		raw := u.String()
		if u.Fragment == "" && u.RawFragment == "" {
			raw += "#"
		}
		return p, p.doc.Window().NavigateToFragment(raw)
	}
	return s.load(ctx, request{method: http.MethodGet, url: u})
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

// Cookies returns the cookies the jar would send to rawURL, resolved
// against Options.BaseURL.
func (s *Session) Cookies(rawURL string) ([]*http.Cookie, error) {
	u, err := s.resolve(rawURL)
	if err != nil {
		return nil, errkind.Errorf("browse: cookies for %q: %w", rawURL, err)
	}
	return s.cfg.Jar.Cookies(u), nil
}

// resolve parses rawURL against Options.BaseURL and checks that a
// session can load it.
func (s *Session) resolve(rawURL string) (*url.URL, error) {
	// The URL parser of links and redirects, so that Open("//host/x")
	// goes where a link with that href goes.
	u, err := weburl.Parse(rawURL, s.cfg.base)
	if err != nil {
		if s.cfg.base == nil {
			if _, rerr := weburl.Parse(rawURL, &url.URL{Scheme: "http", Host: "relative.invalid", Path: "/"}); rerr == nil {
				return nil, errkind.Errorf("%w: a relative URL, and Options.BaseURL is not set", ErrBadRequest)
			}
		}
		return nil, errkind.Errorf("%w: the URL does not parse: %v", ErrBadRequest, err)
	}
	if err := checkTarget(u); err != nil {
		return nil, err
	}
	return u, nil
}

// Jar returns the session's cookie jar.
func (s *Session) Jar() http.CookieJar { return s.cfg.Jar }

// Requests returns every request the session sent, oldest first, each
// redirect hop its own.
func (s *Session) Requests() []RequestRecord {
	out := slices.Clone(s.requests)
	for i := range out {
		out[i].URL = cloneURL(out[i].URL)
	}
	return out
}

// load fetches req and makes the page current with a new history entry.
func (s *Session) load(ctx context.Context, req request) (*Page, error) {
	if err := s.enter(req); err != nil {
		return nil, err
	}
	defer s.leave()
	replace := s.replaces(req)
	p, err := s.fetchPage(ctx, req)
	if p == nil {
		return nil, err
	}
	s.leaveDocument()
	e := entry{req: pageRequest(p, req), url: p.doc.URL(), doc: &docState{page: p}}
	if replace {
		s.history[s.index] = e
	} else {
		s.history = append(s.history[:s.index+1], e)
		s.index = len(s.history) - 1
	}
	return s.show(ctx, p, err, true)
}

// replaces reports whether loading req replaces the current entry instead
// of adding one: HTML's "navigate" step 14 makes a navigation to the URL
// the document has (fragment included) replace its entry, and Chromium 148
// does so for links and Open, but not for form submissions, which add an
// entry (testdata/chromium/history.json).
func (s *Session) replaces(req request) bool {
	return s.current != nil && req.method == http.MethodGet && !req.form && req.url.String() == s.current.doc.URL()
}

// show makes p the current page, attaches the units and runs the page
// hooks, whose errors are joined to err. The page is current before its
// units start, so a unit that navigates at once leaves its own page
// current. For a page a navigation loaded (scroll), the element its URL's
// fragment indicates is then revealed and focused, as a browser does once
// the page is parsed and its scripts have run.
func (s *Session) show(ctx context.Context, p *Page, err error, scroll bool) (*Page, error) {
	s.current = p
	if p.doc != nil {
		// The page's sheets load now, with the load's context, so that
		// their failures are known when the load returns
		// (Page.StyleSheetErrors) and the units start on a styled page.
		// A context that ends leaves the sheets not loaded yet without
		// sheets: the page is there all the same.
		_ = p.doc.LoadStyleSheets(ctx)
	}
	if s.cfg.Definitions != nil && p.doc != nil {
		if uerr := unit.Attach(ctx, p.doc, s.cfg.Definitions); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}
	for _, hook := range s.cfg.PageHooks {
		if p.doc == nil || s.current != p {
			// A unit or an earlier hook navigated away: the hooks run on
			// the page that is current now, which its own load showed.
			break
		}
		if herr := hook(ctx, s, p); herr != nil {
			err = errors.Join(err, herr)
		}
	}
	if scroll && p.doc != nil && s.current == p {
		if w := p.doc.Window(); w != nil {
			err = errors.Join(err, w.ScrollToFragment())
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
		return errkind.Errorf("browse: %s %s: %w: more than %d loads started while loading", req.method, shownURL(req.url), ErrBadRequest, maxNestedLoads)
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
