package vdom

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The document's style sheets (CSSOM §6.2 "document.styleSheets", HTML
// §4.2.6 "The style element" and §4.6.7.11 "Link type stylesheet"):
// which elements own a sheet, in which order, and which of them apply.
//
// The owners are the connected <style> elements (HTML or SVG), <link>
// elements and <base> elements (whose href is the base of the links' and
// imports' URLs). The id index's walks over inserted and removed subtrees
// keep the set of connected owners (idindex.go), and every change that
// can alter a sheet bumps sheetVer: an owner connected or disconnected,
// an attribute of an owner set or removed, the text inside a <style>,
// the document's URL. The list is collected again at the next question
// about styles only when sheetVer moved; a collection reuses the sheet of
// every owner whose inputs (text, URL, base, media, title, rel) are
// unchanged, so its cost is that of the owners, not of the tree.

// isSheetOwner reports the elements whose presence, attributes or text
// decide the document's style sheets.
func isSheetOwner(h *html.Node) bool {
	switch h.DataAtom {
	case atom.Style:
		return h.Type == html.ElementNode && (h.Namespace == "" || h.Namespace == "svg")
	case atom.Link, atom.Base:
		return h.Type == html.ElementNode && h.Namespace == ""
	}
	return false
}

// ownerConnected records h, an element just connected, when it owns or
// changes a sheet.
func (d *Document) ownerConnected(h *html.Node) {
	if !isSheetOwner(h) {
		return
	}
	if d.sheetOwners == nil {
		d.sheetOwners = make(map[*html.Node]struct{})
	}
	d.sheetOwners[h] = struct{}{}
	d.sheetVer++
}

// ownerDisconnected forgets h, an element just disconnected.
func (d *Document) ownerDisconnected(h *html.Node) {
	if _, ok := d.sheetOwners[h]; ok {
		delete(d.sheetOwners, h)
		d.sheetVer++
	}
}

// ownerAttrChanged runs after an attribute of h was set or removed.
func (d *Document) ownerAttrChanged(h *html.Node) {
	if isSheetOwner(h) {
		d.sheetVer++
	}
}

// styleTextChanged runs after the children of p, or the data of a text
// child of p, changed: the text of a <style> is its sheet.
func (d *Document) styleTextChanged(p *html.Node) {
	if p != nil && p.DataAtom == atom.Style && p.Type == html.ElementNode {
		d.sheetVer++
	}
}

// StyleSheet is a style sheet of a document, as CSSOM's CSSStyleSheet
// lists it in document.styleSheets: the sheet of a <style> element or of
// a <link rel=stylesheet> that loaded, with its owner's media list and
// title, and whether it applies. Its rules are those of the parsed sheet
// (package css), read only. A StyleSheet stays the same object while its
// owner's text, URL and attributes do.
type StyleSheet struct {
	owner     *Node
	sheet     *css.StyleSheet
	href      string
	title     string
	media     css.MediaList
	alternate bool
	disabled  bool
	name      string
	// in is what the sheet was made from, to tell whether a collection
	// can keep it.
	in sheetInputs
}

// sheetInputs is what an owner's sheet depends on.
type sheetInputs struct {
	text, url, base  string
	media, title     string
	alternate, isURL bool
}

// OwnerNode is the <style> or <link> element the sheet belongs to.
func (s *StyleSheet) OwnerNode() *Node { return s.owner }

// Href is the URL of a <link>'s sheet, resolved against the document's
// base URL, "" for a <style> element's.
func (s *StyleSheet) Href() string { return s.href }

// Title is the owner's title attribute: the name of the sheet's style
// sheet set (HTML §4.6.7.11).
func (s *StyleSheet) Title() string { return s.title }

// Media is the owner's media attribute as a media query list; the sheet
// applies only when it matches the document's medium.
func (s *StyleSheet) Media() css.MediaList { return s.media }

// Disabled is CSSOM's disabled flag: an alternative style sheet, or a
// titled sheet of a set other than the preferred one, does not apply.
func (s *StyleSheet) Disabled() bool { return s.disabled }

// Sheet returns the parsed sheet: its rules (Rules, CSSOM's cssRules),
// what the parser dropped (Errors) and its text. Its @import rules hold
// the sheets they loaded (ImportRule.StyleSheet) or why not
// (ImportRule.LoadError).
func (s *StyleSheet) Sheet() *css.StyleSheet { return s.sheet }

// Rules returns the sheet's top-level rules, CSSOM's cssRules. Do not
// modify the slice.
func (s *StyleSheet) Rules() []css.Rule { return s.sheet.Rules() }

// String names the sheet for messages: its URL, or "<style> #2".
func (s *StyleSheet) String() string { return s.name }

// StyleSheets returns the document's style sheets in tree order, as
// CSSOM's document.styleSheets: the sheet of each connected <style>
// element whose type is empty or text/css, and of each <link
// rel=stylesheet> whose sheet loaded, disabled ones included (Disabled
// says which apply). A <link> whose sheet did not load is not listed;
// StyleSheetLoadErrors says why. The list is collected, and new links
// loaded, when it is asked for after a change; the slice is the
// caller's.
func (d *Document) StyleSheets() []*StyleSheet {
	st := d.styleState(context.Background())
	return slices.Clone(st.sheets)
}

