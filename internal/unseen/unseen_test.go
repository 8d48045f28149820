package unseen_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/eventperk/eventperk-go/internal/stylerec"
	"github.com/eventperk/eventperk-go/internal/unseen"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

const page = `<style>
.d-none { display: none }
.invisible { visibility: hidden }
.pe-none { pointer-events: none }
.fade { --o: 0; opacity: var(--o) }
.again { visibility: inherit }
.unset { pointer-events: unset }
</style>
<p id="attr" hidden>a</p>
<div id="panel" class="d-none"><p><span id="deep">b</span></p></div>
<dialog id="dialog"><p id="in-dialog">c</p></dialog>
<div id="box" style="visibility: collapse"><p id="in-box">d</p><p id="back" style="visibility: visible">e</p><p id="kept" class="again">f</p></div>
<p id="own" class="invisible">g</p>
<div id="toolbar" class="pe-none"><button id="tool">h</button><button id="auto" style="pointer-events: auto">i</button><button id="unset" class="unset">i2</button></div>
<div id="faded" class="fade"><p id="in-faded">j</p></div>
<details id="faq"><summary id="summary">k</summary><p id="answer">l</p></details>
<div id="inert" inert><button id="in-inert">m</button></div>
<div id="found" hidden="until-found"><p id="in-found">n</p></div>
<noscript><p id="in-noscript">o</p></noscript>
<embed id="embed">
<p id="shown">p</p>`

func TestReasons(t *testing.T) {
	doc := vdom.ParseString(page)
	type reasons struct{ NotRendered, Invisible, NoPointerEvents, Transparent, Hidden string }
	tests := []struct {
		id   string
		want reasons
		why  string
	}{
		{"shown", reasons{}, "a plain paragraph is seen and hit"},
		{"attr", reasons{
			NotRendered: "it has display: none from the hidden attribute (a presentational hint)",
			Hidden:      "it has display: none from the hidden attribute (a presentational hint)",
		}, "the hidden attribute is a presentational hint"},
		{"deep", reasons{
			NotRendered: "its ancestor #panel has display: none from `.d-none` in <style> #1, line 2",
			Hidden:      "its ancestor #panel has display: none from `.d-none` in <style> #1, line 2",
		}, "display is not inherited: the ancestor that has none is named"},
		{"in-dialog", reasons{
			NotRendered: "its ancestor #dialog has display: none from `dialog:not([open])` in user agent (HTML)",
			Hidden:      "its ancestor #dialog has display: none from `dialog:not([open])` in user agent (HTML)",
		}, "the user agent sheet hides a dialog without open"},
		{"in-box", reasons{
			Invisible: "its ancestor #box has visibility: collapse from the style attribute",
			Hidden:    "its ancestor #box has visibility: collapse from the style attribute",
		}, "visibility is inherited from the ancestor that declares it"},
		{"back", reasons{}, "a descendant may make itself visible again"},
		{"kept", reasons{
			Invisible: "its ancestor #box has visibility: collapse from the style attribute",
			Hidden:    "its ancestor #box has visibility: collapse from the style attribute",
		}, "visibility: inherit is followed to the declaration it takes"},
		{"own", reasons{
			Invisible: "it has visibility: hidden from `.invisible` in <style> #1, line 3",
			Hidden:    "it has visibility: hidden from `.invisible` in <style> #1, line 3",
		}, "its own class"},
		{"tool", reasons{
			NoPointerEvents: "its ancestor #toolbar has pointer-events: none from `.pe-none` in <style> #1, line 4",
		}, "pointer-events is inherited; it does not hide"},
		{"auto", reasons{}, "pointer-events: auto on a child of a pointer-events: none element takes input again"},
		{"unset", reasons{
			NoPointerEvents: "its ancestor #toolbar has pointer-events: none from `.pe-none` in <style> #1, line 4",
		}, "unset is inherit for an inherited property: the declaration it takes is named"},
		{"in-faded", reasons{
			Transparent: "its ancestor #faded has opacity: 0, by opacity: var(--o) from `.fade` in <style> #1, line 5",
			Hidden:      "its ancestor #faded has opacity: 0, by opacity: var(--o) from `.fade` in <style> #1, line 5",
		}, "opacity 0 on an ancestor hides what is drawn in it; the var() is shown as written"},
		{"summary", reasons{}, "a closed details shows its summary"},
		{"answer", reasons{
			NotRendered: "it is in the closed details #faq, which shows only its summary",
			Hidden:      "it is in the closed details #faq, which shows only its summary",
		}, "a closed details' content"},
		{"in-inert", reasons{
			NotRendered: "its ancestor #inert is inert (the inert attribute): a user cannot reach it or anything in it",
			Hidden:      "its ancestor #inert is inert (the inert attribute): a user cannot reach it or anything in it",
		}, "inert takes a subtree out of reach"},
		{"in-found", reasons{
			NotRendered: "it is in #found, which skips its contents: content-visibility: hidden from the hidden attribute (a presentational hint)",
			Hidden:      "it is in #found, which skips its contents: content-visibility: hidden from the hidden attribute (a presentational hint)",
		}, "hidden=until-found skips the contents"},
		{"embed", reasons{
			NotRendered: "it is an embed without src, which has no box",
			Hidden:      "it is an embed without src, which has no box",
		}, "an embed without a source"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			el := doc.GetElementByID(tc.id)
			got := reasons{unseen.NotRendered(el), unseen.Invisible(el), unseen.NoPointerEvents(el), unseen.Transparent(el), unseen.Hidden(el)}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: reasons mismatch (-want +got):\n%s", tc.why, diff)
			}
		})
	}
}

