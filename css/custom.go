package css

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// This file is custom properties (CSS Variables 1) and @property (CSS
// Properties and Values API 1): their computed values, inherited down
// the tree; var() substitution with fallbacks; dependency cycles, which
// make every property in the cycle guaranteed-invalid (§2.3); and the
// registrations, whose inherits and initial-value apply, with a few
// syntaxes checked and computed (see registeredValue).
//
// Nothing here recurses on the input without a bound: the dependencies
// among an element's custom properties are ordered by an iterative
// Tarjan's algorithm, so a chain of 100,000 properties costs no stack;
// var() inside a fallback nests at most maxVarNesting deep, and a value
// grows to at most maxSubstitutedBytes, past which it is invalid (as in
// Chromium, which bounds substituted values too).

const (
	// maxVarNesting is how deeply var() may nest in fallbacks.
	maxVarNesting = 64
	// maxSubstitutedBytes is the longest value substitution may make:
	// "--a: var(--b) var(--b)" twenty levels deep would otherwise double
	// its way to a gigabyte.
	maxSubstitutedBytes = 1 << 20
	// maxCustomChain is how many ancestors' custom property layers a
	// lookup may walk before the layers are merged into one.
	maxCustomChain = 8
)

// customValue is a custom property's computed value.
type customValue struct {
	text string
	// invalid is the guaranteed-invalid value, which hides an inherited
	// one (the property is as if not set).
	invalid bool
}

// customMap is the custom properties of an element: the ones it
// declares, over its parent's map.
type customMap struct {
	vals   map[string]customValue
	parent *customMap
	depth  int
}

// lookup returns a property's value; ok is false when it has none (or
// the guaranteed-invalid value).
func (m *customMap) lookup(name string) (string, bool) {
	for ; m != nil; m = m.parent {
		if v, ok := m.vals[name]; ok {
			return v.text, !v.invalid
		}
	}
	return "", false
}

// layer makes a map of vals over parent, merging the chain into one map
// when it grows past maxCustomChain, so lookups stay short.
func layer(vals map[string]customValue, parent *customMap) *customMap {
	m := &customMap{vals: vals, parent: parent}
	if parent != nil {
		m.depth = parent.depth + 1
	}
	if m.depth <= maxCustomChain {
		return m
	}
	flat := map[string]customValue{}
	var chain []*customMap
	for p := m; p != nil; p = p.parent {
		chain = append(chain, p)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		for k, v := range chain[i].vals {
			flat[k] = v
		}
	}
	return &customMap{vals: flat}
}

// registration is a custom property registered by @property.
type registration struct {
	syntax     string
	inherits   bool
	initial    string
	hasInitial bool
}

// register reads an @property rule (CSS Properties and Values API 1
// §3): the name, syntax and inherits are required; initial-value too
// unless the syntax is "*". An invalid rule registers nothing; the last
// valid one for a name wins.
func (b *ruleSetBuilder) register(r *AtRule) {
	name := strings.TrimSpace(r.Prelude())
	if !strings.HasPrefix(name, "--") {
		return
	}
	d := r.Descriptors()
	syntaxDecl, ok1 := d.Lookup("syntax")
	inheritsDecl, ok2 := d.Lookup("inherits")
	if !ok1 || !ok2 {
		return
	}
	reg := &registration{syntax: strings.TrimSpace(syntaxDecl.Value)}
	if s := newValueReader(reg.syntax); len(s.toks) == 1 && s.toks[0].kind == tString {
		reg.syntax = stringValue(s.text(s.toks[0]))
	} else {
		return
	}
	switch lowerASCII(strings.TrimSpace(inheritsDecl.Value)) {
	case "true":
		reg.inherits = true
	case "false":
	default:
		return
	}
	if init, ok := d.Lookup("initial-value"); ok {
		v, ok := registeredValue(reg.syntax, strings.TrimSpace(init.Value))
		if !ok {
			return
		}
		reg.initial, reg.hasInitial = v, true
	} else if strings.TrimSpace(reg.syntax) != "*" {
		return
	}
	b.set.registered[name] = reg
}

