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
	// selectEl is the element or its nearest ancestor that is a select.
	selectEl *html.Node
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
}

// ancestry remembers the facts of the elements it was asked about, for
// one walk of an unchanged tree. A nil *ancestry remembers nothing.
type ancestry struct {
	memo  map[*html.Node]facts
	chain []*html.Node
}

// factsOf returns what p, an element or the node above the topmost
// element, gives the elements inside it.
func (a *ancestry) factsOf(p *html.Node) facts {
	if a == nil {
		return walkFacts(p)
	}
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

// walkFacts is factsOf without an ancestry: a walk up and down the
// ancestors, which allocates nothing below 64 of them.
func walkFacts(p *html.Node) facts {
	var buf [64]*html.Node
	chain := buf[:0]
	for q := p; isElement(q); q = q.Parent {
		chain = append(chain, q)
	}
	var f facts
	for i := len(chain) - 1; i >= 0; i-- {
		f = f.inside(chain[i])
	}
	return f
}

// parentFacts gives the facts of an element's parent when a question
// needs them, once.
type parentFacts struct {
	anc   *ancestry
	p     *html.Node
	f     facts
	known bool
}

// upOf returns the parentFacts of h's parent, read through anc.
func upOf(anc *ancestry, h *html.Node) parentFacts { return parentFacts{anc: anc, p: h.Parent} }

func (u *parentFacts) get() facts {
	if !u.known {
		u.f, u.known = u.anc.factsOf(u.p), true
	}
	return u.f
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
		f.table, f.tableRole = h, explicit
	}
	if isHTML(h, atom.Select) {
		f.selectEl = h
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
	return f
}
