package browse

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/weburl"
	"github.com/eventperk/eventperk-go/vdom"
)

// Style sheets. Every page's document gets a css.Loader (pageSheets)
// that fetches the sheets of its <link rel=stylesheet> elements and
// @import rules through the session, as any other request: Options.Header,
// the jar's cookies (and the Set-Cookie of the responses), redirects,
// Options.StayOnHost, the Handler or the Client. The session loads them
// when it shows the page, with the load's context
// (Document.LoadStyleSheets), so a failure is known when Open or the
// click that navigated returns; sheets linked later load when vdom needs
// them, with Options.Context.

// MaxPageStyleSheets is how many sheets, links and imports together, one
// page may fetch (those from the session's cache do not count): a sheet
// that imports ten sheets that each import ten more, 16 levels deep,
// would otherwise send requests by the billion before the document's
// limit on bytes (css.DefaultMaxTotalBytes) stopped it, since a small
// sheet costs little of it. The next one fails with an error matching
// css.ErrLoadBudget.
const MaxPageStyleSheets = 256

// maxCachedSheetBytes bounds the bytes of the sheets a session keeps;
// past it, sheets are fetched for every page that links them.
const maxCachedSheetBytes = 32 << 20

// sheetCache is a session's memory cache of style sheets, by URL without
// fragment: a sheet that every page of a site links is fetched once per
// session, as a browser's memory cache serves it to the pages of a tab.
type sheetCache struct {
	entries map[string]cachedSheet
	bytes   int64
}

type cachedSheet struct {
	res    css.Resource
	status int
}

// StyleSheetError is a style sheet of a page that did not load: the sheet
// of a <link rel=stylesheet>, or of an @import rule of one of the page's
// sheets. Its Err matches what vdom.StyleSheetLoadError says (css.ErrNotCSS,
// css.ErrSheetTooLarge, css.ErrLoadBudget...) or the request's error: a
// *StatusError for a response whose status is not 2xx, a *RequestError,
// *RedirectError or *TooLargeError, an ErrOtherHost or ErrBadRequest error.
type StyleSheetError struct {
	// Owner is the <link> element, or the <style> or <link> whose sheet
	// holds the @import (directly or through other imports).
	Owner *vdom.Node
	// URL is the sheet's URL, resolved; as written when it does not
	// resolve.
	URL string
	// Import is the @import rule, nil for a <link>'s own sheet.
	Import *css.ImportRule
	// Status is the status of the sheet's response, after redirects; 0
	// when no response came or no request was sent.
	Status int
	// Err is why the sheet did not load.
	Err error
}

// Error says which sheet did not load, and why.
func (e *StyleSheetError) Error() string {
	what := "style sheet"
	if e.Import != nil {
		what = "imported style sheet"
	}
	return fmt.Sprintf("browse: %s %s not loaded: %s", what, cut(e.URL), sheetReason(e.Err, e.URL))
}

// Unwrap returns Err.
func (e *StyleSheetError) Unwrap() error { return e.Err }

// sheetReason is err without the request its message starts with when
// that is the sheet's own: the message names the URL already.
func sheetReason(err error, url string) string {
	if err == nil {
		return "(no reason)"
	}
	return strings.TrimPrefix(err.Error(), "browse: GET "+cut(url)+": ")
}

// StyleSheetErrors returns the page's style sheets that did not load, in
// the order of the sheets that name them (a link's failure, then those of
// its imports), with the status of their responses. A sheet that did not
// load leaves the page as it is without it: a link's failure is no error
// of the load (Err). Asking collects the document's sheets, and loads
// those of links added since, as Document.StyleSheetLoadErrors does.
func (p *Page) StyleSheetErrors() []*StyleSheetError {
	if p.doc == nil {
		return nil
	}
	errs := p.doc.StyleSheetLoadErrors()
	if len(errs) == 0 {
		return nil
	}
	out := make([]*StyleSheetError, len(errs))
	for i, e := range errs {
		out[i] = &StyleSheetError{Owner: e.Owner, URL: e.URL, Import: e.Import, Err: e.Err}
		if p.sheets != nil {
			out[i].Status = p.sheets.status[e.URL]
		}
	}
	return out
}

