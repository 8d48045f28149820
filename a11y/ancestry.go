package a11y

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Some roles and states depend on the element's ancestors: a header is a
// page banner only outside sectioning content, a table cell's role
// follows its table's, an option out of its listbox is a generic, a list
// item's level is the number of lists around it. facts folds what every
// such question needs into one value per element, computed from its
// parent's, so that the questions are answered by a walk up the tree
// without recursion, and, for the elements of one walk of a page, with an
// ancestry that remembers the values, in constant time: a page nested
// thousands of levels deep costs its size, not its size times its depth.

// facts is what an element gives the elements inside it.
type facts struct {
	// role is the element's own role.
	role string
	// context is the role of the element or of its nearest ancestor
	// whose role is not generic, none or absent: the role an option,
	// list item or tree item needs around it (ARIA "Required Context
	// Role").
	context string
	// table is the element or its nearest ancestor that is a table, and
	// tableRole the role its role attribute gives it.
	table     *html.Node
	tableRole string
	// selectEl is the element or its nearest ancestor that is a select,
	// listbox the element or its nearest ancestor whose role attribute
	// makes it a listbox.
	selectEl, listbox *html.Node
	// lists counts the lists among the element and its ancestors.
	lists int32
	// groups counts the groups among the element and its ancestors up
	// to the nearest tree: a tree item's level, less one.
	groups int32
	// grid tells whether the element or its nearest ancestor that is a
	// table or grid is a grid (1), a table (2), or there is none (0):
	// Chromium names a row from its cells only in a grid.
	grid int8
	// sectioning is set when the element or an ancestor is sectioning
	// content or a main: a header or footer inside is no landmark.
	sectioning bool
	// asideScope is set when the element or an ancestor is sectioning
	// content other than a main: an aside inside is a landmark only
	// with a name.
	asideScope bool
	// ariaDisabled is set when the element or an ancestor has
	// aria-disabled="true".
	ariaDisabled bool
	// readOnlyGrid is set when the element or its nearest ancestor that
	// is a grid or treegrid is read-only (aria-readonly="true"): its
	// cells are.
	readOnlyGrid bool
}

// ancestry remembers the facts of the elements it was asked about, for
// one walk of an unchanged tree.
type ancestry struct {
	memo  map[*html.Node]facts
	chain []*html.Node
	// marked remembers, for each ARIA listbox asked about, whether one
	// of its options is marked selected or checked (see
	// listboxHasMarkedOption).
	marked map[*html.Node]bool
}

// factsOf returns what p, an element or the node above the topmost
// element, gives the elements inside it.
func (a *ancestry) factsOf(p *html.Node) facts {
	// Walk up to the first element whose facts are known, or to the top,
	// then fold the facts down again, nearest the top first, remembering
	// them.
	chain := a.chain[:0]
	var f facts
	for q := p; isElement(q); q = q.Parent {
		if known, ok := a.memo[q]; ok {
			f = known
			break
		}
		chain = append(chain, q)
	}
	if len(chain) > 0 && a.memo == nil {
		a.memo = make(map[*html.Node]facts, len(chain))
	}
	for i := len(chain) - 1; i >= 0; i-- {
		f = f.inside(chain[i])
		a.memo[chain[i]] = f
	}
	a.chain = chain[:0]
	return f
}

// parentFacts answers the questions about an element's ancestors, from
// the facts of its parent: remembered in an ancestry for the elements of
// one walk, else by a walk up that stops as soon as it knows, as cheap as
// the question allows (a table cell looks for the nearest table, a few
// levels up). It never recurses.
type parentFacts struct {
	anc   *ancestry
	p     *html.Node
	f     facts
	known bool
	// walk is set once the parent is known to lie within shallowDepth of
	// the top: its ancestors are read by walks, as without an ancestry.
	walk bool
}

// upOf returns the parentFacts of h's parent, read through anc.
func upOf(anc *ancestry, h *html.Node) parentFacts { return parentFacts{anc: anc, p: h.Parent} }

