package query_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// TestRoleQueryFollowsStyles runs role queries on a page styled by the
// Tailwind 4 build of vdom/testdata/style/sheets, changing classes and
// attributes between them: each query sees the change, with nothing to
// refresh.
func TestRoleQueryFollowsStyles(t *testing.T) {
	sheet, err := os.ReadFile(filepath.Join("..", "vdom", "testdata", "style", "sheets", "tailwind.css"))
	if err != nil {
		t.Fatal(err)
	}
	loader := css.LoaderFunc(func(context.Context, string, int64) (css.Resource, error) {
		return css.Resource{Body: sheet, ContentType: "text/css"}, nil
	})
	doc, err := vdom.Parse(strings.NewReader(`<!DOCTYPE html><html><head>
		<link rel="stylesheet" href="/tailwind.css"></head><body>
		<div id="panel" class="hidden"><button>Save</button></div>
		<button id="forced" class="block" hidden>Delete</button>
		<button id="invisible" class="invisible">Undo</button>
		<button class="sr-only">Skip to content</button>
		</body></html>`), vdom.WithURL("https://app.test/"), vdom.WithStyleSheetLoader(loader))
	if err != nil {
		t.Fatal(err)
	}
	buttons := func() []string {
		t.Helper()
		found, err := query.ByRole("button").QueryAll(&doc.Node)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, b := range found {
			names = append(names, b.TextContent())
		}
		return names
	}
	steps := []struct {
		what   string
		change func()
		want   []string
	}{
		{"as loaded: .hidden, [hidden] (important in Tailwind's base layer, over .block) and .invisible hide; .sr-only does not", func() {},
			[]string{"Skip to content"}},
		{"the panel's class hidden removed", func() { doc.GetElementByID("panel").ClassList().Remove("hidden") },
			[]string{"Save", "Skip to content"}},
		{"the hidden attribute removed", func() { doc.GetElementByID("forced").RemoveAttribute("hidden") },
			[]string{"Save", "Delete", "Skip to content"}},
		{"visible by a style attribute", func() { _ = doc.GetElementByID("invisible").SetAttribute("style", "visibility: visible") },
			[]string{"Save", "Delete", "Undo", "Skip to content"}},
		{"md:block over hidden, at the default medium's 1280px", func() { _ = doc.GetElementByID("panel").SetAttribute("class", "hidden md:block") },
			[]string{"Save", "Delete", "Undo", "Skip to content"}},
		{"a phone's viewport: md:block does not apply", func() {
			m := css.DefaultMedium()
			m.Width, m.Height = 390, 844
			doc.SetMedium(m)
		}, []string{"Delete", "Undo", "Skip to content"}},
	}
	for _, s := range steps {
		s.change()
		if diff := cmp.Diff(s.want, buttons()); diff != "" {
			t.Errorf("%s: buttons mismatch (-want +got):\n%s", s.what, diff)
		}
	}
}

// TestNotFoundSaysWhyHidden: a role query that finds nothing says which
// elements it would find with IncludeHidden and why each is hidden, from
// the style sheets (the element and the rule) or aria-hidden.
func TestNotFoundSaysWhyHidden(t *testing.T) {
	doc := vdom.ParseString(`<style>
		.hidden { display: none }
		.invisible { visibility: hidden }
	</style>
	<nav id="menu" class="hidden"><button>Save</button></nav>
	<button class="invisible">Save</button>
	<div aria-hidden="true"><button id="inert-save">Save</button></div>
	<button>Cancel</button>`)
	_, err := query.ByRole("button", query.Name("Save")).Get(&doc.Node)
	if err == nil {
		t.Fatal("found a hidden button")
	}
	got := strings.Split(err.Error(), "\n\n")[1]
	want := "3 elements match but are hidden (IncludeHidden() finds them):\n" +
		"  <button>: its ancestor #menu has display: none from `.hidden` in <style> #1, line 2\n" +
		"  <button class=\"invisible\">: it has visibility: hidden from `.invisible` in <style> #1, line 3\n" +
		"  <button id=\"inert-save\">: its ancestor body > div has aria-hidden=\"true\""
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("explanation mismatch (-want +got):\n%s", diff)
	}
	if _, err := query.ByRole("button", query.Name("Cancel")).Get(&doc.Node); err != nil {
		t.Errorf("the shown button: %v", err)
	}
}
