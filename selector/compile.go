package selector

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/andybalholm/cascadia"
)

// This file turns source text into a Selector: the parser (tokenize.go)
// checks the syntax and builds the compiled tree, cascadia compiles the
// plain simple selectors of each compound, and, when cascadia can run the
// whole selector with the same meaning, its own group matcher becomes the
// fast path.

// parses counts calls to compile, so tests can prove that a cached
// selector is never parsed again.
var parses atomic.Int64

// compile parses src. It never panics: a panic inside cascadia (it has had
// some on odd input) becomes an *Error.
func compile(src string) (s *Selector, err error) {
	parses.Add(1)
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, &Error{Selector: src, Offset: 0, Reason: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	p := parser{src: src}
	list, err := p.parseTop()
	if err != nil {
		return nil, err
	}
	s = &Selector{src: src, list: list, depth: listDepth(list), state: p.state, live: p.live}
	s.scoped = withScopePrefix(list)
	s.scopedDepth = listDepth(s.scoped)
	s.width = numberParts(s.list)
	s.scopedWidth = numberParts(s.scoped)
	for i := range list {
		for _, c := range list[i].combs {
			s.loops = s.loops || c == ' ' || c == '~'
		}
	}
	if !p.own {
		// Nothing cascadia lacks is used, so its matcher means the same
		// as ours, and it is the one the performance target is set
		// against. If it still disagrees about the syntax, ours stays.
		if g, err := safeParseGroup(src); err == nil && len(g) > 0 {
			if len(g) == 1 {
				s.fast = g[0]
			} else {
				s.fast = g
			}
			s.scopedFast = true
			for i := range list {
				s.scopedFast = s.scopedFast && len(list[i].parts) == 1
			}
		}
	}
	return s, nil
}

// compileCompound has cascadia compile the plain simple selectors of a
// compound (all of it but :scope, :is(), :where(), :not() and :has()). When
// cascadia rejects them, each simple selector is tried alone to find which
// one to blame, because cascadia's errors carry no position.
func (p *parser) compileCompound(cp *compound, simples []simple, start int) error {
	cp.elem = len(simples) > 0 || len(cp.subs) > 0 || len(cp.own) > 0 || cp.state != 0
	if len(simples) == 0 || len(simples) == 1 && simples[0].text == "*" {
		return nil // no condition beyond "is an element"
	}
	text := simples[0].text
	if len(simples) > 1 {
		var b strings.Builder
		for _, sm := range simples {
			b.WriteString(sm.text)
		}
		text = b.String()
	}
	sel, err := safeParse(text)
	if err == nil {
		cp.m = sel
		return nil
	}
	for _, sm := range simples {
		if _, e := safeParse(sm.text); e != nil {
			return p.errorf(sm.blame, "%s", e)
		}
	}
	return p.errorf(start, "%s", err)
}

func safeParse(text string) (sel cascadia.Sel, err error) {
	defer func() {
		if r := recover(); r != nil {
			sel, err = nil, fmt.Errorf("selector engine failed: %v", r)
		}
	}()
	return cascadia.Parse(text)
}

func safeParseGroup(text string) (g cascadia.SelectorGroup, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("selector engine failed: %v", r)
		}
	}()
	return cascadia.ParseGroup(text)
}

// withScopePrefix returns list with ":scope " put in front of every complex
// selector that does not already start with a :scope compound: the form
// QueryScoped runs, where every compound must lie inside the root.
func withScopePrefix(list selList) selList {
	out := make(selList, len(list))
	for i, cx := range list {
		if cx.parts[len(cx.parts)-1].scope {
			out[i] = cx
			continue
		}
		cx.parts = append(cx.parts[:len(cx.parts):len(cx.parts)], compound{scope: true})
		cx.combs = append(cx.combs[:len(cx.combs):len(cx.combs)], ' ')
		cx.depth = anchoredDepth(&cx, false)
		cx.implicitScope = true
		out[i] = cx
	}
	return out
}

// numberParts sets memoBase on every selector of list and returns the
// number of parts in all.
func numberParts(list selList) int {
	n := 0
	for i := range list {
		list[i].memoBase = n
		n += len(list[i].parts)
	}
	return n
}

// listDepth is the deepest level below the scoping root at which any
// selector of list can match, or -1 when unbounded.
func listDepth(list selList) int {
	d := 0
	for i := range list {
		if list[i].depth < 0 {
			return -1
		}
		d = max(d, list[i].depth)
	}
	return d
}