func TestReasonsFollowChanges(t *testing.T) {
	doc := vdom.ParseString(page)
	el := doc.GetElementByID("shown")
	if got := unseen.Hidden(el); got != "" {
		t.Fatalf("Hidden(#shown) = %q before the change, want \"\"", got)
	}
	if err := el.ClassList().Add("d-none"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("it has display: none from `.d-none` in <style> #1, line 2", unseen.Hidden(el)); diff != "" {
		t.Errorf("after a class is added: mismatch (-want +got):\n%s", diff)
	}
	el.Remove()
	if diff := cmp.Diff("it is not in the document", unseen.Hidden(el)); diff != "" {
		t.Errorf("after removal: mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("it is not in the document", unseen.NotRendered(el)); diff != "" {
		t.Errorf("NotRendered after removal: mismatch (-want +got):\n%s", diff)
	}
	if got := unseen.Invisible(el) + unseen.NoPointerEvents(el) + unseen.Transparent(el); got != "" {
		t.Errorf("a detached element has no computed style, so no visibility, pointer-events or opacity reason; got %q", got)
	}
}

// TestEveryHiddenElementHasAReason holds the reasons to vdom's answers on
// every element of the style replay's pages (vdom/testdata/style: 218
// pages of inline rules, Bootstrap, Bulma and Tailwind, each loaded as it
// was recorded, internal/styledoc): a reason exactly
// when vdom says not rendered, not visible, invisible or without pointer
// events, and never the fallback that names no cause.
func TestEveryHiddenElementHasAReason(t *testing.T) {
	names := stylerec.Names(t)
	if len(names) < 100 {
		t.Fatalf("found %d pages", len(names))
	}
	fallbacks := []string{"it is not rendered", "it is not visible", "it is transparent"}
	hidden := 0
	for _, name := range names {
		doc, _ := styledoc.Parse(t, name)
		els, err := doc.DocumentElement().QuerySelectorAll("*")
		if err != nil {
			t.Fatal(err)
		}
		for _, el := range els {
			s := doc.GetComputedStyle(el).Style()
			notRendered, why := unseen.NotRendered(el), unseen.Hidden(el)
			switch {
			case (notRendered == "") != el.IsRendered():
				t.Errorf("%s: %s: IsRendered %v, NotRendered %q", name, elname.Of(el), el.IsRendered(), notRendered)
			case (why == "") != el.IsVisible():
				t.Errorf("%s: %s: IsVisible %v, Hidden %q", name, elname.Of(el), el.IsVisible(), why)
			case (unseen.Invisible(el) == "") != s.Visibility().IsVisible():
				t.Errorf("%s: %s: visibility %v, Invisible %q", name, elname.Of(el), s.Visibility(), unseen.Invisible(el))
			case (unseen.NoPointerEvents(el) == "") != (s.PointerEvents() != css.PointerEventsNone):
				t.Errorf("%s: %s: pointer-events %v, NoPointerEvents %q", name, elname.Of(el), s.PointerEvents(), unseen.NoPointerEvents(el))
			case slices.Contains(fallbacks, why), strings.Contains(why+unseen.NoPointerEvents(el), "initial value"):
				t.Errorf("%s: %s: hidden for no cause found: %q", name, elname.Of(el), why)
			}
			if why != "" {
				hidden++
			}
		}
	}
	if hidden < 500 {
		t.Errorf("%d hidden elements in the pages, want hundreds: are the sheets loaded?", hidden)
	}
}

func TestHitInstead(t *testing.T) {
	doc := vdom.ParseString(page)
	for id, want := range map[string]string{
		"tool":   "body", // #toolbar has pointer-events: none too
		"in-box": "body", // #box is invisible too
		"own":    "body", // its parent takes input
		"back":   "body", // asked of a visible element, the same walk
		"deep":   "p",    // the nearest ancestor, though display: none hides the whole
		"shown":  "body",
	} {
		got := unseen.HitInstead(doc.GetElementByID(id))
		if got == nil || got.LocalName() != want {
			t.Errorf("HitInstead(#%s) = %v, want %s", id, got, want)
		}
	}
	if got := unseen.HitInstead(doc.DocumentElement()); got != nil {
		t.Errorf("HitInstead(html) = %v, want nil: nothing is above it", got)
	}
}
