package query

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// ByPlaceholderText finds the elements whose placeholder attribute
// matches text. Options: a MatchMode.
func ByPlaceholderText(text string, opts ...TextOption) Query {
	return newText("ByPlaceholderText", "placeholder text", matcher{text: text}, nil, opts, nil, attrTexts("placeholder"), nil)
}

// ByPlaceholderTextFunc is ByPlaceholderText with a function of the
// normalised placeholder and the element; desc describes f in errors.
func ByPlaceholderTextFunc(desc string, f func(text string, el *vdom.Node) bool) Query {
	m, err := funcMatcher("ByPlaceholderTextFunc", desc, f)
	return newText("ByPlaceholderTextFunc", "placeholder text", m, err, nil, nil, attrTexts("placeholder"), nil)
}

// attrTexts yields the elements that have the attribute key, with its
// value.
func attrTexts(key string) func(*textFinder, *scope, func(*html.Node, string)) {
	return func(_ *textFinder, s *scope, yield func(*html.Node, string)) {
		s.elements(func(h *html.Node) bool {
			if v, ok := attr(h, key); ok {
				yield(h, v)
			}
			return true
		})
	}
}

// ByAltText finds the elements whose alt attribute matches text: img,
// input (of type image), area, and custom elements (a name with a
// hyphen), the elements Testing Library looks at. Options: a MatchMode.
func ByAltText(text string, opts ...TextOption) Query {
	return newText("ByAltText", "alt text", matcher{text: text}, nil, opts, nil, altTexts, nil)
}

// ByAltTextFunc is ByAltText with a function of the normalised alt text
// and the element; desc describes f in errors.
func ByAltTextFunc(desc string, f func(text string, el *vdom.Node) bool) Query {
	m, err := funcMatcher("ByAltTextFunc", desc, f)
	return newText("ByAltTextFunc", "alt text", m, err, nil, nil, altTexts, nil)
}

func altTexts(_ *textFinder, s *scope, yield func(*html.Node, string)) {
	s.elements(func(h *html.Node) bool {
		v, ok := attr(h, "alt")
		if !ok {
			return true
		}
		switch h.Data {
		case "img", "input", "area":
			yield(h, v)
		default:
			if strings.Contains(h.Data, "-") {
				yield(h, v)
			}
		}
		return true
	})
}

// ByTitle finds the elements whose title attribute matches text, and the
// title elements of SVG whose text does (<svg><title>Close</title></svg>
// finds the title element). Options: a MatchMode.
func ByTitle(text string, opts ...TextOption) Query {
	return newText("ByTitle", "title", matcher{text: text}, nil, opts, nil, titleTexts, nil)
}

// ByTitleFunc is ByTitle with a function of the normalised title and the
// element; desc describes f in errors.
func ByTitleFunc(desc string, f func(text string, el *vdom.Node) bool) Query {
	m, err := funcMatcher("ByTitleFunc", desc, f)
	return newText("ByTitleFunc", "title", m, err, nil, nil, titleTexts, nil)
}

func titleTexts(_ *textFinder, s *scope, yield func(*html.Node, string)) {
	s.elements(func(h *html.Node) bool {
		if v, ok := attr(h, "title"); ok {
			yield(h, v)
		}
		if h.Namespace == "svg" && h.Data == "title" && h.Parent != nil && h.Parent.Namespace == "svg" && h.Parent.Data == "svg" {
			yield(h, ownText(s, h))
		}
		return true
	})
}

// ByTestID finds the elements whose test id attribute equals id:
// data-testid, or the attribute SetTestIDAttribute set, or the one the
// Attribute option names. Options: Attribute, a MatchMode.
func ByTestID(id string, opts ...TextOption) Query {
	q := newText("ByTestID", "test id", matcher{text: id}, nil, opts, []string{"Attribute"}, testIDTexts, nil)
	if f, ok := q.f.(*textFinder); ok {
		// The description names the attribute, read when the query runs.
		q.f = &testIDFinder{f}
	}
	return q
}

// testIDFinder describes a ByTestID query with the attribute it reads.
type testIDFinder struct{ *textFinder }

func (f *testIDFinder) describe(b *strings.Builder) {
	f.textFinder.describe(b)
	b.WriteString(" (attribute " + f.textFinder.testIDAttr() + ")")
}

// testIDAttr is the attribute a ByTestID query reads.
func (f *textFinder) testIDAttr() string {
	if f.cfg.attr != nil {
		return f.cfg.attr.val
	}
	return TestIDAttribute()
}

func testIDTexts(f *textFinder, s *scope, yield func(*html.Node, string)) {
	attrTexts(f.testIDAttr())(f, s, yield)
}

// ByDisplayValue finds the form controls whose current value matches
// value: an input's or textarea's value as the user sees it now (what was
// typed, not the value attribute), or the text of a selected option of a
// select. Options: a MatchMode.
func ByDisplayValue(value string, opts ...TextOption) Query {
	return newText("ByDisplayValue", "display value", matcher{text: value}, nil, opts, nil, displayValues, nil)
}

// ByDisplayValueFunc is ByDisplayValue with a function of the normalised
// value and the control; desc describes f in errors.
func ByDisplayValueFunc(desc string, f func(value string, el *vdom.Node) bool) Query {
	m, err := funcMatcher("ByDisplayValueFunc", desc, f)
	return newText("ByDisplayValueFunc", "display value", m, err, nil, nil, displayValues, nil)
}

func displayValues(_ *textFinder, s *scope, yield func(*html.Node, string)) {
	s.elements(func(h *html.Node) bool {
		if h.Namespace != "" {
			return true
		}
		switch h.Data {
		case "input", "textarea":
			yield(h, s.wrap(h).Value())
		case "select":
			for _, opt := range s.wrap(h).SelectedOptions() {
				yield(h, ownText(s, opt.HTML()))
			}
		}
		return true
	})
}
