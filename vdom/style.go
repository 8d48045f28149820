package vdom

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Computed styles: the document's css.Cascade over its sheets
// (style_sheets.go), and what it keeps.
//
// The cascade keeps every style it computed until the document changes
// in a way that can change one: an element inserted, moved or removed,
// an attribute, a text that a selector can see (styleVer), the live state
// its selectors read (liveVer, when Cascade.ReadsState says a selector
// reads any), or the sheets (sheetVer). Nothing is done when they change:
// the next question compares the counters with those the kept styles
// were computed at, and drops the styles (or collects the sheets again)
// then. A page that changes its tree a thousand times between two
// questions pays for one.
//
// Text is seen by a selector in few ways, so most text changes (a
// counter's SetTextContent, a message's SetData) keep the styles: :empty
// sees whether an element has text (a text node inserted, removed or
// changed to or from "" where the parent has no other content), :dir()
// sees the text under dir=auto (and in a bdi), :invalid and
// :placeholder-shown the text of a textarea or an option; a <style>'s
// text is its sheet. Comments are seen by none.

// styleConfig is what the program says about a document's styles.
type styleConfig struct {
	loader    css.Loader
	medium    css.Medium
	hasMedium bool
}

// styleState is a document's sheets and cascade, made by the first
// question about styles.
type styleState struct {
	// collectedAt is the document's sheetVer once the sheets are
	// collected for it (notCollected before); retry is set by a
	// collection whose context ended before every sheet was loaded,
	// which leaves it notCollected.
	collectedAt uint64
	retry       bool
	// collections counts the collections, for the tests that check
	// that a change of a non-owner collects nothing.
	collections int
	byOwner     map[*html.Node]*StyleSheet
	sheets      []*StyleSheet
	loadErrors  []*StyleSheetLoadError
	// loads holds what each URL of a <link> gave (style_load.go);
	// budget is what the document's sheets may still load.
	loads  map[string]sheetLoad
	budget *css.LoadBudget

	// refs are the sheets as the cascade takes them; applies is set when
	// one of them applies to the medium (rendering.go's fast path is
	// for documents where none does).
	refs    []css.SheetRef
	applies bool
	// cascade is made at the first question that needs it, with base as
	// the base of url() in style attributes; readsState is its
	// ReadsState.
	cascade    *css.Cascade
	base       string
	readsState bool
	// valid is set, and domVer and liveVer are the document's counters,
	// while the cascade's kept styles are those of the tree and state.
	valid             bool
	styleVer, liveVer uint64
	// gen changes whenever the cascade's kept styles may: made, dropped
	// (renewCascade) or given other sheets (collectSheets). It is drawn
	// from styleGens, so that no two documents share one: a Node keeps
	// the style it read with the gen it read it at (Node.style), and an
	// element adopted into another document meets a gen it was never
	// read at. While gen is the same, the tree is too (every element
	// inserted or removed bumps styleVer, which renews the cascade), so
	// an element connected then is still.
	gen uint64
}

// styleGens hands out styleState.gen values.
var styleGens atomic.Uint64

// renewed records that the cascade's kept styles may have changed.
func (st *styleState) renewed() { st.gen = styleGens.Add(1) }

// notCollected is styleState.collectedAt before a collection: no
// sheetVer reaches it.
const notCollected = ^uint64(0)

// WithMedium sets what the parsed document's media queries are evaluated
// against (css.DefaultMedium unless given: a 1280x720 desktop screen).
func WithMedium(m css.Medium) ParseOption {
	return func(c *parseConfig) { c.style.medium, c.style.hasMedium = m, true }
}

// Medium is what the document's media queries (@media, the media
// attributes of <style> and <link>, the media lists of @import) are
// evaluated against.
func (d *Document) Medium() css.Medium { return d.medium() }

func (d *Document) medium() css.Medium {
	if d.styleCfg.hasMedium && d.styleCfg.medium.Type != "" {
		return d.styleCfg.medium
	}
	return css.DefaultMedium()
}

