package selector

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// staticQuestions are the pseudo-classes whose Static answers come from
// whole trees or selects.
var staticQuestions = []PseudoClass{PseudoChecked, PseudoIndeterminate, PseudoInvalid, PseudoDefault}

// askAll asks every element of the tree under root each of the questions,
// through one query's context, as a query over the tree does.
func askAll(root *html.Node, lv *liveCtx) map[string][]string {
	got := map[string][]string{}
	i := 0
	for m := root; m != nil; m, _ = nextNode(m, root, true, 0) {
		if m.Type != html.ElementNode {
			continue
		}
		for _, pc := range staticQuestions {
			if askedKind(m, pc) && lv.is(m, pc) {
				got[pc.String()] = append(got[pc.String()], fmt.Sprintf("%s%d", m.Data, i))
			}
		}
		i++
	}
	return got
}

// TestStaticFactsWorkIsLinear asks every element of pages of n radio
// buttons, options and submit buttons about :checked, :indeterminate,
// :invalid and :default in one query's context, and wants the same
// number of walks for every n: one per tree or select and kind of fact,
// where a walk per element made the query quadratic.
func TestStaticFactsWorkIsLinear(t *testing.T) {
	page := func(n int) string {
		var sb strings.Builder
		sb.WriteString(`<form id=f><input type=radio name=r required>`)
		sb.WriteString(strings.Repeat(`<input type=radio name=r><button>b</button>`, n))
		sb.WriteString(`<select required>` + strings.Repeat(`<option>o`, n) + `</select></form>`)
		sb.WriteString(strings.Repeat(`<input type=radio name=s form=f>`, n))
		return sb.String()
	}
	walks := map[int]int{}
	for _, n := range []int{10, 300} {
		doc, err := html.Parse(strings.NewReader(page(n)))
		if err != nil {
			t.Fatal(err)
		}
		lv := &liveCtx{st: Static}
		got := askAll(doc, lv)
		if len(got[":indeterminate"]) != 2*n+1 || len(got[":default"]) != 1 {
			t.Fatalf("%d: %d :indeterminate, %d :default", n, len(got[":indeterminate"]), len(got[":default"]))
		}
		walks[n] = lv.static.walks
	}
	if walks[10] != walks[300] || walks[10] > 6 {
		t.Errorf("walks per query: %v; want the same few for every size", walks)
	}
}

// The walks Static made before it kept its facts, one per question: the
// definitions the kept facts must agree with.

func walkFormOwner(n *html.Node) *html.Node {
	if id, ok := getAttr(n, "form"); ok {
		f := ByID(treeRoot(n), id)
		if f != nil && f.DataAtom == atom.Form && f.Namespace == "" {
			return f
		}
		return nil
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.DataAtom == atom.Form && p.Namespace == "" {
			return p
		}
	}
	return nil
}

func walkGroupChecked(n *html.Node) bool {
	name, _ := getAttr(n, "name")
	if name == "" {
		return hasAttr(n, "checked")
	}
	form := walkFormOwner(n)
	root := treeRoot(n)
	for m := root; m != nil; m, _ = nextNode(m, root, true, 0) {
		if m.Type == html.ElementNode && m.DataAtom == atom.Input && m.Namespace == "" &&
			hasAttr(m, "checked") && inputType(m) == "radio" {
			if v, _ := getAttr(m, "name"); v == name && walkFormOwner(m) == form {
				return true
			}
		}
	}
	return false
}

func walkDefaultButton(form *html.Node) *html.Node {
	if form == nil {
		return nil
	}
	root := treeRoot(form)
	for m := root.FirstChild; m != nil; m, _ = nextNode(m, root, true, 0) {
		if m.Type == html.ElementNode && m.Namespace == "" && isSubmitButton(m) && walkFormOwner(m) == form {
			return m
		}
	}
	return nil
}

// randomFormPage is a page of forms, fieldsets, radio buttons (some named
// alike, some checked or required, some naming a form by its attribute),
// selects and submit buttons, chosen by rng.
func randomFormPage(rng *rand.Rand) string {
	var sb strings.Builder
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	open := 0
	for range 40 {
		switch rng.IntN(9) {
		case 0:
			sb.WriteString(pick(`<form id=f1>`, `<form id=f2>`, `<form>`, `<fieldset>`, `<div id=f1>`))
			open++
		case 1:
			if open > 0 {
				sb.WriteString(pick(`</form>`, `</fieldset>`, `</div>`))
				open--
			}
		case 2, 3, 4:
			fmt.Fprintf(&sb, `<input type=%s name=%s%s%s%s>`, pick("radio", "radio", "checkbox", "RADIO"),
				pick("a", "A", "b", ""), pick("", " checked"), pick("", "", " required"), pick("", "", " form=f1", " form=f2", " form=x"))
		case 5:
			sb.WriteString(`<select` + pick("", " required", " multiple", " size=3") + `>`)
			for range rng.IntN(4) {
				sb.WriteString(pick(`<option>o`, `<option selected>s`, `<option value="">`, `<option disabled>d`))
			}
			sb.WriteString(`</select>`)
		case 6, 7:
			sb.WriteString(pick(`<button>b</button>`, `<button type=button>b</button>`, `<input type=submit>`,
				`<button form=f2>b</button>`, `<input type=image form=f1>`))
		case 8:
			sb.WriteString(pick(`<input required>`, `<textarea required></textarea>`, `<input value=v required>`))
		}
	}
	return sb.String()
}

// TestStaticFactsAgreeWithWalks compares the kept facts, asked of every
// element of random pages and of detached parts of them in one context,
// with the walks of the definitions.
func TestStaticFactsAgreeWithWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 300 {
		src := randomFormPage(rng)
		doc, err := html.Parse(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		roots := []*html.Node{doc}
		// A detached part of the page is a tree of its own.
		if body := ByID(doc, "f1"); body != nil && body.Parent != nil && rng.IntN(2) == 0 {
			body.Parent.RemoveChild(body)
			roots = append(roots, body)
		}
		f := &staticFacts{}
		for _, root := range roots {
			for m := root; m != nil; m, _ = nextNode(m, root, true, 0) {
				if m.Type != html.ElementNode {
					continue
				}
				where := fmt.Sprintf("round %d, <%s %v> in %s", round, m.Data, m.Attr, src)
				if got, want := f.formOwner(m), walkFormOwner(m); got != want {
					t.Fatalf("%s: form owner %v, want %v", where, got, want)
				}
				if m.DataAtom == atom.Input {
					if got, want := f.groupChecked(m), walkGroupChecked(m); got != want {
						t.Fatalf("%s: group checked %v, want %v", where, got, want)
					}
				}
				if m.DataAtom == atom.Form {
					if got, want := f.defaultButton(m), walkDefaultButton(m); got != want {
						t.Fatalf("%s: default button %v, want %v", where, got, want)
					}
					want := false
					for c := root.FirstChild; c != nil; c, _ = nextNode(c, root, true, 0) {
						if c.Type == html.ElementNode && c.Namespace == "" && staticCandidate(c) &&
							new(staticFacts).valueMissing(c) && walkFormOwner(c) == m {
							want = true
						}
					}
					if got := f.hasInvalidControl(m); got != want {
						t.Fatalf("%s: invalid control %v, want %v", where, got, want)
					}
				}
				if m.DataAtom == atom.Select {
					if got, want := f.selectedOption(m), findSelectedOption(m); got != want {
						t.Fatalf("%s: selected option %v, want %v", where, got, want)
					}
				}
			}
		}
	}
}
