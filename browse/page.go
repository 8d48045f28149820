package browse

import (
	"bytes"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/text/encoding/htmlindex"
)

// Page is the record of one load: the request's method, the final URL,
// the response and the document made of it. A Page does not change but
// for its URL, which follows the document's navigations within the page
// (fragment links, Back and Forward between its entries); its Document is
// the live document of the page.
type Page struct {
	sess        *Session
	doc         *vdom.Document
	url         *url.URL
	method      string
	status      int
	header      http.Header
	contentType string
	body        []byte
	redirects   []*url.URL
	err         error
	// restored reports that Chromium would have restored a scroll
	// position in the page's document: a traversal loaded it, or one
	// within it has run (Session.traverseWithin).
	restored bool
	// ownStorage is the sessionStorage of a page of an opaque origin.
	ownStorage *Storage
	// sheets loads the style sheets of the document.
	sheets *pageSheets
}

// Document returns the page's document.
func (p *Page) Document() *vdom.Document { return p.doc }

// URL returns a copy of the page's URL: the final URL, after redirects,
// with the fragment the load asked for, if any, then the one a navigation
// within the page gave it (Document.URL has the same URL; an empty
// fragment, "x#", shows there only, as url.URL has no room for it).
func (p *Page) URL() *url.URL { return cloneURL(p.url) }

// Method returns the method of the final request: "GET", or "POST" when
// the page is the answer to a POST that did not redirect (or redirected
// with 307 or 308).
func (p *Page) Method() string { return p.method }

// Status returns the response's status code.
func (p *Page) Status() int { return p.status }

// Header returns a copy of the response's header.
func (p *Page) Header() http.Header { return p.header.Clone() }

// ContentType returns the response's Content-Type header, or the type
// sniffed from the body (http.DetectContentType) when it has none.
func (p *Page) ContentType() string { return p.contentType }

// Body returns a copy of the response's body.
func (p *Page) Body() []byte { return bytes.Clone(p.body) }

// Redirects returns copies of the URLs that redirected to this page, the
// first request's first.
func (p *Page) Redirects() []*url.URL {
	out := make([]*url.URL, len(p.redirects))
	for i, u := range p.redirects {
		out[i] = cloneURL(u)
	}
	return out
}

// Err returns the error the load reported along with the page: a
// *StatusError, *NotHTMLError or *PanicError, the units' errors, joined;
// nil for a page that loaded cleanly.
func (p *Page) Err() error { return p.err }

// kind is how a response shows in a document.
type kind int

const (
	kindHTML  kind = iota // parsed as HTML
	kindText              // shown in a <pre>, as Chromium shows text
	kindJSON              // shown in a <pre>, as Chromium shows JSON
	kindEmpty             // an empty document
)

// mediaKind classifies a Content-Type: HTML (text/html and XHTML, which
// vdom parses as HTML), JSON (application/json, text/json, any +json),
// text (the other text/* types, JavaScript), or anything else; for text
// and JSON it returns the charset parameter too (HTML's charset is
// vdom's to read).
func mediaKind(contentType string) (kind, string) {
	// The essence, as browsers take it: the part before ';', trimmed,
	// in lower case.
	mt, _, _ := strings.Cut(contentType, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	k := kindEmpty
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		return kindHTML, ""
	case mt == "application/json" || mt == "text/json" || strings.HasSuffix(mt, "+json"):
		k = kindJSON
	case strings.HasPrefix(mt, "text/") || mt == "application/javascript" || mt == "application/ecmascript":
		k = kindText
	default:
		return kindEmpty, ""
	}
	_, params, _ := mime.ParseMediaType(contentType)
	return k, params["charset"]
}

// The documents Chromium 156 makes of a text response and of a JSON one
// (the empty container is where its JSON viewer draws), as recorded from
// it; the body's text goes in the <pre>.
const (
	textDocumentHTML = `<html><head><meta name="color-scheme" content="light dark"></head><body><pre style="word-wrap: break-word; white-space: pre-wrap;"></pre></body></html>`
	jsonDocumentHTML = `<html><head><meta name="color-scheme" content="light dark"><meta charset="utf-8"></head><body><pre></pre><div class="json-formatter-container"></div></body></html>`
)

// decodeText decodes the body of a text response: with its charset, else
// as UTF-8 when it is valid UTF-8, else as windows-1252.
func decodeText(body []byte, charset string) string {
	if charset != "" {
		if enc, err := htmlindex.Get(charset); err == nil {
			if s, err := enc.NewDecoder().Bytes(body); err == nil {
				return string(s)
			}
		}
	}
	if utf8.Valid(body) {
		return string(body)
	}
	enc, _ := htmlindex.Get("windows-1252")
	s, _ := enc.NewDecoder().Bytes(body)
	return string(s)
}

// parseOptions returns the session's parse options for page p at u with
// the response's contentType. The page's sheet loader comes first, so
// that a vdom.WithStyleSheetLoader of Options.ParseOptions replaces it.
func (s *Session) parseOptions(p *Page, u *url.URL, contentType string, html bool) []vdom.ParseOption {
	opts := make([]vdom.ParseOption, 0, len(s.cfg.ParseOptions)+3)
	opts = append(opts, vdom.WithStyleSheetLoader(p.sheets))
	opts = append(opts, s.cfg.ParseOptions...)
	opts = append(opts, vdom.WithURL(u.String()))
	if html {
		opts = append(opts, vdom.WithContentType(contentType))
	}
	return opts
}

// makePage parses the response into a page.
func (s *Session) makePage(resp *response) (*Page, error) {
	u := resp.req.url
	p := &Page{
		sess:      s,
		url:       cloneURL(u),
		method:    resp.req.method,
		status:    resp.status,
		header:    resp.header,
		body:      resp.body,
		redirects: resp.redirects,
	}
	p.sheets = newPageSheets(s, p)
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
		doc, err = vdom.Parse(bytes.NewReader(resp.body), s.parseOptions(p, u, p.contentType, true)...)
	case kindText, kindJSON:
		errs = append(errs, &NotHTMLError{Method: p.method, URL: target, ContentType: p.contentType})
		shell := textDocumentHTML
		if k == kindJSON {
			shell = jsonDocumentHTML
		}
		doc, err = vdom.Parse(strings.NewReader(shell), s.parseOptions(p, u, "", false)...)
		if err == nil {
			if pre, _ := doc.QuerySelector("pre"); pre != nil {
				pre.SetTextContent(decodeText(resp.body, charset))
			}
		}
	default:
		errs = append(errs, &NotHTMLError{Method: p.method, URL: target, ContentType: p.contentType})
		doc, err = vdom.Parse(strings.NewReader(""), s.parseOptions(p, u, "", false)...)
	}
	if err != nil {
		return nil, errkind.Errorf("browse: %s %s: %w", p.method, errorURL(target), err)
	}
	p.doc = doc
	if w := doc.Window(); w != nil {
		w.SetNavigationHandler(func(req vdom.NavigationRequest) error {
			return s.follow(p, req)
		})
		w.SetSessionHistory(pageHistory{s: s, p: p})
	}
	return p, errors.Join(errs...)
}
