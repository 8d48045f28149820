package a11y_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// TestHiddenFromStyles checks IsHidden (and a Cache's) against the
// computed styles: every sheet, the style attribute, the hidden
// attribute as a presentational hint an author's display overrides,
// inherited visibility, content-visibility and what HTML adds.
func TestHiddenFromStyles(t *testing.T) {
	const page = `<style>
		.gone { display: none }
		.shown { display: block }
		.ghost { visibility: hidden }
		.seen { visibility: visible }
		.skip { content-visibility: hidden }
		dialog.forced { display: block }
		.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0) }
		.clear { opacity: 0 }
	</style>
	<button id=by-class class=gone>a</button>
	<div class=gone><button id=in-class>b</button></div>
	<p id=hidden-attr hidden>c</p>
	<p id=hidden-shown hidden class=shown>d</p>
	<p id=inline-none style="display: none">e</p>
	<div id=ghost class=ghost><span id=ghost-child>f</span><span id=seen class=seen>g</span></div>
	<div id=collapse style="visibility: collapse">h</div>
	<div id=skip class=skip><span id=skipped>i</span></div>
	<span class=skip><span id=inline-skip>j</span></span>
	<div hidden=until-found><span id=until-found>k</span></div>
	<details><summary id=summary>l</summary><p id=closed>m</p></details>
	<dialog id=dialog>n</dialog>
	<dialog id=dialog-forced class=forced>o</dialog>
	<input id=hidden-input type=hidden class=shown>
	<div aria-hidden=true class=shown><span id=aria-hidden>p</span></div>
	<span id=sr class=sr-only>q</span>
	<span id=clear class=clear>r</span>`
	doc := vdom.ParseString(page)
	want := map[string]bool{
		"by-class": true, "in-class": true, "hidden-attr": true, "hidden-shown": false,
		"inline-none": true, "ghost": true, "ghost-child": true, "seen": false, "collapse": true,
		"skip": false, "skipped": true, "inline-skip": false, "until-found": true,
		"summary": false, "closed": true, "dialog": true, "dialog-forced": false,
		"hidden-input": true, "aria-hidden": true, "sr": false, "clear": false,
	}
	got := map[string]bool{}
	var cache a11y.Cache
	for id := range want {
		el := doc.GetElementByID(id)
		if el == nil {
			t.Fatalf("#%s not found", id)
		}
		got[id] = a11y.IsHidden(el)
		if c := cache.IsHidden(el); c != got[id] {
			t.Errorf("#%s: Cache.IsHidden %v, IsHidden %v", id, c, got[id])
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("IsHidden mismatch (-want +got):\n%s", diff)
	}
}

// TestHiddenFollowsClassChanges checks that a class a script changes is
// seen by the next IsHidden, and by a Cache made before the change.
func TestHiddenFollowsClassChanges(t *testing.T) {
	doc := vdom.ParseString(`<style>.hidden { display: none }</style><nav id=menu class=hidden><a id=item href=#a>A</a></nav>`)
	item := doc.GetElementByID("item")
	var cache a11y.Cache
	if !a11y.IsHidden(item) || !cache.IsHidden(item) {
		t.Fatal("the link in the hidden menu is not hidden")
	}
	doc.GetElementByID("menu").ClassList().Remove("hidden")
	if a11y.IsHidden(item) || cache.IsHidden(item) {
		t.Error("the link is still hidden after the menu's class hidden went")
	}
}

// TestNamesFromStyles checks the accessible names that the computed
// styles change, with the names Chromium 148 gives the same markup.
func TestNamesFromStyles(t *testing.T) {
	const page = `<style>
		.icon::before { content: "★ " }
		.alt::before { content: "★" / "Favourite:" }
		.ext::after { content: " (new tab)" }
		.counted::before { content: counter(step) ". " }
		.attr::after { content: " (" attr(data-hint) ")" }
		.none::before { content: "never"; display: none }
		.block::before { content: "Block"; display: block }
		.upper { text-transform: uppercase }
		.cap { text-transform: capitalize }
		.b { display: block }
		.gone { display: none }
		.ghost { visibility: hidden }
		.skip { display: inline-block; content-visibility: hidden }
		.skip-block { content-visibility: hidden }
		.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap }
	</style>
	<button id=icon class=icon>Save</button>
	<button id=alt class=alt>Save</button>
	<a id=ext class=ext href=#x>Docs</a>
	<button id=counted class=counted>Next</button>
	<button id=attr class=attr data-hint="Ctrl+S">Save</button>
	<button id=pseudo-none class=none>Save</button>
	<button id=pseudo-block class=block>Save</button>
	<button id=upper class=upper>Save all</button>
	<button id=cap class=cap>read more</button>
	<p lang=tr><span><button id=turkish class=upper>iyi gün</button></span></p>
	<button id=inline><span>Save</span><span>All</span></button>
	<button id=blocks><span class=b>Save</span><span class=b>All</span></button>
	<button id=flex style="display: flex"><span>Save</span><span>All</span></button>
	<button id=without-gone>Save<span class=gone> hidden</span> now</button>
	<button id=without-ghost>Save<span class=ghost> invisible</span> now</button>
	<button id=without-skipped>Save <span class=skip>skipped</span> now</button>
	<button id=sr><span aria-hidden=true>×</span><span class=sr-only>Close</span></button>
	<span id=label-gone class=gone>Hidden label</span>
	<span id=label-mixed>Shown <span class=gone>and hidden</span> text</span>
	<span id=label-upper class=upper>loud label</span>
	<button id=by-gone aria-labelledby=label-gone>x</button>
	<button id=by-mixed aria-labelledby=label-mixed>x</button>
	<button id=by-upper aria-labelledby=label-upper>x</button>
	<div class=skip-block><span id=label-skipped>Skipped label</span><span class=gone><span id=label-gone-skipped>Gone</span></span></div>
	<button id=by-skipped aria-labelledby="label-skipped label-gone-skipped">x</button>`
	doc := vdom.ParseString(page)
	want := map[string]string{
		"icon":            "★ Save",
		"alt":             "Favourite: Save",
		"ext":             "Docs (new tab)",
		"counted":         ". Next",
		"attr":            "Save (Ctrl+S)",
		"pseudo-none":     "Save",
		"pseudo-block":    "Block Save",
		"upper":           "SAVE ALL",
		"cap":             "Read More",
		"turkish":         "İYİ GÜN",
		"inline":          "SaveAll",
		"blocks":          "Save All",
		"flex":            "Save All",
		"without-gone":    "Save now",
		"without-ghost":   "Save now",
		"without-skipped": "Save now",
		"sr":              "Close",
		"by-gone":         "Hidden label",
		"by-mixed":        "Shown text",
		"by-upper":        "LOUD LABEL",
		// Skipped contents give nothing even to a reference, where a
		// display: none element gives its text: the name falls to the
		// content.
		"by-skipped": "x",
	}
	got := map[string]string{}
	var cache a11y.Cache
	for id := range want {
		el := doc.GetElementByID(id)
		if el == nil {
			t.Fatalf("#%s not found", id)
		}
		got[id] = a11y.Name(el)
		if c := cache.Name(el); c != got[id] {
			t.Errorf("#%s: Cache.Name %q, Name %q", id, c, got[id])
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Name mismatch (-want +got):\n%s", diff)
	}
}

// TestRoleFromListItemDisplay checks that an element that would be a
// generic and whose computed display is a list item is a listitem, as in
// Chromium, and that an element with a role of its own keeps it.
func TestRoleFromListItemDisplay(t *testing.T) {
	doc := vdom.ParseString(`<style>.li { display: list-item }</style>
		<div id=div class=li>a</div><span id=span style="display: inline list-item">b</span>
		<p id=p class=li>c</p><div id=plain>d</div>`)
	got := map[string]string{}
	for _, id := range []string{"div", "span", "p", "plain"} {
		got[id] = a11y.Role(doc.GetElementByID(id))
	}
	want := map[string]string{"div": "listitem", "span": "listitem", "p": "paragraph", "plain": "generic"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Role mismatch (-want +got):\n%s", diff)
	}
}