// registeredValue checks a value against a registered syntax and
// computes it (CSS Properties and Values API 1 §5). The syntaxes read
// here are "*", <length>, <number>, <integer>, <percentage>,
// <custom-ident> and keywords, alone or joined by "|"; a length in em or
// rem computes with a 16px font (font sizes are not computed here). A
// value for any other syntax is taken as written.
func registeredValue(syntax, value string) (string, bool) {
	syntax = strings.TrimSpace(syntax)
	if syntax == "*" {
		return value, true
	}
	r := newValueReader(value)
	if len(r.toks) != 1 && !hasVar(value) && strings.Contains(syntax, "<number>") {
		// A math function computes to its number: calc(0.1 * 2) is 0.2
		// (Chromium 148, var-registered-more).
		c := calcReader{valueReader: r}
		if v, pct, ok := c.term(0); ok && !pct && r.done() {
			return serializeNumber(v), true
		}
		r = newValueReader(value)
	}
	if len(r.toks) != 1 || hasVar(value) {
		if strings.ContainsAny(syntax, "+#") || strings.Contains(syntax, "<color>") {
			return value, true
		}
		return "", false
	}
	t := r.toks[0]
	known := true
	for _, alt := range strings.Split(syntax, "|") {
		alt = strings.TrimSpace(alt)
		switch alt {
		case "<length>":
			if v, ok := registeredLength(r, t); ok {
				return v, true
			}
		case "<number>":
			if t.kind == tNumber {
				f, _ := strconv.ParseFloat(r.text(t), 64)
				return serializeNumber(f), true
			}
		case "<integer>":
			if t.kind == tNumber && isIntegerToken(r.text(t)) {
				n, _ := strconv.Atoi(strings.TrimPrefix(r.text(t), "+"))
				return strconv.Itoa(n), true
			}
		case "<percentage>":
			if t.kind == tPercentage {
				return r.text(t), true
			}
		case "<custom-ident>":
			if t.kind == tIdent && cssWideKeyword(value) == wideNone {
				return unescapeIdent(r.text(t)), true
			}
		default:
			if strings.HasPrefix(alt, "<") {
				known = false
			} else if t.kind == tIdent && unescapeIdent(r.text(t)) == alt {
				return alt, true
			}
		}
	}
	if !known {
		return value, true
	}
	return "", false
}

// registeredLength computes an absolute length or a font-relative one
// (with a 16px font) in px.
func registeredLength(r *valueReader, t token) (string, bool) {
	if t.kind == tNumber && r.text(t) == "0" {
		return "0px", true
	}
	if t.kind != tDimension {
		return "", false
	}
	num, unit := splitDimension(r.text(t))
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return "", false
	}
	per, ok := map[string]float64{
		"px": 1, "em": 16, "rem": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4,
		"q": 96 / 101.6, "pt": 96.0 / 72, "pc": 16,
	}[lowerASCII(unit)]
	if !ok {
		return "", false
	}
	return strconv.FormatFloat(f*per, 'g', 6, 64) + "px", true
}

// computeCustom computes the custom properties of an element from the
// winning declarations, over its parent's. It returns the element's map
// and the layer it declared (nil when it declared nothing, and the
// parent's map is shared).
func (c *Cascade) computeCustom(parent *computed, winners []customWinner, reg map[string]*registration) (all, own *customMap) {
	var parentMap *customMap
	if parent != nil {
		parentMap = parent.custom
	}
	vals, declared := resolveCustoms(winners, parentMap, reg)
	if !declared {
		return parentMap, nil
	}
	own = layer(vals, parentMap)
	return own, own
}

// resolveCustoms computes the values of the custom properties an element
// declares: keywords, plain values, and values with var() in the order
// their dependencies need (Tarjan's strongly connected components:
// properties in a cycle, or reading themselves, are guaranteed-invalid).
func resolveCustoms(winners []customWinner, parent *customMap, reg map[string]*registration) (map[string]customValue, bool) {
	if len(winners) == 0 {
		return nil, false
	}
	vals := make(map[string]customValue, len(winners))
	inherited := func(name string) (string, bool) {
		if r := reg[name]; r != nil {
			if !r.inherits {
				return "", false
			}
		}
		return parent.lookup(name)
	}
	// withVar indexes the winners whose values hold var().
	index := map[string]int{}
	var withVar []int
	for i, w := range winners {
		d := w.d
		r := reg[w.name]
		switch {
		case d.wide == wideInitial:
			vals[w.name] = customValue{invalid: true}
		case d.wide == wideInherit:
			if v, ok := parent.lookup(w.name); ok {
				vals[w.name] = customValue{text: v}
			} else {
				vals[w.name] = customValue{invalid: true}
			}
		case d.wide == wideUnset:
			if r != nil && !r.inherits {
				vals[w.name] = customValue{invalid: true}
			}
			// unset inherits: the parent's value shows through.
		case d.hasVar:
			index[w.name] = len(withVar)
			withVar = append(withVar, i)
		default:
			vals[w.name] = registered(r, d.text)
		}
	}
	if len(withVar) > 0 {
		deps := make([][]int, len(withVar))
		for k, i := range withVar {
			for _, n := range varNames(winners[i].d.text) {
				if j, ok := index[n]; ok {
					deps[k] = append(deps[k], j)
				}
			}
		}
		lookup := func(name string) (string, bool) {
			if v, ok := vals[name]; ok {
				return v.text, !v.invalid
			}
			if r := reg[name]; r != nil && r.hasInitial {
				if v, ok := inherited(name); ok {
					return v, true
				}
				return r.initial, true
			}
			return inherited(name)
		}
		for _, comp := range stronglyConnected(deps) {
			if len(comp) > 1 || selfLoop(deps, comp[0]) {
				for _, k := range comp {
					vals[winners[withVar[k]].name] = customValue{invalid: true}
				}
				continue
			}
			w := winners[withVar[comp[0]]]
			text, ok := substitute(w.d.text, lookup)
			if !ok {
				vals[w.name] = customValue{invalid: true}
				continue
			}
			vals[w.name] = registered(reg[w.name], text)
		}
	}
	return vals, true
}

