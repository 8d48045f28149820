package vdom_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// The walk matches a listener's type to the event's by the string's
// pointer and length first and by its bytes only when those differ: types
// built at run time, and a type that shares its bytes with a longer one,
// must match exactly as strings compare.
func TestDispatchMatchesTypesByValue(t *testing.T) {
	longer := "clickx"
	prefix := longer[:5] // "click", in the same bytes as "clickx"
	for _, tc := range []struct {
		name      string
		listenFor []string
		fire      string
		want      []string
	}{
		{"built listener type", []string{strings.Clone("click")}, "click", []string{"click"}},
		{"built event type", []string{"click"}, strings.Clone("click"), []string{"click"}},
		{"prefix of a longer type", []string{"clickx", strings.Clone("click")}, prefix, []string{"click"}},
		{"longer type sharing bytes", []string{prefix, "clickx"}, longer, []string{"clickx"}},
		{"other type of the same length", []string{"input", "click"}, "click", []string{"click"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := vdom.ParseString(`<button id="b">x</button>`).GetElementByID("b")
			var got []string
			for _, typ := range tc.listenFor {
				b.AddEventListener(typ, vdom.NewListener(func(*vdom.Event) { got = append(got, typ) }))
			}
			if _, err := b.DispatchEvent(vdom.NewEvent(tc.fire)); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("listeners run (-want +got):\n%s", diff)
			}
		})
	}
}
