package unit_test

import (
	"context"
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

const selectPage = `<div class="x"><main id="app" class="x">` +
	`<span id="s1"></span>` +
	`<div class="x" id="d1"><span id="s2"></span></div>` +
	`<section id="child" class="x"><span id="s3"></span><div class="x" id="d2"><span id="s4"></span></div>` +
	`<article id="grandchild"><span id="s5"></span></article></section>` +
	`</main></div><span id="s6"></span>`

func TestSelect(t *testing.T) {
	doc := vdom.ParseString(selectPage)
	var units []*unit.Unit
	for _, id := range []string{"app", "child", "grandchild"} {
		u, err := unit.New(doc, doc.GetElementByID(id), unit.Options{Name: id})
		if err != nil {
			t.Fatal(err)
		}
		units = append(units, u)
	}
	app, child := units[0], units[1]
	ids := func(ns []*vdom.Node) []string {
		var out []string
		for _, n := range ns {
			out = append(out, n.ID())
		}
		return out
	}
	for _, tc := range []struct {
		name      string
		u         *unit.Unit
		sel       string
		penetrate bool
		want      []string
	}{
		{"every match inside, nested units left out", app, "span", false, []string{"s1", "s2"}},
		{"penetrate reaches into nested units", app, "span", true, []string{"s1", "s2", "s3", "s4", "s5"}},
		{"every compound inside the unit", app, "div span", false, []string{"s2"}},
		{"every compound inside the unit, penetrating", app, "div span", true, []string{"s2", "s4"}},
		{"the unit's root is not inside itself", app, "main span", false, nil},
		{"an outer ancestor does not count", app, ".x span", false, []string{"s2"}},
		{"a nested unit's root can be selected", app, ".x", false, []string{"d1", "child"}},
		{"a nested unit's root, penetrating", app, ".x", true, []string{"d1", "child", "d2"}},
		{"a selector through a nested root", app, "section span", false, nil},
		{"a selector through a nested root, penetrating", app, "section span", true, []string{"s3", "s4", "s5"}},
		{":scope", app, ":scope > span", false, []string{"s1"}},
		{"a group", app, "#s1, #d1, #s3", false, []string{"s1", "d1"}},
		{"the nested unit selects inside itself", child, "span", false, []string{"s3", "s4"}},
		{"the nested unit's own nested unit", child, "article, span", true, []string{"s3", "s4", "grandchild", "s5"}},
		{"nothing outside", app, "#s6", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var opts []unit.SelectOption
			if tc.penetrate {
				opts = append(opts, unit.Penetrate())
			}
			got, err := tc.u.Select(tc.sel, opts...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, ids(got)); diff != "" {
				t.Errorf("Select(%q) mismatch (-want +got):\n%s", tc.sel, diff)
			}
		})
	}
	t.Run("an invalid selector", func(t *testing.T) {
		if _, err := app.Select("span["); !errors.Is(err, vdom.ErrSyntax) {
			t.Errorf("Select: %v, want ErrSyntax", err)
		}
	})
	t.Run("after the nested unit stops, its elements belong to the outer unit", func(t *testing.T) {
		if err := child.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		got, err := app.Select("span")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{"s1", "s2", "s3", "s4"}, ids(got)); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestIsBoundary(t *testing.T) {
	doc := vdom.ParseString(selectPage)
	app, _ := unit.New(doc, doc.GetElementByID("app"), unit.Options{})
	child, _ := unit.New(doc, doc.GetElementByID("child"), unit.Options{})
	for _, tc := range []struct {
		u    *unit.Unit
		id   string
		want bool
	}{
		{app, "app", false},
		{app, "child", true},
		{app, "d1", false},
		{child, "child", false},
		{child, "app", true},
	} {
		if got := tc.u.IsBoundary(doc.GetElementByID(tc.id)); got != tc.want {
			t.Errorf("%s.IsBoundary(#%s) = %v, want %v", tc.u, tc.id, got, tc.want)
		}
	}
}