// memo reports whether the facts come from an ancestry (or are known), and
// makes them known.
//
// Within shallowDepth of the top, as a HiddenChecker does, the ancestors
// are read by walks even with an ancestry: on an ordinary page that costs
// no more than remembering them, and remembering pays on deep trees.
func (u *parentFacts) memo() bool {
	if u.known {
		return true
	}
	if u.anc == nil || u.walk {
		return false
	}
	q := u.p
	for i := 0; i < shallowDepth && isElement(q); i++ {
		q = q.Parent
	}
	if !isElement(q) {
		u.walk = true
		return false
	}
	u.f, u.known = u.anc.factsOf(u.p), true
	return true
}

// context is facts.context: the role an option, list item or tree item
// needs around it.
func (u *parentFacts) context() string {
	if u.memo() {
		return u.f.context
	}
	// Up to the nearest ancestor whose role does not depend on its own
	// context, then down again through those whose role does: each is
	// itself when the role above it is its context, else a generic.
	var buf [8]string
	chain := buf[:0]
	state := ""
	for q := u.p; isElement(q); q = q.Parent {
		if name := explicitToken(q); contextDependent(name) {
			chain = append(chain, name)
			continue
		}
		up := upOf(nil, q)
		r := explicitRole(nil, q, &up)
		if r == "" {
			r = implicitRole(nil, q, &up)
		}
		if r != "generic" && r != "none" && r != "" {
			state = r
			break
		}
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if inRequiredContext(state, chain[i]) {
			state = chain[i]
		}
	}
	return state
}

// presentational reports whether the parent's role is none (the owned
// elements of a presentational list inherit it, ARIA §9.3).
func (u *parentFacts) presentational() bool {
	if u.memo() {
		return u.f.role == "none"
	}
	return isElement(u.p) && explicitToken(u.p) == "none" && !presentationConflict(nil, u.p)
}

// sectioning is facts.sectioning.
func (u *parentFacts) sectioning() bool {
	if u.memo() {
		return u.f.sectioning
	}
	for q := u.p; isElement(q); q = q.Parent {
		if q.Namespace != "" {
			continue
		}
		switch q.DataAtom {
		case atom.Article, atom.Aside, atom.Main, atom.Nav, atom.Section:
			return true
		}
		switch explicitToken(q) {
		case "article", "complementary", "main", "navigation":
			return true
		}
	}
	return false
}

// asideScope is facts.asideScope.
func (u *parentFacts) asideScope() bool {
	if u.memo() {
		return u.f.asideScope
	}
	for q := u.p; isElement(q); q = q.Parent {
		if q.Namespace != "" {
			continue
		}
		switch q.DataAtom {
		case atom.Article, atom.Aside, atom.Nav, atom.Section:
			return true
		}
		switch explicitToken(q) {
		case "article", "complementary", "navigation", "region":
			return true
		}
	}
	return false
}

// table returns facts.table and facts.tableRole.
func (u *parentFacts) table() (*html.Node, string) {
	if u.memo() {
		return u.f.table, u.f.tableRole
	}
	for q := u.p; isElement(q); q = q.Parent {
		if isHTML(q, atom.Table) {
			return q, tableRole(q)
		}
	}
	return nil, ""
}

// tableRole is the role a table's role attribute gives it, as far as its
// parts care: none makes them generics, grid and treegrid make its cells
// gridcells.
func tableRole(t *html.Node) string {
	switch name := explicitToken(t); name {
	case "none":
		if presentationConflict(nil, t) {
			return ""
		}
		return name
	case "listitem", "option", "treeitem":
		// Their context decides between them and a generic; for the
		// table's parts either is just not none, grid or treegrid.
		return ""
	default:
		return name
	}
}

// grid is facts.grid.
func (u *parentFacts) grid() int8 {
	if u.memo() {
		return u.f.grid
	}
	for q := u.p; isElement(q); q = q.Parent {
		switch explicitToken(q) {
		case "grid", "treegrid":
			return 1
		case "table":
			return 2
		}
		if isHTML(q, atom.Table) {
			return 2
		}
	}
	return 0
}