// SetMedium changes the medium, as printing or resizing the window
// would: every style is computed again at the next question.
func (d *Document) SetMedium(m css.Medium) {
	d.styleCfg.medium, d.styleCfg.hasMedium = m, true
	if st := d.styleIfAny(); st != nil && st.cascade != nil {
		st.cascade.SetMedium(d.medium())
		st.valid = false
	}
	d.sheetVer++ // which sheets apply may change
}

func (d *Document) styleIfAny() *styleState { return d.styles }

// styleState returns the document's sheets, collecting them again (and
// loading new links, with ctx) when an owner changed since the last
// collection.
func (d *Document) styleState(ctx context.Context) *styleState {
	if st := d.styles; st != nil && st.collectedAt == d.sheetVer {
		return st
	}
	return d.collectStyleState(ctx)
}

func (d *Document) collectStyleState(ctx context.Context) *styleState {
	st := d.styles
	if st == nil {
		st = &styleState{budget: css.NewLoadBudget(), collectedAt: notCollected}
		d.styles = st
	}
	if st.collectedAt != d.sheetVer {
		ver := d.sheetVer
		st.retry = false
		d.collectSheets(ctx, st)
		st.collectedAt = notCollected
		if !st.retry {
			st.collectedAt = ver
		}
	}
	return st
}

// cascade returns the document's cascade with its kept styles valid for
// the tree and the live state as they are.
func (d *Document) cascade() *css.Cascade {
	st := d.styleState(context.Background())
	if st.valid && st.styleVer == d.styleVer && (!st.readsState || st.liveVer == d.liveVer) {
		return st.cascade // valid is false while there is no cascade
	}
	return d.renewCascade(st)
}

// renewCascade makes the cascade, or drops the styles it keeps.
func (d *Document) renewCascade(st *styleState) *css.Cascade {
	if st.cascade == nil {
		st.cascade = css.NewCascade(css.CascadeOptions{Medium: d.medium(), BaseURL: st.base})
		st.cascade.SetSheets(st.refs)
		st.readsState = st.cascade.ReadsState()
		st.valid = false
	}
	if !st.valid || st.styleVer != d.styleVer || st.readsState && st.liveVer != d.liveVer {
		st.cascade.Invalidate()
		st.valid, st.styleVer, st.liveVer = true, d.styleVer, d.liveVer
		st.renewed()
	}
	return st.cascade
}

// styleChanged records a change that can change a computed style, and
// has the focus fixup check the focused element (queueFocusFixup).
func (d *Document) styleChanged() {
	d.styleVer++
	if d.focus.node != nil && !d.focus.fixupQueued {
		d.queueFocusFixup()
	}
}

// attrChanged runs after an attribute of h was set, changed or removed.
func (d *Document) attrChanged(h *html.Node) {
	d.ownerAttrChanged(h)
	d.styleChanged()
}

// childChanged runs after h was inserted into or removed from parent (h
// nil: nodes of any kind, elements among them).
func (d *Document) childChanged(h, parent *html.Node) {
	switch {
	case h == nil, h.Type != html.TextNode && h.Type != html.CommentNode:
		d.styleChanged()
	case h.Type == html.TextNode && h.Data != "" && d.replacingText == 0:
		if textSeen(parent, !hasOtherContent(parent, h)) {
			d.styleChanged()
		}
	}
}

// textDataChanged runs after the data of h, a text or comment node,
// changed from old.
func (d *Document) textDataChanged(h *html.Node, old string) {
	if h.Type != html.TextNode || h.Parent == nil {
		return
	}
	d.styleTextChanged(h.Parent)
	if textSeen(h.Parent, (old == "") != (h.Data == "") && !hasOtherContent(h.Parent, h)) {
		d.styleChanged()
	}
}

// beginTextReplace and endTextReplace go around the replacement of the
// children of parent with a text (SetTextContent), so that the change of
// text is recorded once, by whether parent had text before and has after,
// rather than as it goes (empty in between); the elements removed are
// recorded as they go. begin returns whether parent had content.
func (d *Document) beginTextReplace(parent *html.Node) bool {
	d.replacingText++
	return hasOtherContent(parent, nil)
}

