package userevent_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// TestHoverShowsHoverMenu checks that the element under the pointer
// matches :hover: a menu a style sheet shows on hover is hidden from
// queries and clicks until the user hovers its nav, and again after.
func TestHoverShowsHoverMenu(t *testing.T) {
	for _, c := range []struct {
		name, page, rule string
	}{
		{"a dropdown", `<style>.menu { display: none } .nav:hover .menu { display: block }</style>
<nav id=nav class=nav><a href=/>Products</a><ul class=menu><li><a href=/apps>Apps</a></li></ul></nav>`, ".menu"},
		{"Tailwind group-hover", `<style>.hidden { display: none } .group:hover .group-hover\:block { display: block }</style>
<nav id=nav class=group><a href=/>Products</a><ul class="hidden group-hover:block"><li><a href=/apps>Apps</a></li></ul></nav>`, ".hidden"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(c.page)
			nav := doc.GetElementByID("nav")
			apps, err := doc.QuerySelector(`a[href="/apps"]`)
			if err != nil {
				t.Fatal(err)
			}
			link := query.ByRole("link", query.Name("Apps"))
			u := userevent.New(doc)

			if got, err := link.Query(&doc.Node); err != nil || got != nil {
				t.Fatalf("before hover: ByRole(link, Apps) = %v, %v; want nothing", got, err)
			}
			err = u.Click(apps)
			if !errors.Is(err, userevent.ErrHidden) || !strings.Contains(err.Error(), c.rule) {
				t.Fatalf("before hover: Click(Apps) = %v; want ErrHidden naming %s", err, c.rule)
			}

			if err := u.Hover(nav); err != nil {
				t.Fatal(err)
			}
			if got, err := link.Get(&doc.Node); err != nil || got != apps {
				t.Fatalf("after Hover(nav): ByRole(link, Apps) = %v, %v; want the menu's link", got, err)
			}
			if err := u.Hover(apps); err != nil {
				t.Fatalf("Hover(Apps) while the menu is open: %v", err)
			}
			if err := u.Click(apps); err != nil {
				t.Fatalf("after Hover(nav): Click(Apps) = %v", err)
			}

			if err := u.Unhover(nav); err != nil {
				t.Fatal(err)
			}
			if got, err := link.Query(&doc.Node); err != nil || got != nil {
				t.Fatalf("after Unhover(nav): ByRole(link, Apps) = %v, %v; want nothing", got, err)
			}
			if err := u.Click(apps); !errors.Is(err, userevent.ErrHidden) {
				t.Fatalf("after Unhover(nav): Click(Apps) = %v; want ErrHidden", err)
			}
		})
	}
}

// TestPressActivates checks that the element a main button went down on
// matches :active, with its ancestors, until the button is released, and
// that the pointer's element matches :hover during the events.
func TestPressActivates(t *testing.T) {
	doc := vdom.ParseString(`<div id=bar><button id=b>Save</button></div><p id=p>p</p>`)
	b := doc.GetElementByID("b")
	var seen []string
	for _, typ := range []string{"pointerover", "pointerdown", "click"} {
		b.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			hover, _ := b.Matches(":hover")
			active, _ := b.Matches("#bar:active > button:active")
			seen = append(seen, e.Type()+" hover="+boolWord(hover)+" active="+boolWord(active))
		}))
	}
	u := userevent.New(doc)
	if err := u.PointerDown(b); err != nil {
		t.Fatal(err)
	}
	if got := doc.ActiveTarget(); got != b {
		t.Errorf("ActiveTarget() while pressed = %v, want the button", got)
	}
	if err := u.PointerUp(b); err != nil {
		t.Fatal(err)
	}
	if got := doc.ActiveTarget(); got != nil {
		t.Errorf("ActiveTarget() after release = %v, want nil", got)
	}
	want := []string{"pointerover hover=yes active=no", "pointerdown hover=yes active=yes", "click hover=yes active=no"}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("the states the listeners saw mismatch (-want +got):\n%s", diff)
	}
	if err := u.ClickWith(b, userevent.PointerOptions{Button: userevent.ButtonSecondary}); err != nil {
		t.Fatal(err)
	}
	if got := doc.ActiveTarget(); got != nil {
		t.Errorf("ActiveTarget() after a secondary click = %v, want nil", got)
	}
}

func boolWord(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// TestProductsMenu is the example of docs/css.md, ":hover and :active".
func TestProductsMenu(t *testing.T) {
	doc := vdom.ParseString(`<style>
		.menu { display: none }
		.nav:hover .menu { display: block }
	</style>
	<nav id=nav class=nav><a href=/>Products</a>
	<ul class=menu><li><a href=/apps>Apps</a></li></ul></nav>`)
	u := userevent.New(doc)
	if err := u.Hover(doc.GetElementByID("nav")); err != nil {
		t.Fatal(err)
	}
	apps, err := query.ByRole("link", query.Name("Apps")).Get(&doc.Node)
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Click(apps); err != nil {
		t.Fatal(err)
	}
}

// TestHoverAgainAfterMove checks that every move of the pointer sets the
// hovered element, as Chromium's hit test does on each mouse move: a
// script that moves the hovered element (a list sorted again) leaves the
// pointer over the parent it was removed from, and hovering the element
// again makes it match :hover again, though the pointer was already
// over it.
func TestHoverAgainAfterMove(t *testing.T) {
	doc := vdom.ParseString(`<ul id=list><li id=a>a</li><li id=b>b</li></ul>`)
	list, a := doc.GetElementByID("list"), doc.GetElementByID("a")
	u := userevent.New(doc)
	hovered := func() bool {
		t.Helper()
		ok, err := a.Matches(":hover")
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if err := u.Hover(a); err != nil {
		t.Fatal(err)
	}
	if !hovered() {
		t.Fatal("after Hover(a): a does not match :hover")
	}
	if _, err := list.AppendChild(a); err != nil {
		t.Fatal(err)
	}
	if hovered() || doc.HoverTarget() != list {
		t.Fatalf("after moving a: a matches :hover %v, hover target %v; want false, the list", hovered(), doc.HoverTarget())
	}
	if err := u.Hover(a); err != nil {
		t.Fatal(err)
	}
	if !hovered() || doc.HoverTarget() != a {
		t.Fatalf("after Hover(a) again: a matches :hover %v, hover target %v; want true, a", hovered(), doc.HoverTarget())
	}
}
