package query

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// roleCorpus holds every HTML element type, and the attributes and
// places that change an element's implicit role.
func roleCorpus() string {
	var b strings.Builder
	for _, tag := range []string{
		"a", "abbr", "address", "area", "article", "aside", "audio", "b", "bdi", "bdo", "blockquote",
		"br", "button", "canvas", "caption", "cite", "code", "data", "datalist", "dd", "del", "details",
		"dfn", "dialog", "dir", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure",
		"footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "i", "iframe",
		"img", "input", "ins", "kbd", "label", "legend", "li", "main", "map", "mark", "menu", "meter",
		"nav", "noscript", "object", "ol", "optgroup", "option", "output", "p", "picture", "pre",
		"progress", "q", "rp", "rt", "ruby", "s", "samp", "search", "section", "select", "slot", "small",
		"span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "template", "textarea",
		"tfoot", "th", "thead", "time", "tr", "u", "ul", "var", "video", "wbr", "x-custom",
	} {
		b.WriteString("<" + tag + ">x</" + tag + ">")
		b.WriteString("<" + tag + ` href="/" alt="" title="t" aria-label="n" tabindex="0">x</` + tag + ">")
	}
	for _, typ := range []string{"", "text", "search", "email", "tel", "url", "password", "number",
		"range", "checkbox", "radio", "button", "submit", "reset", "image", "file", "hidden", "color",
		"date", "datetime-local", "month", "week", "time", "bogus"} {
		b.WriteString(`<input type="` + typ + `"><input type="` + typ + `" list="dl">`)
	}
	b.WriteString(`<datalist id="dl"><option>o</option></datalist>
		<select multiple><option>a</option></select><select size="4"><option>a</option></select>
		<img alt=""><img alt="" title="t"><img alt="x"><img>
		<section aria-label="s"><header>h</header><footer>f</footer><aside>a</aside></section>
		<article><header>h</header><footer>f</footer><aside aria-label="x">a</aside></article>
		<ul role="none"><li>i</li></ul><menu><li>m</li></menu>
		<details><summary>s</summary><summary>second</summary>d</details><summary>loose</summary>
		<table><caption>c</caption><thead><tr><th>h</th><th scope="row">r</th></tr></thead>
		<tbody><tr><th>r</th><td>d</td></tr></tbody></table>
		<table role="grid"><tr><th>h</th><td>d</td></tr></table>
		<table role="presentation"><caption>c</caption><tbody><tr><td>d</td></tr></tbody></table>
		<svg><title>t</title><a href="/">l</a><image href="x.png"/><g></g></svg>
		<math><mi>x</mi></math><form aria-label="f"></form><form name="f"></form>
		<fieldset disabled><legend>l</legend></fieldset>`)
	return b.String()
}

// TestRoleTagsCoverImplicitRoles checks the fast path of role queries:
// every element whose implicit role is a role of roleTags has an element
// type listed for it, on the corpus above and on the 10k page, so the
// fast path never passes over an element a11y would give the role.
func TestRoleTagsCoverImplicitRoles(t *testing.T) {
	for name, markup := range map[string]string{
		"corpus":   roleCorpus(),
		"page-10k": string(pagegen.Page(10_000)),
	} {
		doc := vdom.ParseString(markup)
		seen := map[string]bool{}
		for el := range doc.Descendants() {
			if !el.IsElement() {
				continue
			}
			role := a11y.ImplicitRole(el)
			seen[role] = true
			tags, ok := roleTags[role]
			if ok && !tags.has(el.HTML().DataAtom) {
				t.Errorf("%s: %s has the implicit role %q, but roleTags[%q] does not list %s",
					name, startTag(el), role, role, el.LocalName())
			}
		}
		if name == "corpus" {
			for role := range roleTags {
				if !seen[role] {
					t.Errorf("corpus: no element has the implicit role %q of roleTags: extend the corpus", role)
				}
			}
		}
	}
}

// TestRoleFastPathAgreesWithA11y runs every role query of roleTags on the
// corpus both ways: with the fast path, and asking a11y.Role of every
// element.
func TestRoleFastPathAgreesWithA11y(t *testing.T) {
	doc := vdom.ParseString(roleCorpus())
	s, err := newScope(&doc.Node)
	if err != nil {
		t.Fatal(err)
	}
	for role := range roleTags {
		f := &roleFinder{role: role, canon: role, cfg: roleConfig{includeHidden: true}}
		fast, err := f.find(s)
		if err != nil {
			t.Fatal(err)
		}
		var slow []*vdom.Node
		s.elements(func(h *html.Node) bool {
			if el := s.wrap(h); a11y.Role(el) == role {
				slow = append(slow, el)
			}
			return true
		})
		if len(fast) != len(slow) {
			t.Errorf("role %q: the fast path finds %d elements, a11y.Role %d", role, len(fast), len(slow))
			continue
		}
		for i := range fast {
			if fast[i] != slow[i] {
				t.Errorf("role %q: element %d is %s by the fast path, %s by a11y.Role", role, i, startTag(fast[i]), startTag(slow[i]))
			}
		}
	}
}