func (d *Document) endTextReplace(parent *html.Node, had, has bool) {
	d.replacingText--
	if textSeen(parent, had != has) {
		d.styleChanged()
	}
}

// textSeen reports whether a selector can see a change of the text in
// parent: emptied says that parent changed between having text and not
// (:empty).
func textSeen(parent *html.Node, emptied bool) bool {
	if parent == nil || parent.Type != html.ElementNode {
		return false
	}
	if parent.Namespace == "" {
		switch parent.DataAtom {
		case atom.Style, atom.Textarea, atom.Option:
			return true
		}
	}
	return emptied || underDirAuto(parent)
}

// hasOtherContent reports whether parent has a child other than h (nil:
// any child) that makes it not :empty: an element, or a text that is not
// "".
func hasOtherContent(parent, h *html.Node) bool {
	for c := parent.FirstChild; c != nil; c = c.NextSibling {
		if c != h && (c.Type == html.ElementNode || c.Type == html.TextNode && c.Data != "") {
			return true
		}
	}
	return false
}

// underDirAuto reports whether the directionality of h comes from its text
// (HTML §3.2.6.4: dir=auto, or a bdi without dir, on it or the nearest
// ancestor with a dir attribute), which :dir() reads.
func underDirAuto(h *html.Node) bool {
	for a := h; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if v, ok := attrVal(a, "dir"); ok {
			return htmltree.EqualFoldASCII(v, "auto")
		}
		if isHTML(a, atom.Bdi) {
			return true
		}
	}
	return false
}

// computedStyle returns the computed style of h, an element of d's tree
// (or of a subtree detached from it: its root then counts as a root).
func (d *Document) computedStyle(h *html.Node) *css.Style {
	return d.cascade().Style(h, d.styleSelectorState())
}

// cascadeState is the Document as the selector.State of its cascade: the
// selectorState, except that reading the focus does not first flush the
// autofocus candidates (HTML §6.6.7), which asks whether the candidate is
// focusable, a question about styles that must not be asked while the
// cascade matches. Browsers compute styles before that flush too; the
// flush bumps liveVer, which drops the styles that read the focus.
type cascadeState Document

func (d *Document) styleSelectorState() selector.State { return (*cascadeState)(d) }

func (s *cascadeState) Focus() (*html.Node, bool) {
	d := (*Document)(s)
	return d.focus.node, d.focus.node != nil && d.focus.visible
}

func (s *cascadeState) Is(h *html.Node, pc selector.PseudoClass) bool {
	return (*selectorState)(s).Is(h, pc)
}

func (s *cascadeState) Pointer() (hovered, active *html.Node) {
	return (*selectorState)(s).Pointer()
}

func (s *cascadeState) LabeledControl(label *html.Node) *html.Node {
	return (*selectorState)(s).LabeledControl(label)
}

// ComputedStyle is an element's computed style as getComputedStyle gives
// it (CSSOM §9.1), and live as that is: every method reads the style as
// the document's tree, attributes, live state and sheets make it at the
// moment of the call. The values are package css's: the properties that
// decide what a user meets (css.ComputedProperties) and custom
// properties.
type ComputedStyle struct {
	el     *Node
	pseudo string
	// kept is the style the last call read, and keptAt the document's
	// counters then: a second method called before the document changes
	// reads it again, without asking the cascade (nor walking up to
	// tell that el is connected).
	kept   *css.Style
	keptAt styleStamp
}

// styleStamp is what a computed style depends on, as the document counts
// it: the tree and attributes, the live state, the sheets (and the
// document itself, which an adopted element changes).
type styleStamp struct {
	doc                         *Document
	styleVer, liveVer, sheetVer uint64
}

// styleStamp returns the document's counters, and false while its sheets
// are not collected for them (or a collection's loads were cut short,
// so that the next question collects again).
func (d *Document) styleStamp() (styleStamp, bool) {
	st := d.styles
	if st == nil || st.collectedAt != d.sheetVer {
		return styleStamp{}, false
	}
	return styleStamp{d, d.styleVer, d.liveVer, d.sheetVer}, true
}

