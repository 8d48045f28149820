package query_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestPretty(t *testing.T) {
	doc := parse(t, `<!DOCTYPE html><html><head><title>Shop</title><style>p{}</style></head><body>
		<!-- a comment -->
		<form id="f" action="/buy">
			<label>Name <input name="n" value="Ann"></label>
			<input type="checkbox" name="gift" checked>
			<input type="checkbox" name="wrap">
			<input type="file" name="doc">
			<textarea name="note">first</textarea>
			<select name="size"><option value="s">Small</option><option value="m" selected>Medium</option></select>
			<p title='say "hi"'>Line one
			and two</p>
			<script>var x = 1</script>
		</form></body></html>`)
	form := doc.GetElementByID("f")
	set := func(name string, f func(el *vdom.Node) error) {
		t.Helper()
		el, err := form.QuerySelector(`[name="` + name + `"]`)
		if err != nil || el == nil {
			t.Fatalf("no control %s: %v", name, err)
		}
		if err := f(el); err != nil {
			t.Fatal(err)
		}
	}
	set("n", func(el *vdom.Node) error { return el.SetValue("Bob") })
	set("gift", func(el *vdom.Node) error { el.SetChecked(false); return nil })
	set("wrap", func(el *vdom.Node) error { el.SetChecked(true); el.SetIndeterminate(true); return nil })
	set("doc", func(el *vdom.Node) error {
		return el.SetFiles([]vdom.File{{Name: "a.txt"}, {Name: "b.png"}})
	})
	set("note", func(el *vdom.Node) error { return el.SetValue("second\nline") })
	set("size", func(el *vdom.Node) error { el.SetSelectedIndex(0); return nil })

	want := `<!DOCTYPE html>
<html>
  <head>
    <title>Shop</title>
  </head>
  <body>
    <form id="f" action="/buy">
      <label>
        Name
        <input name="n" value="Ann" .value="Bob">
      </label>
      <input type="checkbox" name="gift" checked .checked=false>
      <input type="checkbox" name="wrap" .checked .indeterminate>
      <input type="file" name="doc" .files="a.txt, b.png">
      <textarea name="note" .value="second&#10;line">first</textarea>
      <select name="size">
        <option value="s" .selected>Small</option>
        <option value="m" selected .selected=false>Medium</option>
      </select>
      <p title="say &quot;hi&quot;">Line one and two</p>
    </form>
  </body>
</html>`
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(query.Pretty(&doc.Node), "\n")); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// A subtree prints from its root; a script given as the root prints.
	if diff := cmp.Diff("<title>Shop</title>", query.Pretty(doc.MustQuerySelector("title"))); diff != "" {
		t.Errorf("subtree mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("<script>var x = 1</script>", query.Pretty(doc.MustQuerySelector("script"))); diff != "" {
		t.Errorf("script root mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("(nil node)", query.Pretty(nil)); diff != "" {
		t.Errorf("nil mismatch (-want +got):\n%s", diff)
	}
}

func TestPrettyLongTextGetsItsOwnLine(t *testing.T) {
	long := strings.Repeat("word ", 30)
	doc := parse(t, `<p>`+long+`</p>`)
	want := "<p>\n  " + strings.TrimSpace(long) + "\n</p>"
	if diff := cmp.Diff(want, query.Pretty(doc.MustQuerySelector("p"))); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestPrettyMaxLength(t *testing.T) {
	doc := parse(t, `<ul>`+strings.Repeat(`<li>item é</li>`, 100)+`</ul>`)
	ul := doc.MustQuerySelector("ul")
	full := query.Pretty(ul, query.MaxLength(0))
	if n := strings.Count(full, "<li>"); n != 100 {
		t.Fatalf("MaxLength(0) printed %d items, want all 100", n)
	}
	got := query.Pretty(ul, query.MaxLength(40))
	want := "<ul>\n  <li>item é</li>\n  <li>item é</l\n... (cut at 40 characters)"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// A cut inside a character backs off to its start.
	got = query.Pretty(ul, query.MaxLength(17))
	want = "<ul>\n  <li>item \n... (cut at 17 characters)"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch at a character boundary (-want +got):\n%s", diff)
	}
	if got := query.Pretty(ul); len(full) > query.DefaultMaxLength || got != full {
		t.Errorf("the default limit cut a %d-byte print", len(full))
	}
}

func TestPrettyDeepTree(t *testing.T) {
	const depth = 20_000
	doc := parse(t, strings.Repeat("<div>", depth)+"bottom"+strings.Repeat("</div>", depth))
	out := query.Pretty(doc.Body(), query.MaxLength(0))
	lines := strings.Split(out, "\n")
	if got, want := len(lines), 2*depth+1; got != want {
		t.Fatalf("%d lines, want %d", got, want)
	}
	// The indentation stops growing at 64 levels.
	if diff := cmp.Diff(strings.Repeat("  ", 64)+"<div>bottom</div>", lines[depth]); diff != "" {
		t.Errorf("deepest line mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("</body>", lines[len(lines)-1]); diff != "" {
		t.Errorf("last line mismatch (-want +got):\n%s", diff)
	}
	if out != query.Pretty(doc.Body(), query.MaxLength(0)) {
		t.Error("two prints of the same tree differ")
	}
}

// TestPrettyLargePageStopsAtTheLimit: the print of the 10k page stops at
// the default limit, with the note, and is the start of the full print.
func TestPrettyLargePageStopsAtTheLimit(t *testing.T) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	full := query.Pretty(&doc.Node, query.MaxLength(0))
	cut := query.Pretty(&doc.Node)
	note := "\n... (cut at 7000 characters)"
	body, ok := strings.CutSuffix(cut, note)
	if !ok {
		t.Fatalf("the print of the 10k page does not end with %q:\n%s", note, cut[len(cut)-200:])
	}
	if len(body) != query.DefaultMaxLength || !strings.HasPrefix(full, body) {
		t.Errorf("the cut print (%d bytes) is not the first %d bytes of the full print (%d bytes)", len(body), query.DefaultMaxLength, len(full))
	}
}

// An empty attribute prints as name="", as Testing Library prints it, so
// that an empty value does not read as a flag; HTML's boolean attributes
// print bare, since being there is all they say.
func TestPrettyEmptyAttributes(t *testing.T) {
	doc := parse(t, `<form id="f"><input name="q" value="" placeholder required disabled><option selected value>x</option><svg><rect hidden=""></rect></svg></form>`)
	want := `<form id="f">
  <input name="q" value="" placeholder="" required disabled>
  <option selected value="">x</option>
  <svg>
    <rect hidden=""></rect>
  </svg>
</form>`
	if diff := cmp.Diff(want, query.Pretty(doc.GetElementByID("f"))); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
