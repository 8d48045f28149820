package vdom

import (
	"testing"

	"golang.org/x/net/html"

	"github.com/google/go-cmp/cmp"
)

// The cached list of a form's controls follows every change the list
// depends on: each step changes the tree, an id or a form attribute, and
// the cached answer must be what a fresh walk finds.
func TestFormControlsCacheFollowsChanges(t *testing.T) {
	// The cache keeps one form: each run asks for one form's controls
	// before every step, so that the ask after the step can only be right
	// if the step invalidated the cache.
	for _, watched := range []string{"f", "g"} {
		t.Run("form "+watched, func(t *testing.T) { checkControlsCache(t, watched) })
	}
}

func checkControlsCache(t *testing.T, watched string) {
	d := internalDoc(`<form id=f><input id=a name=a><fieldset id=fs><input id=b></fieldset></form>` +
		`<form id=g><input id=c></form><input id=out form=f><div id=box></div>`)
	get := d.GetElementByID
	form := get(watched)
	ids := func(hs []*html.Node) []string {
		var out []string
		for _, h := range hs {
			id, _ := attrVal(h, "id")
			out = append(out, h.Data+"#"+id)
		}
		return out
	}
	steps := []struct {
		name string
		do   func() error
	}{
		{"append a control", func() error {
			sel, err := d.CreateElement("select")
			if err != nil {
				return err
			}
			_, err = get("fs").AppendChild(sel)
			return err
		}},
		{"remove a control", func() error { _, err := get("fs").RemoveChild(get("b")); return err }},
		{"retarget the form attribute", func() error { return get("out").SetAttribute("form", "g") }},
		{"drop the form attribute", func() error { get("out").RemoveAttribute("form"); return nil }},
		{"point at f again", func() error { return get("out").SetAttribute("form", "f") }},
		{"rename the forms", func() error {
			if err := get("f").SetAttribute("id", "x"); err != nil {
				return err
			}
			return get("g").SetAttribute("id", "f")
		}},
		{"name them back", func() error {
			if err := get("f").SetAttribute("id", "g"); err != nil {
				return err
			}
			return get("x").SetAttribute("id", "f")
		}},
		{"move a control between forms", func() error { _, err := get("g").AppendChild(get("a")); return err }},
		{"insert controls by innerHTML", func() error {
			return get("box").SetInnerHTML(`<form id=h><input form=f id=d><textarea form=g id=e></textarea></form>`)
		}},
		{"remove the form", func() error { form.Remove(); return nil }},
	}
	for _, s := range steps {
		d.formControls(form) // cached now
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		got, want := ids(d.formControls(form)), ids(d.findFormControls(form))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("after %q: controls of the form first named %s (-fresh +cached):\n%s", s.name, watched, diff)
		}
	}
}