// lists is facts.lists.
func (u *parentFacts) lists() int32 {
	if u.memo() {
		return u.f.lists
	}
	var n int32
	for q := u.p; isElement(q); q = q.Parent {
		if q.Namespace == "" && (q.DataAtom == atom.Ul || q.DataAtom == atom.Ol || q.DataAtom == atom.Menu ||
			q.DataAtom == atom.Dir || explicitToken(q) == "list") {
			n++
		}
	}
	return n
}

// groups is facts.groups.
func (u *parentFacts) groups() int32 {
	if u.memo() {
		return u.f.groups
	}
	var n int32
	for q := u.p; isElement(q); q = q.Parent {
		switch explicitToken(q) {
		case "tree", "treegrid":
			return n
		case "group":
			n++
		}
	}
	return n
}

// ariaDisabled is facts.ariaDisabled.
func (u *parentFacts) ariaDisabled() bool {
	if u.memo() {
		return u.f.ariaDisabled
	}
	for q := u.p; isElement(q); q = q.Parent {
		if ariaTristate(q, "aria-disabled", false) == True {
			return true
		}
	}
	return false
}

// selectEl is facts.selectEl.
func (u *parentFacts) selectEl() *html.Node {
	if u.memo() {
		return u.f.selectEl
	}
	for q := u.p; isElement(q); q = q.Parent {
		if isHTML(q, atom.Select) {
			return q
		}
	}
	return nil
}

// listbox is facts.listbox.
func (u *parentFacts) listbox() *html.Node {
	if u.memo() {
		return u.f.listbox
	}
	for q := u.p; isElement(q); q = q.Parent {
		if explicitToken(q) == "listbox" {
			return q
		}
	}
	return nil
}

// inside returns the facts of element h, given up, those of its parent.
func (up facts) inside(h *html.Node) facts {
	f := up
	pf := parentFacts{f: up, known: true}
	explicit := ""
	if hasAttr(h, "role") {
		explicit = explicitRole(nil, h, &pf)
	}
	role := explicit
	if role == "" {
		role = implicitRole(nil, h, &pf)
	}
	f.role = role
	switch role {
	case "generic", "none", "":
	default:
		f.context = role
	}
	if isHTML(h, atom.Table) {
		f.table, f.tableRole = h, tableRole(h)
	}
	if isHTML(h, atom.Select) {
		f.selectEl = h
	}
	if explicit == "listbox" {
		f.listbox = h
	}
	switch explicit {
	case "grid", "treegrid":
		f.grid = 1
	case "table":
		f.grid = 2
	default:
		if isHTML(h, atom.Table) {
			f.grid = 2
		}
	}
	switch explicit {
	case "tree", "treegrid":
		f.groups = 0
	case "group":
		f.groups++
	}
	if h.Namespace == "" {
		switch h.DataAtom {
		case atom.Ul, atom.Ol, atom.Menu, atom.Dir:
			f.lists++
		default:
			if explicit == "list" {
				f.lists++
			}
		}
		switch h.DataAtom {
		case atom.Article, atom.Aside, atom.Nav, atom.Section:
			f.sectioning, f.asideScope = true, true
		case atom.Main:
			f.sectioning = true
		}
		switch explicit {
		case "article", "complementary", "navigation":
			f.sectioning, f.asideScope = true, true
		case "main":
			f.sectioning = true
		case "region":
			f.asideScope = true
		}
	}
	if ariaTristate(h, "aria-disabled", false) == True {
		f.ariaDisabled = true
	}
	switch explicit {
	case "grid", "treegrid":
		f.readOnlyGrid = ariaTristate(h, "aria-readonly", false) == True
	}
	return f
}

// readOnlyGrid is facts.readOnlyGrid.
func (u *parentFacts) readOnlyGrid() bool {
	if u.memo() {
		return u.f.readOnlyGrid
	}
	for q := u.p; isElement(q); q = q.Parent {
		switch explicitToken(q) {
		case "grid", "treegrid":
			return ariaTristate(q, "aria-readonly", false) == True
		}
	}
	return false
}
