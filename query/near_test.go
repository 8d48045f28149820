package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/google/go-cmp/cmp"
)

// A text query that finds nothing names the text of the page that comes
// closest, when one does: one that differs in case, one that contains the
// text looked for, or one a typo away.
func TestNotFoundNearMatch(t *testing.T) {
	doc := parse(t, `<form>
		<label><input type="checkbox" name="terms"> I accept the terms</label>
		<label for="e">Email</label><input id="e">
		<input aria-label="Search the shop">
		<span id="n">Nickname</span><input aria-labelledby="n">
		<input placeholder="Your name">
		<p>Total: 3 items</p><button>Save changes</button>
	</form>`)
	for _, tc := range []struct {
		name string
		q    query.Query
		want string // the line after the query's, "" for none
	}{
		{"label contains it", query.ByLabelText("accept the terms"),
			`Did you mean "I accept the terms"? That label text contains the text looked for (query.Substring matches part of a text).`},
		{"label typo", query.ByLabelText("Emial"), `Did you mean "Email"? It is the closest label text on the page.`},
		{"label case", query.ByLabelText("email"), `Did you mean "Email"? A label text on the page differs only in case (query.Substring ignores case).`},
		{"aria-label", query.ByLabelText("Search the shp"), `Did you mean "Search the shop"? It is the closest label text on the page.`},
		{"aria-labelledby", query.ByLabelText("Nick name"), `Did you mean "Nickname"? It is the closest label text on the page.`},
		{"substring typo", query.ByLabelText("emial", query.Substring), `Did you mean "Email"? It is the closest label text on the page.`},
		{"text", query.ByText("Save change"),
			`Did you mean "Save changes"? That text contains the text looked for (query.Substring matches part of a text).`},
		{"placeholder", query.ByPlaceholderText("Your nmae"), `Did you mean "Your name"? It is the closest placeholder text on the page.`},
		{"nothing near", query.ByLabelText("Password"), ""},
		{"too short to be contained", query.ByLabelText("Em"), ""},
		{"no near match for a pattern", query.ByLabelText("Emial", query.Regexp), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.q.Get(&doc.Node)
			if !errors.Is(err, query.ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
			var got string
			for _, line := range strings.Split(err.Error(), "\n") {
				if strings.HasPrefix(line, "Did you mean") {
					got = line
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s\nin:\n%s", diff, err)
			}
		})
	}
}