// collectSheets runs the steps that give the document its list of style
// sheets, loading the sheets of new links through the loader, and hands
// the applicable ones to the cascade.
func (d *Document) collectSheets(ctx context.Context, st *styleState) {
	st.collections++
	owners := make([]*html.Node, 0, len(d.sheetOwners))
	for h := range d.sheetOwners {
		owners = append(owners, h)
	}
	slices.SortFunc(owners, func(a, b *html.Node) int {
		if htmltree.Precedes(a, b) {
			return -1
		}
		return 1
	})
	base := d.baseURLOf(owners)
	prev := st.byOwner
	st.byOwner = make(map[*html.Node]*StyleSheet, len(owners))
	st.sheets = st.sheets[:0]
	st.loadErrors = st.loadErrors[:0]
	var refs []css.SheetRef
	preferred, styles := "", 0
	for _, h := range owners {
		in, ok := sheetInputsOf(h, base)
		if !ok {
			continue
		}
		var sh *StyleSheet
		if p := prev[h]; p != nil && p.in == in {
			sh = p
		} else {
			sh = d.newStyleSheet(ctx, st, h, in)
		}
		d.noteImportErrors(st, sh)
		if sh == nil || sh.sheet == nil {
			continue
		}
		st.byOwner[h] = sh
		if !in.isURL {
			styles++
			sh.name = "<style> #" + strconv.Itoa(styles)
		}
		// CSSOM §6.1 "add a CSS style sheet", as Chromium applies it in
		// tree order: an alternative sheet does not apply (Chromium
		// leaves one without a title out too); the first title of the
		// others is the preferred set, whose sheets apply with the
		// untitled ones.
		switch {
		case sh.alternate:
			sh.disabled = true
		case sh.title != "":
			if preferred == "" {
				preferred = sh.title
			}
			sh.disabled = sh.title != preferred
		default:
			sh.disabled = false
		}
		st.sheets = append(st.sheets, sh)
		refs = append(refs, css.SheetRef{Sheet: sh.sheet, Media: sh.media, Disabled: sh.disabled, Name: sh.name})
	}
	if st.retry {
		// A <style> whose imports a context cut short is made again
		// by the next collection (loadSheet keeps no such link).
		for h, sh := range st.byOwner {
			if !sh.in.isURL && hasImports(sh.sheet) {
				delete(st.byOwner, h)
			}
		}
	}
	st.refs = refs
	st.applies = false
	medium := d.medium()
	for _, r := range refs {
		if !r.Disabled && r.Media.Matches(medium) {
			st.applies = true
			break
		}
	}
	if st.cascade != nil && st.base != base {
		st.cascade, st.valid = nil, false // made again, with the new base, when needed
	}
	st.base = base
	if st.cascade != nil {
		st.cascade.SetSheets(refs)
		st.readsState = st.cascade.ReadsState()
		st.renewed()
	}
}

// sheetInputsOf returns what the sheet of owner h is made from, and false
// when h has no sheet: a <base>, a <style> of another type, a <link>
// that is not a style sheet, is disabled, has another type or no href.
func sheetInputsOf(h *html.Node, base string) (sheetInputs, bool) {
	var in sheetInputs
	typ, _ := attrVal(h, "type")
	if typ != "" && !htmltree.EqualFoldASCII(typ, "text/css") {
		// HTML §4.2.6 and §4.6.7.11: a type other than text/css is a
		// styling language the user agent does not support. Chromium
		// takes the type as written, without parameters or spaces.
		return in, false
	}
	in.media, _ = attrVal(h, "media")
	in.title, _ = attrVal(h, "title")
	switch h.DataAtom {
	case atom.Style:
		in.text = childText(h)
		in.base = base
		return in, true
	case atom.Link:
		rel, _ := attrVal(h, "rel")
		var isSheet bool
		for _, tok := range strings.FieldsFunc(rel, isASCIISpace) {
			switch {
			case htmltree.EqualFoldASCII(tok, "stylesheet"):
				isSheet = true
			case htmltree.EqualFoldASCII(tok, "alternate"):
				in.alternate = true
			}
		}
		if !isSheet || hasAttr(h, "disabled") {
			// A link with the disabled attribute is not fetched (HTML
			// §4.6.7.11, "the linked resource fetch setup steps").
			return in, false
		}
		href, ok := attrVal(h, "href")
		if !ok || href == "" {
			return in, false
		}
		in.url, in.base, in.isURL = href, base, true
		return in, true
	}
	return in, false
}

// newStyleSheet makes the sheet of owner h: a <style>'s text parsed, a
// <link>'s sheet loaded; nil when the link's sheet did not load (the
// failure is recorded).
func (d *Document) newStyleSheet(ctx context.Context, st *styleState, h *html.Node, in sheetInputs) *StyleSheet {
	sh := &StyleSheet{owner: d.wrap(h), title: in.title, media: css.ParseMediaList(in.media), alternate: in.alternate, in: in}
	if !in.isURL {
		sh.sheet = d.parseStyleElement(ctx, in.text, in.base)
		return sh
	}
	u, err := parseURL(in.url, parseBase(in.base))
	if err != nil {
		st.loadErrors = append(st.loadErrors, &StyleSheetLoadError{Owner: sh.owner, URL: in.url, Err: css.ErrNoURL})
		return nil
	}
	sh.href = u.String()
	sh.name = sh.href
	l := d.loadSheet(ctx, st, sh.href)
	if l.err != nil {
		st.loadErrors = append(st.loadErrors, &StyleSheetLoadError{Owner: sh.owner, URL: sh.href, Err: l.err})
		return nil
	}
	sh.sheet = l.sheet
	return sh
}

// baseURLOf is the document base URL (HTML §2.4.1, BaseURL) found among
// the owners, which hold every connected <base>, in tree order.
func (d *Document) baseURLOf(owners []*html.Node) string {
	fallback := d.documentURL()
	for _, h := range owners {
		if h.DataAtom != atom.Base {
			continue
		}
		href, ok := attrVal(h, "href")
		if !ok {
			continue
		}
		if u, err := parseURL(href, fallback); err == nil && u.Scheme != "data" && u.Scheme != "javascript" {
			return u.String()
		}
		break
	}
	return fallback.String()
}
