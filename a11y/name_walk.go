package a11y

import (
	"sync"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/internal/namework"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The accname computation is written as the standard writes it, a text
// alternative computed for an element from the text alternatives of its
// children, the elements it references and its labels; but it runs on a
// stack of its own, not on the goroutine's, so a tree nested a hundred
// thousand levels deep costs memory in proportion, never a stack
// overflow. Each task on the stack is one of the standard's recursive
// steps, resumed where it left off when the step it started is done.
//
// Three things keep the cost of a computation bounded by the size of the
// page (docs/limits.md):
//   - its text stops at MaxNameBytes, and the computation with it;
//   - the text an element's content gives inside a reference is kept for
//     the computation (and for a Cache), so an element referenced a
//     thousand times, or referenced with its descendants, is walked once;
//   - the labels, legends and captions read are marked, as Chromium marks
//     every node it visits, so that nested labels, and legends of
//     fieldsets nested in legends, are walked once.
//
// A Cache keeps the text a content gave for the computations to come (see
// storeContent and reuse), which makes the names of nested elements cost
// their page once rather than once each.

// computation holds the state of one name or description computation.
type computation struct {
	root *html.Node
	el   *vdom.Node
	doc  *vdom.Document
	out  textBuf
	// stack holds the steps in progress, the innermost last.
	stack []task
	// visited holds the elements already traversed through a reference or
	// a label, each with the count of marks (gen) when it was last
	// marked: a content walk outside references passes over them, and a
	// label is walked once (accname §4.3.2 steps 2B and 2F, as Chromium
	// keeps its visited set).
	visited map[*html.Node]uint32
	gen     uint32
	// lookups counts the lookups of labels in visited, and rootSkips the
	// times the element being named was passed over inside its own
	// label: a text that depends on either is kept for this computation
	// only.
	lookups   uint32
	rootSkips uint32
	// jumpMarks counts the marks made off the walk in tree order (see
	// frame.jumped).
	jumpMarks uint32
	// lossy is set once a content's text was reused without the marks
	// its walk made (see reuse); a lookup that then finds nothing could
	// have found one of them, so it aborts the run, which starts again
	// with noLossy set.
	lossy, abort, noLossy bool
	// kept holds the texts of contents walked inside references, for
	// this computation (see storeContent).
	kept map[memoKey]keptText
	// cache, when set, holds what stays true for other computations on
	// the same tree; entries lists the texts it is to keep, as spans of
	// this computation's text.
	cache   *Cache
	entries []spanEntry
	// hidden answers IsHidden for the referenced elements, and anc the
	// questions of roles about ancestors; without a cache, anc is nil and
	// the ancestors are read by walks up.
	hidden *HiddenChecker
	anc    *ancestry
	// ownHidden is the checker of a computation without a cache, kept
	// with it so that asking costs no allocation.
	ownHidden HiddenChecker
	// ids finds elements by id in a tree that is not a document's.
	ids map[string]*html.Node
	// refStates holds the state of the kRefs and kLabels tasks on the
	// stack, in their order.
	refStates []refState
	// src is where the name came from, for Description.
	src nameSource
	// steps counts the work: tasks run, nodes passed, references read.
	steps int
}

// keptText is a content's text within one computation: its span in the
// computation's text, and whether white space came before and after it
// (for a span without characters, lead tells whether it held white space).
type keptText struct {
	start, end  int
	lead, trail bool
}

// spanEntry is a text for the cache, a span of the computation's text;
// writes is set when the content marked elements visited.
type spanEntry struct {
	key                          memoKey
	start, end                   int
	lead, trail, writes, lookups bool
}

// memoKey names the text of an element's content in one context.
type memoKey struct {
	h   *html.Node
	ctx uint8
}

// The context bits of a memoKey: the frame fields that decide what a
// content gives.
const (
	ctxReference uint8 = 1 << iota
	ctxIncludeHidden
	ctxVisHidden
	// ctxSelected marks the content of a listbox's selected option, read
	// without the option's own steps.
	ctxSelected
)

// frame is how the current node is reached.
type frame struct {
	isRoot bool
	// inReference is set inside an aria-labelledby or aria-describedby
	// traversal: references are not followed again, and nothing is
	// passed over for having been visited (Chromium gives the text of an
	// element referenced twice twice, and that of one referenced inside
	// another's too).
	inReference bool
	// includeHidden is set when the directly referenced element was
	// hidden: its hidden content counts.
	includeHidden bool
	// recursion is set for the content of another element.
	recursion bool
	// visHidden carries an inherited inline visibility: hidden.
	visHidden bool
	// direct is set on an element a reference or a label association
	// names directly: its title may name it.
	direct bool
	// outside is set once the walk followed a reference or a label: it
	// may have left the element being named, which may then lie inside
	// what it reads.
	outside bool
	// jumped is set once the walk left the walk of content in tree order
	// (for a reference, a label, a legend or caption, a listbox's
	// options): what it marks may lie anywhere, where the walk in tree
	// order marks only what comes before what it reaches next.
	jumped bool
}

// ctx is the memoKey context of a content walked in frame f.
func (f frame) ctx() uint8 {
	var c uint8
	if f.inReference {
		c |= ctxReference
	}
	if f.includeHidden {
		c |= ctxIncludeHidden
	}
	if f.visHidden {
		c |= ctxVisHidden
	}
	return c
}

// taskKind is the step a task runs.
type taskKind uint8

const (
	kElement taskKind = iota // the text alternative of an element (step 2)
	kContent                 // the text of an element's children alone (step 2F)
	kRefs                    // the elements an IDREF list names (step 2B)
	kLabels                  // the label elements of a control (HTML-AAM)
	kListbox                 // the selected options of an embedded listbox (step 2E)
)

// The phases of a kElement task: where it resumes.
const (
	elStart        uint8 = iota
	elAfterRefs          // aria-labelledby was read
	elAfterHost          // the host language's label element was read
	elContent            // the content is being read
	elAfterContent       // the content was read
	elDone               // the step it started gives the text: finish
)

// task is a step in progress. An element reads its content in its own
// task (phase elContent), so a tree costs one task a level.
type task struct {
	kind  taskKind
	phase uint8
	// then is the phase an element's task goes on with after its
	// content.
	then uint8
	// always is set when the host language names the element by its
	// labels even when they give nothing (a button input).
	always bool
	// afterBlock is set while the child being read is set apart by
	// spaces: one follows it.
	afterBlock bool
	// first is set on a kListbox task until it gives an option, and on
	// a kRefs task whose text is set apart from the content around it.
	first bool
	// unkept is set on a content whose text no cache keeps.
	unkept bool
	// hidingKnown is set on an element whose content walk already asked
	// hidingOf, which gave how and vis; skipsKnown on a content once
	// maySkip says whether its element may skip children (see
	// skipsChild).
	hidingKnown, skipsKnown, maySkip bool
	how                              hiding
	vis                              visibility
	// begun is set on a content once its ::before was read (or the
	// content found skipped, when skip is set too); style is the
	// computed style of its element then.
	begun, skip bool
	style       *css.Style
	// ctx adds to the context bits of a content's text (ctxSelected).
	ctx  uint8
	f    frame
	h    *html.Node
	role string
	// mark is where the text of the step, or of its content, began.
	mark textMark
	// next is the next child of a content, the next node of a kListbox
	// task.
	next *html.Node
	// ref is the index in the computation's refStates of what only a
	// kRefs or kLabels task needs.
	ref int32
	// startGen and rootSkips0 are the counts when the element (for a
	// content alone, the content) began, gen0 and lookups0 the counts
	// when its content began; minHit is the smallest gen among the
	// visited elements the step found marked. Together they tell whether
	// a content's text depends on what came before it (see storeContent).
	startGen, gen0, rootSkips0, lookups0, minHit uint32
	// jump0 is the count of marks made off the walk in tree order when
	// the element began, steps0 the count of steps when its content did.
	jump0, steps0 uint32
}

// refState is the state of a kRefs or kLabels task.
type refState struct {
	// ids is what remains of an IDREF list.
	ids string
	// partMark is where the text of the current reference began.
	partMark textMark
	// labels and i are a control's labels and the next to read.
	labels []*vdom.Node
	i      int
}

// computations keeps computations for the next name: a name of an
// ordinary page then allocates little more than its string.
var computations = sync.Pool{New: func() any { return new(computation) }}

// newComputation starts a computation for el, keeping what lasts in cache
// (nil for none). A computation on its own reads the ancestors by walks
// up. Give it back with release.
func newComputation(el *vdom.Node, cache *Cache) *computation {
	c := computations.Get().(*computation)
	c.init(el, cache)
	return c
}

// init starts the computation afresh for el, keeping its buffers.
func (c *computation) init(el *vdom.Node, cache *Cache) {
	stack, b, spans, entries, refs := c.stack[:0], c.out.b[:0], c.out.spans[:0], c.entries[:0], c.refStates[:0]
	*c = computation{root: el.HTML(), el: el, doc: el.OwnerDocument(), cache: cache,
		stack: stack, out: textBuf{b: b, spans: spans}, entries: entries, refStates: refs}
	if cache != nil {
		c.hidden, c.anc = &cache.hidden, &cache.anc
	}
}

// release gives the computation back for the next, without what it
// refers to, and without a stack grown large on a deep tree.
func (c *computation) release() {
	stack, b, spans, entries, refs := c.stack[:0], c.out.b[:0], c.out.spans[:0], c.entries[:0], c.refStates[:0]
	if cap(stack) > 1024 {
		stack = nil
	}
	if cap(b) > 4*MaxNameBytes {
		b = nil
	}
	clear(refs[:cap(refs)])
	*c = computation{stack: stack, out: textBuf{b: b, spans: spans}, entries: entries, refStates: refs}
	computations.Put(c)
}

// isHidden is IsHidden, through the cache's checker or one of the
// computation's own.
func (c *computation) isHidden(el *vdom.Node) bool {
	if c.hidden == nil {
		c.ownHidden = HiddenChecker{}
		c.hidden = &c.ownHidden
	}
	return c.hidden.IsHidden(el)
}

// isSkipped reports whether el lies in content the renderer skips (see
// skipsChild).
func (c *computation) isSkipped(el *vdom.Node) bool {
	if c.hidden == nil {
		c.ownHidden = HiddenChecker{}
		c.hidden = &c.ownHidden
	}
	return c.hidden.skipped(el)
}

// handle returns the vdom handle of a tree node.
func (c *computation) handle(h *html.Node) *vdom.Node {
	if h == c.root {
		return c.el
	}
	return c.doc.Wrap(h)
}

// roleOf returns Role of element h, making a handle only for the elements
// whose role asks something of it (whether it can take focus, what its
// list attribute names): the walk of a large content makes none for the
// others.
func (c *computation) roleOf(h *html.Node) string {
	var el *vdom.Node
	if needsHandle(h) {
		el = c.handle(h)
	}
	return roleOf(c.doc, c.hidden, el, h, c.anc)
}

// needsHandle reports whether h's role depends on more than its tree: an
// img with alt="" or a presentational role is exposed when it can take
// focus, an input with a list attribute is a combobox when the list names
// a datalist.
func needsHandle(h *html.Node) bool {
	if v, ok := attr(h, "role"); ok && (containsFold(v, "none") || containsFold(v, "presentation")) {
		return true
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Img:
		v, ok := attr(h, "alt")
		return ok && v == ""
	case atom.Input:
		return hasAttr(h, "list")
	}
	return false
}

// containsFold reports whether s contains the lower-case ASCII word sub in
// any case.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if htmltree.EqualFoldASCII(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// text returns the text computed so far and starts the next run afresh;
// what was visited stays visited.
func (c *computation) text() string {
	s := c.out.String()
	if c.cache != nil && len(c.entries) > 0 {
		c.cache.keep(s, c.entries)
	}
	c.entries = c.entries[:0]
	c.kept = nil // spans of the text that is gone
	c.out = textBuf{b: c.out.b[:0], spans: c.out.spans[:0]}
	return s
}

// done reports the work of the computation.
func (c *computation) done() {
	namework.Add(c.steps)
	if c.cache != nil {
		c.cache.steps += c.steps
	}
	c.steps = 0
}

// push starts a step.
func (c *computation) push(t task) {
	t.minHit = ^uint32(0)
	if len(c.stack) == cap(c.stack) {
		// Double, where append grows a large slice by a quarter: a
		// deep tree's stack is copied fewer times.
		grown := make([]task, len(c.stack), 2*cap(c.stack)+4)
		copy(grown, c.stack)
		c.stack = grown
	}
	c.stack = append(c.stack, t)
}

// pushRefs starts a kRefs or kLabels task with its state.
func (c *computation) pushRefs(t task, r refState) {
	c.refStates = append(c.refStates, r)
	t.ref = int32(len(c.refStates) - 1)
	c.push(t)
}

// pop ends the innermost step, passing what it found marked to the step
// that started it.
func (c *computation) pop() {
	i := len(c.stack) - 1
	hit := c.stack[i].minHit
	if k := c.stack[i].kind; k == kRefs || k == kLabels {
		c.refStates[len(c.refStates)-1] = refState{}
		c.refStates = c.refStates[:len(c.refStates)-1]
	}
	c.stack[i] = task{} // let go of the nodes it held
	c.stack = c.stack[:i]
	if i > 0 && hit < c.stack[i-1].minHit {
		c.stack[i-1].minHit = hit
	}
}

// hit records that step i found an element marked at gen g.
func (c *computation) hit(i int, g uint32) {
	if g < c.stack[i].minHit {
		c.stack[i].minHit = g
	}
}

// markVisited marks h as visited; jump is set when the mark is made off
// the walk in tree order.
func (c *computation) markVisited(h *html.Node, jump bool) {
	if c.visited == nil {
		c.visited = map[*html.Node]uint32{}
	}
	c.gen++
	c.visited[h] = c.gen
	if jump {
		c.jumpMarks++
	}
}

// lookup returns the mark of h, if any. After a reuse without its marks, a
// lookup that finds none aborts the run (see lossy).
func (c *computation) lookup(h *html.Node) (uint32, bool) {
	g, ok := c.visited[h]
	if !ok && c.lossy {
		c.abort = true
	}
	return g, ok
}

// run runs the steps until none is left or the text is full.
func (c *computation) run() {
	for len(c.stack) > 0 {
		if c.abort {
			return
		}
		if c.out.full {
			// The name is at its bound: nothing more can change it.
			clear(c.stack)
			c.stack = c.stack[:0]
			clear(c.refStates)
			c.refStates = c.refStates[:0]
			return
		}
		c.steps++
		i := len(c.stack) - 1
		switch t := &c.stack[i]; {
		case t.kind == kContent, t.kind == kElement && t.phase == elContent:
			c.stepContent(i)
		case t.kind == kElement:
			c.stepElement(i)
		case t.kind == kRefs:
			c.stepRefs(i)
		case t.kind == kLabels:
			c.stepLabels(i)
		case t.kind == kListbox:
			c.stepListbox(i)
		}
	}
}

// pushElement starts the text alternative of element h.
func (c *computation) pushElement(h *html.Node, f frame) {
	c.push(task{kind: kElement, h: h, f: f, startGen: c.gen, rootSkips0: c.rootSkips, jump0: c.jumpMarks})
}

// finish ends the element step i, whose text came from src.
func (c *computation) finish(i int, src nameSource) {
	if c.stack[i].f.isRoot {
		c.src = src
	}
	c.pop()
}

// stepElement runs element step i (accname §4.3.2 step 2).
func (c *computation) stepElement(i int) {
	t := &c.stack[i]
	switch t.phase {
	case elStart:
		f := t.f
		// Step 2A: hidden content is not part of a name.
		if !f.isRoot && !f.includeHidden {
			how, vis := t.how, t.vis
			if !t.hidingKnown {
				how, vis = c.hidingOf(t.h)
			}
			if how != shown {
				c.pop()
				return
			}
			switch vis {
			case visHidden:
				t.f.visHidden = true
			case visVisible:
				t.f.visHidden = false
			}
			if t.f.visHidden {
				// Invisible itself (visibility: hidden inherits), but
				// a descendant may be visible again: only the content
				// counts.
				t.mark = c.out.mark()
				c.startContent(i, elDone)
				return
			}
		}
		// Step 2B: aria-labelledby.
		if !f.inReference {
			ids, ok := attr(t.h, "aria-labelledby")
			if !ok {
				// Chromium also reads the misspelling aria-labeledby.
				ids, ok = attr(t.h, "aria-labeledby")
			}
			if ok {
				t.phase = elAfterRefs
				t.mark = c.out.mark()
				c.pushRefs(task{kind: kRefs, mark: t.mark, first: c.contentParent(i) != nil}, refState{ids: ids})
				return
			}
		}
		c.elementOwn(i)
	case elAfterRefs:
		if !c.out.blankSince(t.mark) {
			if p := c.contentParent(i); p != nil {
				p.afterBlock = true
			}
			c.finish(i, fromOther)
			return
		}
		// Only the spaces between references that gave nothing.
		c.out.reset(t.mark)
		c.elementOwn(i)
	case elAfterHost:
		gave := !c.out.blankSince(t.mark)
		if !gave {
			c.out.reset(t.mark)
		}
		if gave || t.always {
			c.finish(i, hostSource(t.h))
			return
		}
		if isHTML(t.h, atom.Input) && inputType(t.h) == "image" && c.imageFallback(t.h) {
			c.finish(i, fromOther)
			return
		}
		c.elementContent(i)
	case elAfterContent:
		if !c.out.blankSince(t.mark) {
			c.finish(i, fromContent)
			return
		}
		if t.f.isRoot {
			// Nothing but white space: for an element being named,
			// fall through to its tooltip. Inside another's content
			// the space is kept, for the spacing around it.
			c.out.reset(t.mark)
		}
		c.elementTooltip(i)
	case elDone:
		c.finish(i, fromOther)
	}
}

// hostSource is where a name the host language gave came from.
func hostSource(h *html.Node) nameSource {
	if isHTML(h, atom.Table) {
		return fromCaption
	}
	if h.Namespace == "svg" {
		return fromSVGTitle
	}
	return fromOther
}

// elementOwn runs steps 2C to 2E of element step i: an embedded control's
// value, aria-label and the host language's label.
func (c *computation) elementOwn(i int) {
	t := &c.stack[i]
	h, f := t.h, t.f
	t.role = c.roleOf(h)

	// Step 2C (2E in accname 1.2): a control embedded in another's label
	// gives its value.
	if !f.isRoot && (f.recursion || f.inReference) {
		if handled, pushed := c.embeddedControl(i); handled {
			if !pushed {
				c.finish(i, fromOther)
			}
			return
		}
	}

	// Step 2D: aria-label.
	if v, ok := attr(h, "aria-label"); ok && !blank(v) {
		c.writeApart(i, v)
		c.finish(i, fromOther)
		return
	}

	// Step 2E: the host language.
	if t.role != "none" {
		gave, pushed := c.hostLanguage(i)
		if pushed {
			return
		}
		if gave {
			c.finish(i, hostSource(h))
			return
		}
	}
	c.elementContent(i)
}

// elementContent runs step 2F of element step i: the name from content.
func (c *computation) elementContent(i int) {
	t := &c.stack[i]
	f := t.f
	// Chromium takes no name from a landmark inside another element's
	// content, nor from a fieldset, or a table with a caption, whose
	// legend or caption is all they give there (outside references).
	if f.recursion && !f.inReference && (namedByLegendOrCaption(t.h) || noContentInName(t.h, t.role)) {
		c.elementTooltip(i)
		return
	}
	if f.recursion || f.inReference || c.fromContent(t.h, t.role) {
		t.mark = c.out.mark()
		c.startContent(i, elAfterContent)
		return
	}
	c.elementTooltip(i)
}

// namedByLegendOrCaption reports a fieldset, and a table with a caption:
// inside another element's content, Chromium 148 takes their legend or
// caption and not their content, even when the legend or caption gives
// nothing or there is no legend (the recorded page name-bounds).
func namedByLegendOrCaption(h *html.Node) bool {
	return isHTML(h, atom.Fieldset) || isHTML(h, atom.Table) && firstChildElement(h, atom.Caption) != nil
}

// elementTooltip runs the last steps of element step i: the tooltip
// attribute (step 2I) and a text field's placeholder.
func (c *computation) elementTooltip(i int) {
	t := &c.stack[i]
	h, f := t.h, t.f
	if f.isRoot && ariaTextField(h, t.role) {
		// Chromium names an ARIA text box, and an element made
		// editable, by its aria-placeholder before its title.
		if v, ok := attr(h, "aria-placeholder"); ok && !blank(v) {
			c.out.writeString(v)
			c.finish(i, fromOther)
			return
		}
	}
	// The title names the element being named and the elements met in
	// content, except those whose role prohibits a name (Chromium makes
	// the title of the element being named a description then); inside
	// a reference every element's title counts, a generic's too.
	if v, ok := attr(h, "title"); ok && !blank(v) && (f.inReference || !nameProhibited(t.role)) {
		c.writeApart(i, v)
		c.finish(i, fromTitle)
		return
	}
	if f.isRoot && isTextField(h) {
		if v, ok := attr(h, "placeholder"); ok && !blank(v) {
			c.out.writeString(v)
		} else if v, ok := attr(h, "aria-placeholder"); ok && !blank(v) {
			c.out.writeString(v)
		}
	}
	c.finish(i, fromOther)
}

// startContent starts the content of element step i, whose text began at
// its mark, to go on with phase then; or writes the text the content gave
// before when that text holds here (see storeContent).
func (c *computation) startContent(i int, then uint8) {
	t := &c.stack[i]
	h, f := t.h, t.f
	t.phase = then
	if c.reuse(memoKey{h: h, ctx: f.ctx()}, f, t.startGen, t.jump0) {
		return
	}
	t.phase, t.then = elContent, then
	t.next, t.gen0, t.lookups0, t.steps0 = h.FirstChild, c.gen, c.lookups, uint32(c.steps)
	c.out.openSpan()
}

// noReuse turns reuse off, for tests that compare the computation with
// and without it.
var noReuse bool

// reuse writes the text a content gave before, when it gives the same
// here, and reports whether it did. f is the frame of the element whose
// content it is, startGen and jump0 the counts of marks, and of those
// made off the walk in tree order, when that element began.
func (c *computation) reuse(key memoKey, f frame, startGen, jump0 uint32) bool {
	if noReuse {
		return false
	}
	if key.ctx&ctxReference != 0 {
		// Inside references nothing is passed over: a content that
		// marked nothing gives the same text again in the computation,
		// one that read no labels in any other, unless it holds the
		// element being named, which is left out of its own name.
		if k, ok := c.kept[key]; ok {
			c.steps++
			c.out.writeEdges(c.out.b[k.start:k.end], k.lead, k.trail)
			return true
		}
		m, ok := c.cache.lookup(key)
		if !ok || f.outside && c.cache.holds(key.h, c.root) {
			return false
		}
		c.steps++
		c.out.writeEdgesString(m.text, m.lead, m.trail)
		return true
	}
	// Outside references, a content was kept when it gave what it gives
	// with nothing marked before its element began (storeContent). Here
	// it gives the same when what was marked before cannot be looked up
	// in it: nothing at all for a content that looked up labels, which
	// lie anywhere; nothing off the walk in tree order for one that did
	// not, as the walk in tree order marks only what comes before it.
	m, ok := c.cache.lookup(key)
	if !ok || m.lookups && startGen != 0 || jump0 != 0 || f.outside && c.cache.holds(key.h, c.root) {
		return false
	}
	if m.writes && !(f.isRoot && key.ctx == 0) {
		// Its marks are not made again: what follows must not look
		// them up (see lossy).
		if c.noLossy {
			return false
		}
		c.lossy = true
		c.gen++ // what holds the content marked something too
	}
	c.steps++
	c.out.writeEdgesString(m.text, m.lead, m.trail)
	return true
}

// pushContent starts the content of h alone, read in frame f; ctx adds
// to the context bits of its text, unkept keeps it out of the cache.
func (c *computation) pushContent(h *html.Node, f frame, ctx uint8, unkept bool) {
	if !unkept && c.reuse(memoKey{h: h, ctx: f.ctx() | ctx}, f, c.gen, c.jumpMarks) {
		return
	}
	c.push(task{kind: kContent, h: h, f: f, ctx: ctx, next: h.FirstChild, mark: c.out.mark(), unkept: unkept,
		startGen: c.gen, rootSkips0: c.rootSkips, gen0: c.gen, lookups0: c.lookups, steps0: uint32(c.steps)})
	c.out.openSpan()
}

// stepContent reads the content of step i: the text of the children of
// an element, in tree order (accname §4.3.2 step 2F).
func (c *computation) stepContent(i int) {
	t := &c.stack[i]
	if t.afterBlock {
		c.out.space()
		t.afterBlock = false
	}
	f := t.f
	child := frame{
		inReference:   f.inReference,
		includeHidden: f.includeHidden,
		recursion:     true,
		visHidden:     f.visHidden,
		outside:       f.outside,
		jumped:        f.jumped,
	}
	if !t.skipsKnown {
		// Only a details skips some of its children: the rest need not
		// be asked for each child.
		t.skipsKnown, t.maySkip = true, isHTML(t.h, atom.Details)
	}
	if !t.begun {
		c.beginContent(t)
		if c.out.full {
			return
		}
	}
	for n := t.next; n != nil; n = n.NextSibling {
		c.steps++
		if t.maySkip && skipsChild(t.h, n) {
			// Not rendered, even for a reference (a closed details'
			// content, a block's with hidden=until-found).
			continue
		}
		switch n.Type {
		case html.TextNode:
			if !f.visHidden || f.includeHidden {
				c.writeRendered(t.h, t.style, nil, n.Data)
				if c.out.full {
					return
				}
			}
		case html.ElementNode:
			if n == c.root && !f.isRoot {
				// The element being named, inside its own label, is
				// not part of its own name.
				c.rootSkips++
				continue
			}
			var how hiding
			var vis visibility
			if !f.includeHidden {
				// Step 2A: a child that is not rendered adds nothing,
				// not even the space a block would put around its
				// text (one that is rendered but not exposed, by
				// aria-hidden or inert, still has its box).
				if how, vis = c.hidingOf(n); how == unrendered {
					continue
				}
			}
			if !f.inReference {
				g, ok := c.lookup(n)
				if c.abort {
					return
				}
				if ok {
					// A reference or a label gave it already.
					c.hit(i, g)
					continue
				}
				if isHTML(n, atom.Label) {
					// Chromium marks what it visits: a label in the
					// content is not read again as a control's label.
					c.markVisited(n, f.jumped)
				}
			}
			block := separatesText(n, styleOf(c.doc, n))
			if block {
				c.out.space()
			}
			t.next, t.afterBlock = n.NextSibling, block
			c.pushElement(n, child)
			if !f.includeHidden {
				top := &c.stack[len(c.stack)-1]
				top.hidingKnown, top.how, top.vis = true, how, vis
			}
			return
		}
	}
	t.next = nil
	if !t.skip {
		c.writePseudo(t, "after")
		if c.out.full {
			return
		}
	}
	c.storeContent(i)
	if t.kind == kContent {
		c.pop()
		return
	}
	t.phase = t.then
}

// minKept is the number of steps from which a content's text is kept in
// a cache (see storeContent).
const minKept = 32

// storeContent keeps the text the content of step i gave, where it holds
// for other steps:
//   - inside references nothing is passed over for having been visited,
//     and only labels are looked up, so a content gives the same text each
//     time unless it marked something (a label, read again, gives
//     nothing): this computation keeps it when it marked nothing, and a
//     Cache, for other computations, when it read no label and did
//     not pass over the element being named either;
//   - outside references, what a content gives depends on the elements
//     marked before it. A Cache keeps it when it found none of those
//     marked before its element began (so it gave what it gives when the
//     computation starts at the element) and did not pass over the
//     element being named, with whether it marked elements itself (see
//     reuse).
func (c *computation) storeContent(i int) {
	t := &c.stack[i]
	f := t.f
	key := memoKey{h: t.h, ctx: f.ctx() | t.ctx}
	start, end, lead, trail := c.out.closeSpan(t.mark)
	writes := c.gen != t.gen0
	// A content read in fewer steps than minKept costs no more to read
	// again than to keep: only the larger are kept in a cache.
	large := uint32(c.steps)-t.steps0 >= minKept
	if f.inReference {
		if writes {
			return
		}
		if c.kept == nil {
			c.kept = map[memoKey]keptText{}
		}
		c.kept[key] = keptText{start: start, end: end, lead: lead, trail: trail}
		if large && c.cache != nil && c.lookups == t.lookups0 && c.rootSkips == t.rootSkips0 {
			c.entries = append(c.entries, spanEntry{key: key, start: start, end: end, lead: lead, trail: trail})
		}
		return
	}
	if c.cache == nil || t.unkept || !large {
		return
	}
	if t.minHit > t.startGen && c.rootSkips == t.rootSkips0 {
		c.entries = append(c.entries, spanEntry{key: key, start: start, end: end, lead: lead, trail: trail,
			writes: writes, lookups: c.lookups != t.lookups0})
	}
}

// stepRefs runs reference step i: the text of each element an IDREF list
// names, joined by spaces, each trimmed and those that give nothing left
// out (accname §4.3.2 step 2B).
func (c *computation) stepRefs(i int) {
	t := &c.stack[i]
	r := &c.refStates[t.ref]
	if t.phase == 1 {
		// A referenced element's text is done.
		if c.out.blankSince(r.partMark) {
			c.out.reset(r.partMark)
		} else {
			c.out.pending = false
		}
		t.phase = 0
	}
	for {
		c.steps++
		var id string
		id, r.ids = nextToken(r.ids)
		if id == "" {
			c.pop()
			return
		}
		target := c.lookupID(id)
		if target == nil || c.isSkipped(target) {
			// An element in content the renderer skips gives nothing,
			// hidden though it may count otherwise (see skipsChild).
			continue
		}
		th := target.HTML()
		r.partMark = c.out.mark()
		if c.out.changedSince(t.mark) || t.first {
			// Between references; and before the first when the
			// element referring lies in content (see writeApart).
			c.out.space()
		}
		t.phase = 1
		c.pushElement(th, frame{inReference: true, direct: true, includeHidden: c.isHidden(target), outside: true, jumped: true})
		// What a reference gave, a content walk later passes over. The
		// mark is the element's own (made once it began, see reuse).
		c.markVisited(th, true)
		return
	}
}

// lookupID finds the element with the given id in the tree of the element
// being named: through the document's index when it is connected, else
// through an index of its own tree, built once.
func (c *computation) lookupID(id string) *vdom.Node {
	if c.doc == nil {
		return nil
	}
	if c.el.IsConnected() {
		return c.doc.GetElementByID(id)
	}
	if c.ids == nil {
		c.ids = map[string]*html.Node{}
		top := c.root
		for top.Parent != nil {
			top = top.Parent
		}
		for n := top.FirstChild; n != nil; n = htmltree.Next(n, top) {
			c.steps++
			if n.Type == html.ElementNode {
				if v, ok := attr(n, "id"); ok && v != "" {
					if _, seen := c.ids[v]; !seen {
						c.ids[v] = n
					}
				}
			}
		}
	}
	if h := c.ids[id]; h != nil {
		return c.doc.Wrap(h)
	}
	return nil
}

// stepLabels runs label step i: the text of a control's label elements,
// each read once, set apart by spaces.
func (c *computation) stepLabels(i int) {
	t := &c.stack[i]
	r := &c.refStates[t.ref]
	for r.i < len(r.labels) {
		c.steps++
		label := r.labels[r.i]
		lh := label.HTML()
		r.i++
		if c.isHidden(label) {
			// A hidden label gives its text to no control.
			continue
		}
		c.lookups++
		g, ok := c.lookup(lh)
		if c.abort {
			return
		}
		if ok {
			c.hit(i, g)
			continue
		}
		if c.out.changedSince(t.mark) {
			c.out.space()
		}
		c.pushElement(lh, frame{recursion: true, direct: true, outside: true, jumped: true})
		c.markVisited(lh, true)
		return
	}
	c.pop()
}

// pushLabels starts the labels of element step i when it has any, and
// reports whether it did.
func (c *computation) pushLabels(i int, always bool) bool {
	t := &c.stack[i]
	ls := c.handle(t.h).Labels()
	if len(ls) == 0 {
		return false
	}
	t.phase, t.mark, t.always = elAfterHost, c.out.mark(), always
	c.pushRefs(task{kind: kLabels, mark: t.mark}, refState{labels: ls})
	return true
}

// embeddedControl writes the value of a control embedded in a label or
// content, element step i, and reports whether it is such a control, and
// whether a step was started to give the value. A text field, select or
// combobox input without a value is not handled: as in Chromium, it
// gives its aria-label or title instead.
func (c *computation) embeddedControl(i int) (handled, pushed bool) {
	t := &c.stack[i]
	h := t.h
	switch t.role {
	case "textbox", "searchbox":
		if isHTML(h, atom.Input) || isHTML(h, atom.Textarea) {
			return c.writeValue(c.handle(h).Value()), false
		}
		// An ARIA text box's value is its text.
		return c.writeNonBlank(func() { c.writeTextContent(h) }), false
	case "combobox", "listbox":
		if isHTML(h, atom.Select) {
			return c.writeNonBlank(func() {
				for j, o := range c.handle(h).SelectedOptions() {
					if j > 0 {
						c.out.space()
					}
					c.writeOptionText(o.HTML())
				}
			}), false
		}
		if isHTML(h, atom.Input) {
			return c.writeValue(c.handle(h).Value()), false
		}
		if t.role == "combobox" {
			// An ARIA combobox is a control when it can take focus;
			// one that cannot gives its aria-label or title, as
			// Chromium has it, and never its content.
			if !c.handle(h).IsFocusable() {
				return false, false
			}
			c.writeComboboxValue(h)
			return true, false
		}
		t.phase = elDone
		c.push(task{kind: kListbox, h: h, f: t.f, next: h.FirstChild, first: true})
		return true, true
	case "slider", "spinbutton", "progressbar", "scrollbar", "meter", "separator":
		r, ok := rangeOf(c.handle(h), h, t.role)
		if !ok {
			return false, false
		}
		switch {
		case r.Text != "":
			c.out.writeString(r.Text)
		case r.HasNow:
			c.out.writeString(formatNumber(r.Now))
		}
		return true, false
	}
	return false, false
}

// contentParent returns the task reading the content element step i
// lies in, nil when the step was started otherwise (for a label, a
// reference, the element being named).
func (c *computation) contentParent(i int) *task {
	if i == 0 || !c.stack[i].f.recursion {
		return nil
	}
	if p := &c.stack[i-1]; p.kind == kContent || p.kind == kElement && p.phase == elContent {
		return p
	}
	return nil
}

// writeApart writes the text an attribute gives element step i
// (aria-label, title): where the element lies in another's content,
// Chromium sets that text apart from the text around it by spaces, as it
// does the text of references, even for an inline element.
func (c *computation) writeApart(i int, v string) {
	p := c.contentParent(i)
	if p != nil {
		c.out.space()
	}
	c.out.writeString(v)
	if p != nil {
		p.afterBlock = true
	}
}

// writeValue writes a control's value and reports whether there was one.
func (c *computation) writeValue(v string) bool {
	if v == "" {
		return false
	}
	c.out.writeString(v)
	return true
}

// writeNonBlank runs write and reports whether it wrote more than white
// space; if not, it takes back what it wrote.
func (c *computation) writeNonBlank(write func()) bool {
	m := c.out.mark()
	write()
	if c.out.blankSince(m) {
		c.out.reset(m)
		return false
	}
	return true
}

// writeComboboxValue writes the value of an ARIA combobox that can take
// focus, as Chromium 148 computes it: the text of the first option inside
// it marked selected, nothing when it holds options none of which is
// selected, and its text when it holds no option.
func (c *computation) writeComboboxValue(h *html.Node) {
	hasOption := false
	for n := h.FirstChild; n != nil; {
		c.steps++
		if n.Type == html.ElementNode && explicitToken(n) == "option" {
			if ariaTristate(n, "aria-selected", false) == True {
				c.writeTextContent(n)
				return
			}
			hasOption = true
		}
		n = htmltree.Next(n, h)
	}
	if !hasOption {
		c.writeTextContent(h)
	}
}

// stepListbox runs listbox step i: the content of the selected options of
// an ARIA listbox, set apart by spaces. An option inside a selected one
// is part of its content already.
func (c *computation) stepListbox(i int) {
	t := &c.stack[i]
	for d := t.next; d != nil; {
		c.steps++
		if d.Type != html.ElementNode || ariaTristate(d, "aria-selected", false) != True {
			d = htmltree.Next(d, t.h)
			continue
		}
		t.next = htmltree.NextSkippingChildren(d, t.h)
		if !t.first {
			c.out.space()
		}
		t.first = false
		c.pushContent(d, frame{recursion: true, inReference: t.f.inReference, outside: t.f.outside, jumped: true}, ctxSelected, false)
		return
	}
	c.pop()
}

// hostLanguage writes the text alternative HTML-AAM §4.1 gives element
// step i, and reports whether it gave one, or whether it started a step
// to read label elements.
func (c *computation) hostLanguage(i int) (gave, pushed bool) {
	h := c.stack[i].h
	if h.Namespace == "svg" {
		if title := svgTitle(h); title != nil {
			c.writeTextContent(title)
			return true, false
		}
		return false, false
	}
	if h.Namespace != "" {
		return false, false
	}
	switch h.DataAtom {
	case atom.Input:
		switch inputType(h) {
		case "button", "submit", "reset":
			// Chromium names a button input by its labels, even when
			// they give nothing, and then describes it by its value.
			if c.pushLabels(i, true) {
				return false, true
			}
			// A value attribute, even empty, replaces the default label.
			if v, ok := attr(h, "value"); ok {
				c.out.writeString(v)
				return v != "", false
			}
			switch inputType(h) {
			case "submit":
				c.out.writeString("Submit")
				return true, false
			case "reset":
				c.out.writeString("Reset")
				return true, false
			}
			return false, false
		case "image":
			if c.pushLabels(i, false) {
				return false, true
			}
			return c.imageFallback(h), false
		}
		return false, c.pushLabels(i, false)
	case atom.Button, atom.Select, atom.Textarea, atom.Meter, atom.Output, atom.Progress:
		return false, c.pushLabels(i, false)
	case atom.Fieldset:
		if l := firstChildElement(h, atom.Legend); l != nil {
			c.pushNativeLabel(i, l)
			return false, true
		}
	case atom.Table:
		if cp := firstChildElement(h, atom.Caption); cp != nil {
			c.pushNativeLabel(i, cp)
			return false, true
		}
		// Chromium names a table without a caption by its summary
		// attribute (HTML §16 lists it as obsolete), even a blank one.
		if v, ok := attr(h, "summary"); ok {
			c.out.writeString(v)
			return true, false
		}
	case atom.Img, atom.Area:
		if v, ok := attr(h, "alt"); ok {
			// alt="" is the name, empty: a title then describes.
			c.out.writeString(v)
			return true, false
		}
	case atom.Optgroup:
		if v, ok := attr(h, "label"); ok && !blank(v) {
			c.out.writeString(v)
			return true, false
		}
	case atom.Option:
		c.writeOptionText(h)
		return true, false
	}
	return false, false
}

// imageFallback writes what names an image input without labels: its
// alt, its value or "Submit"; a title is left to the tooltip step.
func (c *computation) imageFallback(h *html.Node) bool {
	if v, ok := attr(h, "alt"); ok && !blank(v) {
		c.out.writeString(v)
		return true
	}
	if v, ok := attr(h, "value"); ok && !blank(v) {
		c.out.writeString(v)
		return true
	}
	if v, ok := attr(h, "title"); ok && !blank(v) {
		return false
	}
	c.out.writeString("Submit")
	return true
}

// pushNativeLabel starts the text of a legend or caption that names the
// element of step i. It is marked, as a label is: when it gives nothing,
// the element's content that follows passes over it, where reading it
// again would read each legend of fieldsets nested in legends twice as
// often as the one around it. Inside references, where nothing is passed
// over, the content read again is the content read before (see reuse).
func (c *computation) pushNativeLabel(i int, l *html.Node) {
	t := &c.stack[i]
	t.phase, t.mark = elAfterHost, c.out.mark()
	c.pushElement(l, frame{recursion: true, inReference: t.f.inReference, includeHidden: t.f.includeHidden,
		outside: t.f.outside, jumped: true})
	if !t.f.inReference {
		c.markVisited(l, true)
	}
}

// writeTextContent writes the text of h's descendants, leaving out script
// and style.
func (c *computation) writeTextContent(h *html.Node) {
	for n := h.FirstChild; n != nil && !c.out.full; n = htmltree.Next(n, h) {
		c.steps++
		if n.Type == html.TextNode && !isHTML(n.Parent, atom.Script) && !isHTML(n.Parent, atom.Style) {
			c.out.writeString(n.Data)
		}
	}
}

// writeOptionText writes an option's text: its label, else its
// descendant text, script content excluded (HTML §4.10.10).
func (c *computation) writeOptionText(h *html.Node) {
	if v, ok := attr(h, "label"); ok && v != "" {
		c.out.writeString(v)
		return
	}
	c.writeTextContent(h)
}
