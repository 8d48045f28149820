package selector_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// stateEquivalents spells each state pseudo-class as a selector without
// one, over the attributes the fake State reads (data-state, data-focus)
// and the element kinds of State's contract. On fuzzStatePage (no
// contenteditable, no foreign elements, lower-case types) the two mean the
// same, so the rewritten selector is an oracle that shares no code with
// the state matcher.
var stateEquivalents = map[string]string{
	"checked":           ":is(input, option)[data-state~=checked]",
	"indeterminate":     ":is(input, progress)[data-state~=indeterminate]",
	"disabled":          ":is(button, input, select, textarea, optgroup, option, fieldset)[data-state~=disabled]",
	"enabled":           ":is(button, input, select, textarea, optgroup, option, fieldset):not([data-state~=disabled])",
	"required":          ":is(input:not([type=hidden], [type=range], [type=color], [type=submit], [type=image], [type=reset], [type=button]), select, textarea)[required]",
	"optional":          ":is(input, select, textarea, button):not(:is(input:not([type=hidden], [type=range], [type=color], [type=submit], [type=image], [type=reset], [type=button]), select, textarea)[required])",
	"valid":             ":is(input, select, textarea, button, fieldset, form)[data-state~=valid]",
	"invalid":           ":is(input, select, textarea, button, fieldset, form)[data-state~=invalid]",
	"in-range":          ":is(input)[data-state~=in-range]",
	"out-of-range":      ":is(input)[data-state~=out-of-range]",
	"read-write":        ":is(input, textarea)[data-state~=read-write]",
	"read-only":         ":not(:is(input, textarea)[data-state~=read-write])",
	"placeholder-shown": ":is(input, textarea)[data-state~=placeholder-shown]",
	"default":           ":is(button, input, option)[data-state~=default]",
	"focus":             "[data-focus]",
	"focus-visible":     "[data-focus=visible]",
	"focus-within":      ":is([data-focus], :has([data-focus]))",
	"any-link":          ":is(a, area)[href]",
	"link":              ":is(a, area)[href]",
	"visited":           ":not(*)",
	"target":            ":is([id], a[name])[data-state~=target]",
	"user-valid":        ":is(input, select, textarea)[data-state~=user-valid]",
	"user-invalid":      ":is(input, select, textarea)[data-state~=user-invalid]",
}

// rewriteState replaces the state pseudo-classes of src by their
// equivalents. ok is false when src holds text where a ':' need not start
// a pseudo-class (strings, escapes, comments, regular expressions).
func rewriteState(src string) (out string, ok bool) {
	lower := strings.ToLower(src)
	if strings.ContainsAny(src, `"'\`) || strings.Contains(src, "/*") || strings.Contains(src, "#=") ||
		strings.Contains(lower, "matches") || strings.Contains(lower, "contains") {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(src); {
		if src[i] != ':' {
			b.WriteByte(src[i])
			i++
			continue
		}
		j := i + 1
		for j < len(src) && (isIdentByte(src[j])) {
			j++
		}
		if eq, found := stateEquivalents[strings.ToLower(src[i+1:j])]; found && (i == 0 || src[i-1] != ':') {
			b.WriteString(eq)
		} else {
			b.WriteString(src[i:j])
		}
		i = j
	}
	return b.String(), true
}

func isIdentByte(c byte) bool {
	return c == '-' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// fuzzStatePage is statePage without what the equivalents cannot express,
// and with keyboard focus on n1.
var fuzzStatePage = func() string {
	s := statePage
	for _, cut := range []string{
		`<div id="ce" contenteditable><span id="ce1">e</span><span id="ce2" contenteditable="false">f</span></div>`,
		`<svg id="svg"><a id="sa" href="/z"></a></svg>`,
	} {
		s = strings.Replace(s, cut, "", 1)
	}
	return strings.Replace(s, `id="n1"`, `id="n1" data-focus="visible"`, 1)
}()

// FuzzStateSelectors checks selectors with state pseudo-classes, run with
// a fake State, against the same selectors with every state pseudo-class
// rewritten into attribute selectors; and that QueryAll, QueryFirst,
// QueryScoped and a brute-force Match over every element agree, on the
// document and below an inner root, without State.Is being asked outside
// its contract.
func FuzzStateSelectors(f *testing.F) {
	for _, s := range []string{
		":checked", ":enabled", "form :read-only", ":focus-within > input", "div:has(:focus)",
		"input:not(:checked):not(:disabled)", ":is(:checked, :indeterminate)", ":invalid :valid",
		":checked ~ :invalid", ":scope :default", "fieldset:has(> :checked) :placeholder-shown",
		":optional:in-range, :required:out-of-range", ":any-link, :link, :visited", ":focus-visible + *",
		"form:focus-within input:read-write", ":not(:focus-within) :enabled", ":has(+ :required)",
		"select :checked", "optgroup:disabled > option", ":is(form, fieldset):valid",
		":target", "form :user-invalid", ":user-valid ~ :target", ":lang(en) :dir(ltr)", ":nth-child(odd of :checked)",
	} {
		f.Add(s)
	}
	for _, s := range sources {
		f.Add(s)
	}
	doc := parseHTML(f, fuzzStatePage)
	inner := byID(f, doc, "f1")
	all := elements(doc)

	f.Fuzz(func(t *testing.T, src string) {
		sel, err := selector.Compile(src)
		if err != nil {
			return
		}
		fs := newFakeState(t, doc)
		live := sel.WithState(fs)
		got := labels(live.QueryAll(doc))
		if eq, ok := rewriteState(src); ok {
			oracle, err := selector.Compile(eq)
			if err != nil {
				t.Fatalf("%q rewritten as %q does not compile: %v", src, eq, err)
			}
			if diff := cmp.Diff(labels(oracle.QueryAll(doc)), got); diff != "" {
				t.Fatalf("%q: QueryAll vs the rewritten %q mismatch (-rewritten +got):\n%s", src, eq, diff)
			}
		}
		var brute []*html.Node
		for _, el := range all {
			if live.Match(el, doc) {
				brute = append(brute, el)
			}
		}
		if diff := cmp.Diff(labels(brute), got); diff != "" {
			t.Fatalf("%q: brute-force Match vs QueryAll mismatch (-Match +QueryAll):\n%s", src, diff)
		}
		if diff := cmp.Diff(got, labels(live.QueryScoped(doc, nil))); diff != "" {
			t.Fatalf("%q: QueryAll vs QueryScoped(document) mismatch (-QueryAll +QueryScoped):\n%s", src, diff)
		}
		if first := live.QueryFirst(doc); len(got) > 0 != (first != nil) || first != nil && label(first) != got[0] {
			t.Fatalf("%q: QueryFirst = %s, QueryAll = %v", src, label(first), got)
		}
		var want []*html.Node
		for _, el := range elements(inner) {
			if live.Match(el, inner) {
				want = append(want, el)
			}
		}
		if diff := cmp.Diff(labels(want), labels(live.QueryAll(inner))); diff != "" {
			t.Fatalf("%q: QueryAll(#f1) vs brute force mismatch (-want +got):\n%s", src, diff)
		}
		fs.checkContract(t)
	})
}
