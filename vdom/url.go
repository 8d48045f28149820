package vdom

import (
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/internal/weburl"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// pageKey is the key of a document's pageState among its values.
type pageKey struct{}

// pageState is what a document knows as a page rather than as a tree: its
// URL, where its navigations go, and the per-element flags of activation
// and form submission. It is made on first use, so documents that never
// click, submit or ask for their URL carry nothing.
type pageState struct {
	url *url.URL // nil: about:blank
	// emptyFragment marks a URL whose fragment is the empty string (it
	// ends in "#"), which url.URL cannot tell from no fragment.
	emptyFragment bool
	// historyAdded counts the session history entries fragment
	// navigations added (Window.HistoryLength) when no SessionHistory
	// keeps them; history is the one that does (history.go).
	historyAdded int
	history      SessionHistory
	// state is the current entry's state (history.state): what
	// PushState or ReplaceState gave it, nil (null) for the others.
	state any
	// bases caches the base elements found by the last scan of the tree.
	bases      baseElements
	navHandler func(NavigationRequest) error
	navs       []NavigationRequest

	// Per-element state of HTML §4.10.21 and §6: the forms constructing an
	// entry list or firing submission events, the elements whose click()
	// is in progress, the image buttons' selected coordinates, the dialogs'
	// return values and the selected files of file inputs.
	constructing map[*html.Node]bool
	firing       map[*html.Node]bool
	clicking     map[*html.Node]bool
	coords       map[*html.Node][2]int
	returnValues map[*html.Node]string
	files        map[*html.Node][]File
	toggling     map[*html.Node]*toggleTask
	resetting    map[*html.Node]bool

	// selectionchange holds the text controls whose selectionchange event
	// is queued; mouseSelect is the one whose text a double click's
	// mousedown selected, whose select event its mouseup queues.
	selectionchange map[*html.Node]bool
	mouseSelect     *html.Node
}

func (d *Document) page() *pageState {
	if p, ok := d.values[pageKey{}].(*pageState); ok {
		return p
	}
	p := &pageState{}
	d.setValue(pageKey{}, p)
	return p
}

// pageIfAny returns the document's pageState without making one.
func (d *Document) pageIfAny() *pageState {
	p, _ := d.values[pageKey{}].(*pageState)
	return p
}

// WithURL gives the parsed document its URL (the DOM's document URL), which
// relative URLs in it (links, form actions, <base href>) resolve against. An
// absolute URL is required; Parse fails with an error matching ErrSyntax
// for anything else. Without WithURL the document's URL is about:blank.
func WithURL(raw string) ParseOption { return func(c *parseConfig) { c.url, c.hasURL = raw, true } }

// setDocumentURL applies WithURL's value.
func (d *Document) setDocumentURL(raw string) error {
	u, err := parseURL(raw, nil)
	if err != nil {
		return err
	}
	p := d.page()
	p.url, p.emptyFragment = u, u.Fragment == "" && u.RawFragment == "" && hasFragmentDelimiter(raw)
	d.liveChanged()
	d.sheetVer++ // the base of the sheets' URLs
	return nil
}

// URL returns the document's URL as a string, "about:blank" for documents
// parsed without WithURL.
func (d *Document) URL() string {
	if p := d.pageIfAny(); p != nil && p.url != nil {
		return serializeURL(p.url, p.emptyFragment)
	}
	return "about:blank"
}

// documentURL returns a copy of the document's URL.
func (d *Document) documentURL() *url.URL {
	if p := d.pageIfAny(); p != nil && p.url != nil {
		u := *p.url
		return &u
	}
	return &url.URL{Scheme: "about", Opaque: "blank"}
}

// BaseURL returns the document base URL (HTML §2.4.1): the frozen base URL
// of the first <base> element with an href attribute, that href resolved
// against the document's URL, or the document's URL itself when there is no
// such element, its href does not parse, or it is a data: or javascript:
// URL. The result is a copy the caller may change.
func (d *Document) BaseURL() *url.URL {
	fallback := d.documentURL()
	h := d.baseElements().href
	if h == nil {
		return fallback
	}
	href, _ := attrVal(h, "href")
	// HTML §4.2.3 "set the frozen base URL": parse href relative to the
	// fallback base URL; failure, or a data: or javascript: URL, gives the
	// fallback (as Chromium does since 2024), so a <base> injected into a
	// page cannot point its links at script.
	if u, err := parseURL(href, fallback); err == nil && u.Scheme != "data" && u.Scheme != "javascript" {
		return u
	}
	return fallback
}

// baseTarget returns the target attribute of the first <base> element with
// one (HTML "get an element's target" step 2), "" if none.
func (d *Document) baseTarget() string {
	if h := d.baseElements().target; h != nil {
		t, _ := attrVal(h, "target")
		return t
	}
	return ""
}

// baseElements are the first base element with an href attribute and the
// first with a target attribute, as found in the tree at version ver.
type baseElements struct {
	ver          uint64
	scanned      bool
	href, target *html.Node
}

// baseElements returns the document's base elements, scanning the tree
// only when it changed since the last scan, so that following links in a
// large page does not walk it each time.
func (d *Document) baseElements() baseElements {
	p := d.page()
	if p.bases.scanned && p.bases.ver == d.domVer {
		return p.bases
	}
	b := baseElements{ver: d.domVer, scanned: true}
	for h := range descendants(d.Node.h) {
		if h.Type != html.ElementNode || h.DataAtom != atom.Base || h.Namespace != "" {
			continue
		}
		if b.href == nil && hasAttr(h, "href") {
			b.href = h
		}
		if b.target == nil && hasAttr(h, "target") {
			b.target = h
		}
		if b.href != nil && b.target != nil {
			break
		}
	}
	p.bases = b
	return b
}

// resolveURL is HTML's "encoding-parse a URL" relative to the document's
// base URL.
func (d *Document) resolveURL(raw string) (*url.URL, error) {
	return parseURL(raw, d.BaseURL())
}

// hasFragmentDelimiter reports whether the URL written raw has a fragment,
// empty or not: the URL parser starts the fragment at the first '#'
// (URL §4.4), and nothing escapes one.
func hasFragmentDelimiter(raw string) bool { return strings.Contains(raw, "#") }

// parseURL parses raw relative to base (nil: raw must be absolute) with
// the URL standard's basic URL parser (package weburl), the parser browse
// also reads redirects with. Failures match ErrSyntax, the standard's
// TypeError for a URL that does not parse.
func parseURL(raw string, base *url.URL) (*url.URL, error) {
	u, err := weburl.Parse(raw, base)
	if err != nil {
		return nil, domErrorf(ErrSyntax, "%v", err)
	}
	return u, nil
}
