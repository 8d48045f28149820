package vdom_test

import (
	"slices"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// TestHeaderFilesFieldsUnderCanonicalNames checks the names a Header
// files a field under: those net/http's Header gives the same names
// (browse's TestNavigationHeaderAgreesWithHTTPHeader compares the two).
func TestHeaderFilesFieldsUnderCanonicalNames(t *testing.T) {
	for _, tc := range []struct{ name, key, want string }{
		{"lower case", "content-type", "Content-Type"},
		{"upper case", "CONTENT-TYPE", "Content-Type"},
		{"already canonical", "Content-Type", "Content-Type"},
		{"one word", "accept", "Accept"},
		{"three words", "sec-fetch-mode", "Sec-Fetch-Mode"},
		{"two hyphens", "a--b", "A--B"},
		{"a digit first: the letter after it stays as it is", "1abc", "1abc"},
		{"underscore: no new word", "x_request_id", "X_request_id"},
		{"other token bytes", "x-a.b~c", "X-A.b~c"},
		{"a space: no field name, kept as it is", "content type", "content type"},
		{"a colon: kept as it is", "x-a:b", "x-a:b"},
		{"a byte past ASCII: kept as it is", "x-é", "x-é"},
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := vdom.Header{}
			h.Set(tc.key, "v")
			if diff := cmp.Diff(vdom.Header{tc.want: {"v"}}, h); diff != "" {
				t.Errorf("Set(%q): mismatch (-want +got):\n%s", tc.key, diff)
			}
			if got := h.Get(tc.want); got != "v" {
				t.Errorf("Get(%q) after Set(%q) = %q, want v", tc.want, tc.key, got)
			}
		})
	}
}

// TestHeaderMethods checks Get, Values, Set, Add and Del on one header,
// each under names in any case.
func TestHeaderMethods(t *testing.T) {
	h := vdom.Header{}
	if got := h.Get("Accept"); got != "" {
		t.Errorf("Get of a missing field = %q, want \"\"", got)
	}
	if got := h.Values("Accept"); got != nil {
		t.Errorf("Values of a missing field = %q, want nil", got)
	}
	h.Add("accept", "text/html")
	h.Add("ACCEPT", "*/*")
	h.Set("content-type", "text/plain")
	h.Set("Content-Type", "application/x-www-form-urlencoded")
	want := vdom.Header{"Accept": {"text/html", "*/*"}, "Content-Type": {"application/x-www-form-urlencoded"}}
	if diff := cmp.Diff(want, h); diff != "" {
		t.Errorf("after Add, Add, Set, Set: mismatch (-want +got):\n%s", diff)
	}
	if got := h.Get("accept"); got != "text/html" {
		t.Errorf("Get(accept) = %q, want the first value, text/html", got)
	}
	if got := h.Values("Accept"); !slices.Equal(got, []string{"text/html", "*/*"}) {
		t.Errorf("Values(Accept) = %q, want both values", got)
	}
	h.Del("ACCEPT")
	if diff := cmp.Diff(vdom.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, h); diff != "" {
		t.Errorf("after Del(ACCEPT): mismatch (-want +got):\n%s", diff)
	}
	// A key put in the map by hand is found only under its own spelling,
	// as with net/http's Header.
	h["x-raw"] = []string{"1"}
	if got := h.Get("x-raw"); got != "" {
		t.Errorf("Get(x-raw) of a field stored as x-raw = %q, want \"\" (Get looks under X-Raw)", got)
	}
}