// registered computes a value for a registered property (or returns it
// as it is for another): a value its syntax rejects is invalid at
// computed-value time, which is unset, which is the initial value or the
// inherited one; here the initial value stands for both (an inherited
// registered value shows only when the element declares nothing).
func registered(r *registration, text string) customValue {
	if r == nil {
		return customValue{text: text}
	}
	if v, ok := registeredValue(r.syntax, text); ok {
		return customValue{text: v}
	}
	if r.hasInitial {
		return customValue{text: r.initial}
	}
	return customValue{invalid: true}
}

func selfLoop(deps [][]int, k int) bool {
	for _, d := range deps[k] {
		if d == k {
			return true
		}
	}
	return false
}

// stronglyConnected returns the strongly connected components of a
// graph, each component after those it depends on (Tarjan's algorithm,
// with an explicit stack instead of recursion).
func stronglyConnected(deps [][]int) [][]int {
	n := len(deps)
	idx := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range idx {
		idx[i] = -1
	}
	var stack, comps = []int{}, [][]int{}
	type frame struct{ v, next int }
	counter := 0
	for root := 0; root < n; root++ {
		if idx[root] >= 0 {
			continue
		}
		call := []frame{{v: root}}
		idx[root], low[root] = counter, counter
		counter++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.next < len(deps[f.v]) {
				w := deps[f.v][f.next]
				f.next++
				switch {
				case idx[w] < 0:
					idx[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{v: w})
				case onStack[w]:
					low[f.v] = min(low[f.v], idx[w])
				}
				continue
			}
			v := f.v
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == idx[v] {
				var comp []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				comps = append(comps, comp)
			}
		}
	}
	return comps
}

// substitute replaces the var() functions of a value by the values of
// the custom properties they name, or their fallbacks (CSS Variables 1
// §3). lookup gives a property's value, ok false when it has none. The
// result is invalid (ok false) when a var() names a property without a
// value and has no fallback, when var() nests deeper than maxVarNesting
// or the result grows past maxSubstitutedBytes.
func substitute(text string, lookup func(string) (string, bool)) (string, bool) {
	src := preprocess(text)
	var b strings.Builder
	ok := substituteInto(&b, src, tokenize(src), lookup, 0)
	return strings.TrimSpace(b.String()), ok && b.Len() <= maxSubstitutedBytes
}

func substituteInto(b *strings.Builder, src string, toks []token, lookup func(string) (string, bool), depth int) bool {
	if depth > maxVarNesting {
		return false
	}
	if len(toks) == 0 {
		return true
	}
	r := &valueReader{src: src, toks: toks}
	last := int(toks[0].off) // the offset up to which src is copied
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if r.funcName(t) != "var" {
			continue
		}
		end := r.closeOf(i)
		write(b, src[last:t.off])
		// The arguments: white space, a custom property name, white
		// space, and optionally a comma and the fallback.
		j := i + 1
		for j < end && toks[j].kind == tWhitespace {
			j++
		}
		if j >= end || toks[j].kind != tIdent {
			return false
		}
		name := unescapeIdent(r.text(toks[j]))
		if !strings.HasPrefix(name, "--") {
			return false
		}
		j++
		for j < end && toks[j].kind == tWhitespace {
			j++
		}
		hasFallback := j < end && toks[j].kind == tComma
		if j < end && !hasFallback || hasFallback && !declarationValueIn(src, toks[j+1:end]) {
			return false
		}
		if v, ok := lookup(name); ok {
			write(b, v)
		} else if hasFallback {
			if !substituteInto(b, src, toks[j+1:end], lookup, depth+1) {
				return false
			}
		} else {
			return false
		}
		if b.Len() > maxSubstitutedBytes {
			return false
		}
		if end < len(toks) {
			last = int(toks[end].end)
		} else {
			last = len(src)
		}
		i = end
	}
	if last < int(toks[len(toks)-1].end) {
		write(b, src[last:toks[len(toks)-1].end])
	}
	return true
}