// GetComputedStyle returns the computed style of an element, as
// window.getComputedStyle(el) does. The style is computed from el's own
// document. An element that is not in its document's tree has no
// computed style, as in Chromium: PropertyValue gives "" and Style nil.
func (d *Document) GetComputedStyle(el *Node) *ComputedStyle {
	return &ComputedStyle{el: el}
}

// GetComputedPseudoStyle returns the computed style of el's ::before or
// ::after pseudo-element, as getComputedStyle(el, "::before") does, be
// the pseudo-element generated or not (its content is then none). pseudo
// is "::before" or "::after" (":before" and ":after" too, and "" for
// the element itself), ASCII case-insensitively; any other is an error
// matching ErrSyntax, since no other pseudo-element is computed here.
func (d *Document) GetComputedPseudoStyle(el *Node, pseudo string) (*ComputedStyle, error) {
	p := htmltree.LowerASCII(pseudo)
	switch p {
	case "":
	case "::before", ":before":
		p = "before"
	case "::after", ":after":
		p = "after"
	default:
		return nil, domErrorf(ErrSyntax, "GetComputedPseudoStyle: %q is not a pseudo-element computed here (::before, ::after)", pseudo)
	}
	return &ComputedStyle{el: el, pseudo: p}, nil
}

// Element is the element whose style it is (the originating element of a
// pseudo-element).
func (s *ComputedStyle) Element() *Node { return s.el }

// Pseudo is "before" or "after" for a pseudo-element's style, "" for the
// element's.
func (s *ComputedStyle) Pseudo() string { return s.pseudo }

// Style returns the computed values now, for typed access (Display,
// Visibility, Opacity...): nil when the element is not in its
// document's tree, or is no element. The css.Style is a snapshot: ask
// again after the document changes.
func (s *ComputedStyle) Style() *css.Style {
	n := s.el
	if n == nil || n.h.Type != html.ElementNode {
		return nil
	}
	d := n.doc
	if s.kept != nil {
		if at, ok := d.styleStamp(); ok && at == s.keptAt {
			return s.kept
		}
		s.kept = nil
	}
	var cs *css.Style
	if s.pseudo != "" {
		if !d.connected(n.h) {
			return nil
		}
		cs = d.cascade().ComputedPseudoStyle(n.h, s.pseudo, d.styleSelectorState())
	} else {
		c := d.cascade()
		gen := d.styles.gen
		if n.styleGen == gen && n.style != nil {
			cs = n.style
		} else {
			if !d.connected(n.h) {
				return nil
			}
			cs = c.Style(n.h, d.styleSelectorState())
			n.style, n.styleGen = cs, gen
		}
	}
	if at, ok := d.styleStamp(); ok {
		s.kept, s.keptAt = cs, at
	}
	return cs
}

// PropertyValue returns a property's computed value as Chromium's
// getComputedStyle serializes it ("block", "0.5", "\"→ \""), "" for a
// property that is not computed here (see css.ComputedProperties) and for
// an element not in the document. Property names are ASCII
// case-insensitive, custom properties ("--name") case-sensitive.
func (s *ComputedStyle) PropertyValue(name string) string {
	st := s.Style()
	if st == nil {
		return ""
	}
	return st.PropertyValue(name) // which lowers the name but a custom property's
}

// Source says why a computed value is what it is: the declaration that
// won (its sheet, selector, line, layer), inheritance, or the initial
// value (css.Style.Source). ok is false for a property without a source
// here, and for an element not in the document.
func (s *ComputedStyle) Source(name string) (src css.Source, ok bool) {
	st := s.Style()
	if st == nil {
		return css.Source{}, false
	}
	return st.Source(htmltree.LowerASCII(name))
}

// String describes the style for messages: "computed style of div#menu".
func (s *ComputedStyle) String() string {
	if s.el == nil {
		return "computed style of nothing"
	}
	if s.pseudo != "" {
		return fmt.Sprintf("computed style of %s::%s", s.el.describe(), s.pseudo)
	}
	return "computed style of " + s.el.describe()
}
