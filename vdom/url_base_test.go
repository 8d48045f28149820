package vdom_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// The base elements are looked up once per version of the tree: a base
// element added, changed or removed later counts at once.
func TestBaseURLFollowsChanges(t *testing.T) {
	doc, err := vdom.Parse(strings.NewReader(`<head></head><body><a id=l href="x">x</a></body>`), vdom.WithURL("http://example.com/dir/page"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	step := func() {
		got = append(got, doc.BaseURL().String())
	}
	step()
	if err := doc.Head().InsertAdjacentHTML("beforeend", `<base id=b href="/other/">`); err != nil {
		t.Fatal(err)
	}
	step()
	base := doc.GetElementByID("b")
	if err := base.SetAttribute("href", "https://cdn.example/"); err != nil {
		t.Fatal(err)
	}
	step()
	base.RemoveAttribute("href")
	step()
	if err := base.SetAttribute("href", "/again/"); err != nil {
		t.Fatal(err)
	}
	step()
	base.Remove()
	step()
	want := []string{
		"http://example.com/dir/page", "http://example.com/other/", "https://cdn.example/",
		"http://example.com/dir/page", "http://example.com/again/", "http://example.com/dir/page",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("BaseURL after each change, mismatch (-want +got):\n%s", diff)
	}
}