// declarationValueIn reports whether a var() fallback is a
// <declaration-value>? (CSS Variables 1 §3): no ";" and no "!" outside
// the blocks and functions it holds. var(--a,; ) is an invalid var(),
// whatever --a holds, and so is "var(--a, b }; ...", whose "(" the sheet's
// end closes (Chromium 148, var-fallback-chains).
func declarationValueIn(src string, toks []token) bool {
	depth := 0
	for _, t := range toks {
		switch t.kind {
		case tFunction, tOpenParen, tOpenSquare, tOpenCurly:
			depth++
		case tCloseParen, tCloseSquare, tCloseCurly:
			depth = max(depth-1, 0) // one that closes nothing is a token like another
		case tSemicolon:
			if depth == 0 {
				return false
			}
		case tDelim:
			if depth == 0 && src[t.off:t.end] == "!" {
				return false
			}
		}
	}
	return true
}

// write appends s, with an empty comment between it and what came
// before where the two would otherwise run into one token (CSS Syntax
// §9: "1" and "px" stay a number and an identifier).
func write(b *strings.Builder, s string) {
	if s == "" {
		return
	}
	if b.Len() > 0 {
		prev := b.String()[b.Len()-1]
		if identByte(prev) && identByte(s[0]) {
			b.WriteString("/**/")
		}
	}
	b.WriteString(s)
}

func identByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '-' || c == '_' || c == '\\' || c >= 0x80
}

// customValue returns a custom property's computed value on s; ok is
// false when it has none.
func (s *Style) customValue(name string) (string, bool) {
	set := s.cascade.author
	r := set.registered[name]
	if set.refs[name] {
		return lookupRegistered(s.custom, s.own, r, name)
	}
	full, own := s.cascade.fullCustom(s.el)
	return lookupRegistered(full, own, r, name)
}

// lookupRegistered looks a property up in an element's map, as its
// registration says: a property that does not inherit is the element's
// own or the initial value.
func lookupRegistered(all, own *customMap, r *registration, name string) (string, bool) {
	if r != nil && !r.inherits {
		if own != nil {
			if v, ok := own.vals[name]; ok {
				return v.text, !v.invalid
			}
		}
		return r.initial, r.hasInitial
	}
	if v, ok := all.lookup(name); ok {
		return v, true
	}
	if r != nil && r.hasInitial {
		return r.initial, true
	}
	return "", false
}

// fullCustom computes the custom properties of el from every rule that
// declares one, for a property outside the main index (one no computed
// property reads): ancestors first, iteratively, each kept until
// Invalidate.
func (c *Cascade) fullCustom(el *html.Node) (all, own *customMap) {
	if e, ok := c.fullCustoms[el]; ok {
		return e.all, e.own
	}
	if c.customIx == nil {
		c.customIx = c.author.customIndex()
	}
	var chain []*html.Node
	for n := el; n != nil && n.Type == html.ElementNode; n = n.Parent {
		if _, ok := c.fullCustoms[n]; ok {
			break
		}
		chain = append(chain, n)
	}
	var states [numProps]propState
	for i := len(chain) - 1; i >= 0; i-- {
		n := chain[i]
		var parent *customMap
		if p := n.Parent; p != nil && p.Type == html.ElementNode {
			parent = c.fullCustoms[p].all
		}
		groups := c.match(c.customIx, n, c.fullGroups[:0])
		groups = c.appendStyleAttribute(groups, n)
		sortGroups(groups)
		winners := cascadeGroups(groups, &states, func(string) bool { return true }, nil)
		c.fullGroups = groups[:0]
		e := fullCustomEntry{all: parent}
		if vals, declared := resolveCustoms(winners, parent, c.author.registered); declared {
			e.own = layer(vals, parent)
			e.all = e.own
		}
		if c.fullCustoms == nil {
			c.fullCustoms = map[*html.Node]fullCustomEntry{}
		}
		c.fullCustoms[n] = e
	}
	e := c.fullCustoms[el]
	return e.all, e.own
}
