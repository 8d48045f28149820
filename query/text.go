package query

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/internal/suggest"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// textFinder is every query that compares one text of each candidate
// element: ByText, ByPlaceholderText, ByAltText, ByTitle, ByTestID and
// ByDisplayValue. The queries differ in their candidates and texts.
type textFinder struct {
	noun string // what the text is, for descriptions: "text", "alt text"
	m    matcher
	cfg  textConfig
	// texts calls yield with the candidate elements in tree order and
	// their texts; an element with several texts (a select with several
	// selected options) comes once per text, in a row.
	texts func(f *textFinder, s *scope, yield func(h *html.Node, text string))
	// hint is added to the error of a query that finds nothing.
	hint func(f *textFinder, b *strings.Builder)
	// candidates returns the texts the query compared, for the near
	// match of its error; nil: those of texts.
	candidates func(f *textFinder, s *scope) []string
}

func (f *textFinder) find(s *scope) ([]*vdom.Node, error) {
	var found []*vdom.Node
	var last *html.Node
	f.texts(f, s, func(h *html.Node, text string) {
		if h == last {
			return
		}
		if f.m.matchNode(text, s, h) {
			found = append(found, s.wrap(h))
			last = h
		}
	})
	return found, nil
}

func (f *textFinder) describe(b *strings.Builder) {
	b.WriteString(f.noun)
	b.WriteString(" ")
	b.WriteString(f.m.String())
	if f.cfg.selector != nil {
		b.WriteString(" in elements matching ")
		b.WriteString(quote(f.cfg.selector.val))
	}
}

func (f *textFinder) explain(s *scope, b *strings.Builder) {
	if f.m.mode == Exact && f.m.want != f.m.text {
		b.WriteString("The text looked for was normalised to " + quote(f.m.want) + ".")
	}
	if near := f.near(s); near != "" {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(near)
	}
	if f.hint != nil {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		f.hint(f, b)
	}
}

// maxNearCandidates bounds the texts a failed query compares for a near
// match, so that the error of a query on a huge page stays quick.
const maxNearCandidates = 10000

// near says which text of the page comes close to the one looked for
// (package suggest), or "": one that differs only in case, contains it,
// or is a few edits away. Exact and Substring queries only: a pattern or
// a function has no text to be near to.
func (f *textFinder) near(s *scope) string {
	if f.m.mode != Exact && f.m.mode != Substring {
		return ""
	}
	var texts []string
	if f.candidates != nil {
		texts = f.candidates(f, s)
	} else if f.texts != nil {
		f.texts(f, s, func(_ *html.Node, text string) {
			if len(texts) < maxNearCandidates {
				texts = append(texts, normalize(text))
			}
		})
	}
	want := normalize(f.m.text)
	best, how := suggest.Text(want, texts)
	switch how {
	case suggest.Case:
		if f.m.mode == Exact {
			return fmt.Sprintf("Did you mean %s? A %s on the page differs only in case (query.Substring ignores case).", quote(best), f.noun)
		}
	case suggest.Contains:
		if f.m.mode == Exact {
			return fmt.Sprintf("Did you mean %s? That %s contains the text looked for (query.Substring matches part of a text).", quote(best), f.noun)
		}
	case suggest.Typo:
		return fmt.Sprintf("Did you mean %s? It is the closest %s on the page.", quote(best), f.noun)
	}
	return ""
}

// matchNode is match for an element known by its x/net/html node: the
// handle is made only for a function that takes it.
func (m *matcher) matchNode(text string, s *scope, h *html.Node) bool {
	var el *vdom.Node
	if m.mode == modeFunc {
		el = s.wrap(h)
	}
	return m.match(text, el)
}

// newText builds a textFinder, or the query that reports what is wrong
// with its options.
func newText(what, noun string, m matcher, merr error, opts []TextOption, allowed []string,
	texts func(*textFinder, *scope, func(*html.Node, string)), hint func(*textFinder, *strings.Builder)) Query {
	cfg, err := options(what, opts, allowed...)
	if err != nil {
		return Query{err: err}
	}
	if merr != nil {
		return Query{err: merr}
	}
	if m.mode != modeFunc {
		m, err = newMatcher(what, m.text, cfg.modes)
		if err != nil {
			return Query{err: err}
		}
	} else if len(cfg.modes) > 0 {
		return Query{err: errorf(what, "a match mode does not apply to a ...Func query")}
	}
	return build(&textFinder{noun: noun, m: m, cfg: cfg, texts: texts, hint: hint}, nil)
}

// ByText finds the elements whose own text matches text: the text of
// their child text nodes, joined, as Testing Library's getNodeText reads
// it, so <p>Hello <b>you</b></p> has the text "Hello" and its b the text
// "you"; for an input of type submit, button or reset, its value. The
// root itself is a candidate too when it is an element. Elements inside
// script and style are skipped (see Ignore); hidden elements are not.
// Options: a MatchMode, Selector, Ignore.
func ByText(text string, opts ...TextOption) Query {
	return newText("ByText", "text", matcher{text: text}, nil, opts, []string{"Selector", "Ignore"}, nodeTexts, textHint)
}

// ByTextFunc is ByText with a function of each candidate's normalised
// own text and the element; desc describes f in errors.
func ByTextFunc(desc string, f func(text string, el *vdom.Node) bool, opts ...TextOption) Query {
	m, err := funcMatcher("ByTextFunc", desc, f)
	return newText("ByTextFunc", "text", m, err, opts, []string{"Selector", "Ignore"}, nodeTexts, textHint)
}

func textHint(f *textFinder, b *strings.Builder) {
	b.WriteString("Each element's own text is compared, not its descendants': a text split across elements (<p>Hello <b>you</b></p>) is found by neither; ByTextFunc can match with a function.")
}

// nodeTexts yields the candidates of ByText and their own text.
func nodeTexts(f *textFinder, s *scope, yield func(*html.Node, string)) {
	ignore := "script, style"
	if f.cfg.ignore != nil {
		ignore = f.cfg.ignore.val
	}
	skip := func(h *html.Node) bool {
		switch ignore {
		case "":
			return false
		case "script, style":
			return h.Data == "script" || h.Data == "style"
		}
		ok, _ := s.wrap(h).Matches(ignore) // the selector compiled when the query was built
		return ok
	}
	visit := func(h *html.Node) {
		if !skip(h) {
			yield(h, ownText(s, h))
		}
	}
	root := s.root.HTML()
	if f.cfg.selector != nil {
		sel := f.cfg.selector.val
		if ok, _ := s.root.Matches(sel); ok {
			visit(root)
		}
		els, _ := s.root.QuerySelectorAll(sel)
		for _, el := range els {
			if !inTemplate(el.HTML()) || inTemplate(root) {
				visit(el.HTML())
			}
		}
		return
	}
	if root.Type == html.ElementNode {
		visit(root)
	}
	s.elements(func(h *html.Node) bool {
		visit(h)
		return true
	})
}

// ownText is Testing Library's getNodeText: an input button's value, else
// the element's child text nodes joined.
func ownText(s *scope, h *html.Node) string {
	if isHTML(h, "input") {
		switch t, _ := attr(h, "type"); strings.ToLower(t) {
		case "submit", "button", "reset":
			return s.wrap(h).Value()
		}
	}
	var first string
	var b *strings.Builder
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.TextNode || c.Data == "" {
			continue
		}
		switch {
		case b != nil:
			b.WriteString(c.Data)
		case first == "":
			first = c.Data
		default:
			b = &strings.Builder{}
			b.WriteString(first)
			b.WriteString(c.Data)
		}
	}
	if b != nil {
		return b.String()
	}
	return first
}
