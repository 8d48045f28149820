package selector

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// This file compiles the selectors of style rules, for a cascade: the
// prelude of a rule is parsed as Chromium parses it (which differs from
// Compile: see ParseRuleSelectors), and each of its complex selectors
// becomes a RuleSelector that knows its specificity, its pseudo-element,
// its serialization and what a cascade indexes it by.

// RuleSelector is one complex selector of a style rule's selector list,
// as ParseRuleSelectors returns it. It is immutable and safe for
// concurrent use.
type RuleSelector struct {
	list selList // exactly one complex selector
	// single is set when the selector is one compound of plain simple
	// selectors, which plain matches (nil: any element): most rules of
	// real sheets (".btn", "[hidden]", "*"), matched without the
	// matcher's setup.
	single bool
	plain  cascadia.Matcher
	text   string
	spec   Specificity
	pseudo string
	key    subjectKey
	// ancestors are the keys of the compounds that match ancestors
	// of the subject (RuleKey.Ancestors).
	ancestors []subjectKey
	// state: matching sets up a liveCtx; live: it may call the State;
	// has: :has() is used somewhere.
	state, live, has bool
	// depth is the deepest nesting of selector lists inside, counting what
	// & brings in, so nested rules stay within maxNesting.
	depth int
}

// ParseRuleSelectors parses the prelude of a style rule, such as
// "ul > li.item, a:hover::before", into its complex selectors, as a
// browser does (Selectors 4, CSS Nesting 1, and Chromium where they leave
// room):
//
//   - A selector list is valid only if each of its selectors is; otherwise
//     the error is an [*Error] (errors.Is(err, [ErrSyntax])) and the whole
//     rule is to be dropped, as Chromium drops it.
//   - The arguments of :is() and :where() are forgiving: an invalid one is
//     dropped, and :is() left with none matches nothing. :not(), :has()
//     and :nth-child(An+B of S) are not forgiving.
//   - A pseudo-element may end a selector: ::before, ::after, ::marker,
//     ::placeholder, ::selection, ::backdrop, ::file-selector-button,
//     ::first-line, ::first-letter (also with one colon, as CSS2 wrote
//     :before, :after, :first-line and :first-letter), ::cue and ::cue(),
//     ::details-content, ::target-text, ::search-text, ::spelling-error,
//     ::grammar-error, ::highlight(name), ::part(name), ::slotted(compound),
//     ::view-transition and ::view-transition-group(name) and its kin,
//     ::scroll-marker, ::scroll-marker-group, ::scroll-button(direction),
//     ::column, ::picker(name), ::picker-icon, ::checkmark,
//     ::permission-icon, and any ::-webkit-* (kept by Chromium for
//     compatibility); other vendors' prefixes (::-moz-, ::-ms-) are
//     unknown to Chromium and make the list invalid. What may follow a
//     pseudo-element in its compound is what Chromium 148 accepts: ::marker
//     after ::before and ::after; scrollbar pseudo-classes after
//     ::-webkit-scrollbar and its kin; user-action pseudo-classes (:hover,
//     :focus...) after other ::-webkit-* and ::file-selector-button, and
//     non-structural ones after ::part(); :window-inactive after
//     ::selection; :is() and :where() (whose arguments are held to the
//     same rule) and :not(). Chromium does not accept :hover after
//     ::before, so neither does this function.
//   - In a nested rule, parent is the enclosing style rule's selectors
//     (nil at the top level). & then stands for :is() of the parent
//     selectors that have no pseudo-element, and weighs as the most
//     specific of them; a selector that starts with a combinator ("> a",
//     "+ a", "~ a") or contains no & ("a") is relative to &: it is "& > a"
//     or "& a". & may appear anywhere (".a &", "&.b", ":not(&)"). At the
//     top level, & is :scope: the root element.
//   - This package's extensions for queries are not CSS and make the list
//     invalid, as they do in a browser: cascadia's :contains(), :matches(),
//     :haschild(), :input, [a!=b] and [a#=regexp]. So do the forms
//     Chromium has not shipped: the attribute flag s, :lang() with strings
//     or several ranges, and :has() inside :has(). As in Compile, namespace
//     prefixes are not supported.
//
// The prelude is read as CSS Syntax §3.3 reads a style sheet: invalid
// UTF-8 and NUL become U+FFFD. Errors give that text and the byte offset
// in it of the first problem.
func ParseRuleSelectors(prelude string, parent []*RuleSelector) (rules []*RuleSelector, err error) {
	if !utf8.ValidString(prelude) || strings.IndexByte(prelude, 0) >= 0 {
		prelude = strings.ReplaceAll(strings.ToValidUTF8(prelude, "\uFFFD"), "\x00", "\uFFFD")
	}
	defer func() {
		if r := recover(); r != nil {
			rules, err = nil, &Error{Selector: prelude, Offset: 0, Reason: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	p := parser{src: prelude, rule: true}
	if parent != nil {
		p.nest = newNesting(parent)
	}
	p.skipSpace()
	if p.pos == len(p.src) {
		return nil, p.errorf(0, "empty selector")
	}
	for {
		p.skipSpace()
		if c := p.at(p.pos); p.pos == len(p.src) || c == ',' || c == ')' {
			return nil, p.errorf(p.pos, "expected selector, found %s", p.found(p.pos))
		}
		p.parseFlags, p.maxDepth = parseFlags{}, 0
		var (
			cx   complexSel
			info cxInfo
			err  error
		)
		if p.nest != nil {
			cx, info, err = p.parseNestedComplex()
		} else {
			cx, info, err = p.parseComplex(false)
		}
		if err != nil {
			return nil, err
		}
		r := &RuleSelector{
			list: selList{cx}, text: info.text, spec: info.spec, pseudo: info.pseudo, key: info.key, ancestors: info.ancestors,
			state: p.state, live: p.live, has: p.has, depth: p.maxDepth,
		}
		if cp := &cx.parts[0]; len(cx.parts) == 1 && len(cp.subs) == 0 && len(cp.own) == 0 && cp.state == 0 && !cp.scope {
			r.single, r.plain = true, cp.m
		}
		rules = append(rules, r)
		if p.pos == len(p.src) {
			return rules, nil
		}
		if p.src[p.pos] == ')' {
			return nil, p.errorf(p.pos, "unmatched ')'")
		}
		p.pos++ // ','
	}
}

// Specificity returns the selector's specificity (Selectors 4 §17; see
// [Specificity]).
func (r *RuleSelector) Specificity() Specificity { return r.spec }

// PseudoElement returns the pseudo-element the selector ends with, in
// lower case and without its leading colons ("before", "first-line",
// "marker", "-webkit-scrollbar", "highlight(name)", "part(label)"), "" when
// there is none. The legacy one-colon forms give the same names (":before"
// gives "before"). A pseudo-element that follows another is part of the
// name: "before::marker", "part(label)::before". Arguments are as String
// writes them.
func (r *RuleSelector) PseudoElement() string { return r.pseudo }

// String returns the selector serialized as CSSOM §6.7.2 does, in
// Chromium's normal form (CSSOM's selectorText of a rule with this one
// selector): type selectors and pseudo-class names in lower case, "*" only
// alone, combinators between single spaces, attribute values as strings,
// An+B as "2n+1", legacy ":before" as "::before", and, in a nested rule,
// the implied & of a relative selector written out ("& > a"). Parsing it
// again, with the same parent, gives the same selector.
func (r *RuleSelector) String() string { return r.text }

// ReadsState reports whether matching r may ask a [State] anything (see
// [Selector.ReadsState]), including through & the parent selectors.
func (r *RuleSelector) ReadsState() bool { return r.live }

// RuleKey is what every element a [RuleSelector] matches has, taken from
// the selector's subject compound (the rightmost one; for a selector with
// a pseudo-element, its originating element's). A cascade indexes rules
// by it, as browsers bucket them by the subject's id, else a class, else
// the type, else nothing ("universal"), so that an element is matched
// only against rules that can apply.
//
// Only what the subject compound requires outright counts: ".a.b" needs
// classes a and b; "li:not(.x)" needs type li; ":is(.a)" and :where() with
// one argument, and & with one parent selector, need what that selector
// needs; ":is(.a, .b)" needs nothing. A field left empty requires nothing.
type RuleKey struct {
	// ID is an id the subject has ("" for none).
	ID string
	// Classes are classes the subject has, in the order written, without
	// repeats.
	Classes []string
	// Tag is the subject's type in ASCII lower case, as HTML elements'
	// names are ("" for any). Elements of other namespaces whose names
	// have upper-case letters (SVG's foreignObject) do not match a type
	// selector, as in this package's queries.
	Tag string
	// Attrs are names of attributes the subject has, in ASCII lower case.
	Attrs []string
	// State is ReadsState: a change of live state can change the
	// outcome.
	State bool
	// Has is set when the selector uses :has() anywhere (also through
	// &): the outcome for an element depends on its descendants or later
	// siblings too.
	Has bool
	// Ancestors are what ancestors of the subject have, one key (ID,
	// Classes, Tag, Attrs) for each compound left of a descendant or
	// child combinator that requires anything, leftmost first: in "nav
	// .menu > li.item" those of nav and .menu. An element none of whose
	// ancestors has what one of them requires does not match, as the
	// ancestor filters of browsers tell without matching.
	Ancestors []RuleKey
}

// Key returns what every element r matches has, for indexing rules. Its
// slices are copies: the caller may keep and change them.
func (r *RuleSelector) Key() RuleKey {
	return RuleKey{
		ID:        r.key.id,
		Classes:   slices.Clone(r.key.classes),
		Tag:       r.key.tag,
		Attrs:     slices.Clone(r.key.attrs),
		State:     r.live,
		Has:       r.has,
		Ancestors: r.ancestorKeys(),
	}
}

func (r *RuleSelector) ancestorKeys() []RuleKey {
	var out []RuleKey
	for _, k := range r.ancestors {
		out = append(out, RuleKey{ID: k.id, Classes: slices.Clone(k.classes), Tag: k.tag, Attrs: slices.Clone(k.attrs)})
	}
	return out
}

// Matches reports whether the element el matches r; for a selector with a
// pseudo-element, whether el is an originating element of it (el matches
// "p::before" when it matches "p"). A pseudo-element has no state of its
// own here, so a selector with a pseudo-class after its pseudo-element
// (::-webkit-scrollbar:horizontal) never matches, nor does one with
// ::part() or ::slotted(), which need shadow trees.
//
// There is no scoping root: :scope, and & at the top level, are the root
// element of el's tree. st answers the pseudo-classes of live state; nil
// means [Static]. Ancestors and siblings anywhere in el's tree take part.
// A node that is not an element never matches.
//
// Matches allocates nothing, except for selectors with :lang(), :dir(),
// :nth-child(An+B of S), :focus-within, :read-only or :read-write, which
// note what they read for the call. Like [Selector.Match], it costs time
// linear in el's depth and number of preceding siblings for each part of
// the selector (more when :is() or & holds combinators, whose walks are
// redone for every ancestor). A cascade that matches
// many rules against every element of a tree should use a [MatchContext],
// which remembers what the walks up the tree found from one call to the
// next and reads the State once, and so stays linear in the size of the
// tree.
func (r *RuleSelector) Matches(el *html.Node, st State) bool {
	switch {
	case el == nil || el.Type != html.ElementNode:
		return false
	case r.single:
		return r.plain == nil || r.plain.Match(el)
	case r.state:
		return r.matchLive(el, st)
	}
	x := mctx{}
	return r.list.match(el, 0, &x)
}

// matchLive is Matches for a selector that needs a liveCtx, kept apart so
// that the others do not pay for setting one up.
func (r *RuleSelector) matchLive(el *html.Node, st State) bool {
	lv := liveCtx{st: orStatic(st)}
	x := mctx{live: &lv}
	return r.list.match(el, 0, &x)
}