// pageSheets is the css.Loader of one page's document.
type pageSheets struct {
	s *Session
	p *Page
	// fetched counts the sheets the page asked the server for, not
	// those the cache had (MaxPageStyleSheets).
	fetched int
	// status is the status of each URL's response, for StyleSheetErrors.
	status map[string]int
	// ended holds the URLs whose request a context cut short: vdom tries
	// such a sheet again at the next question about styles, which the
	// page answers with the same error rather than wait for a slow
	// server once more.
	ended map[string]error
}

func newPageSheets(s *Session, p *Page) *pageSheets {
	return &pageSheets{s: s, p: p, status: map[string]int{}}
}

// Load fetches the sheet at rawURL through the session (css.Loader).
func (l *pageSheets) Load(ctx context.Context, rawURL string, maxBytes int64) (css.Resource, error) {
	s := l.s
	if ctx.Done() == nil {
		// vdom's own questions about styles load with a context that
		// never ends; the session's requests outside a load have
		// Options.Context.
		ctx = s.cfg.Context
	}
	if err, ok := l.ended[rawURL]; ok {
		return css.Resource{}, err
	}
	u, err := weburl.Parse(rawURL, nil)
	if err != nil {
		return css.Resource{}, fmt.Errorf("%w: %s does not parse: %v", ErrBadRequest, quoteLong(rawURL), err)
	}
	if err := checkTarget(u); err != nil {
		return css.Resource{}, err
	}
	u = withoutFragment(u)
	key := u.String()
	if c, ok := s.sheets.entries[key]; ok {
		l.status[rawURL] = c.status
		return c.res, nil
	}
	if l.fetched >= MaxPageStyleSheets {
		return css.Resource{}, fmt.Errorf("%w: the page fetched %d sheets already (browse.MaxPageStyleSheets)", css.ErrLoadBudget, l.fetched)
	}
	l.fetched++
	req := request{method: http.MethodGet, url: u, referrer: cloneURL(l.p.url), style: true, maxBody: maxBytes}
	if l.p.doc != nil {
		req.policy = documentPolicy(l.p.doc, l.p.header)
	}
	resp, err := s.fetch(ctx, req)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			err = fmt.Errorf("%w: %w", css.ErrSheetTooLarge, err)
		}
		if ctx.Err() != nil {
			if l.ended == nil {
				l.ended = map[string]error{}
			}
			l.ended[rawURL] = err
		}
		return css.Resource{}, err
	}
	l.status[rawURL] = resp.status
	final := redactURL(withoutFragment(resp.req.url))
	switch {
	case resp.panicErr != nil:
		return css.Resource{}, resp.panicErr
	case resp.status < 200 || resp.status > 299:
		// HTML §4.6.7.11 "process the linked resource": a response
		// whose status is not ok gives no sheet.
		return css.Resource{}, &StatusError{Method: http.MethodGet, URL: final, Status: resp.status}
	}
	res := css.Resource{Body: resp.body, ContentType: resp.header.Get("Content-Type"), URL: withoutFragment(resp.req.url).String()}
	s.sheets.keep(key, cachedSheet{res: res, status: resp.status}, resp.header)
	return res, nil
}

// keep stores a sheet in the cache unless its response says not to
// (Cache-Control no-store or no-cache: the sheet is fetched again for
// the next page that links it) or the cache is full.
func (c *sheetCache) keep(key string, e cachedSheet, h http.Header) {
	for _, v := range h.Values("Cache-Control") {
		for d := range strings.SplitSeq(v, ",") {
			name, _, _ := strings.Cut(strings.TrimSpace(d), "=")
			if strings.EqualFold(name, "no-store") || strings.EqualFold(name, "no-cache") {
				return
			}
		}
	}
	n := int64(len(e.res.Body))
	if c.bytes+n > maxCachedSheetBytes {
		return
	}
	if c.entries == nil {
		c.entries = map[string]cachedSheet{}
	}
	c.entries[key] = e
	c.bytes += n
}
