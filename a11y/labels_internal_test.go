package a11y

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// TestLabelsOfAgreesWithVdom checks the fast label lookup against vdom's
// Labels for every element of the recorded pages, the 10k page and a few
// trees built to tell the rules apart.
func TestLabelsOfAgreesWithVdom(t *testing.T) {
	pages := map[string]string{
		"10k": string(pagegen.Page(10_000)),
		"rules": `<label id=w1>a <input id=i1> <input id=i2></label>
<label for=i2 id=f1>for i2</label><label for=i3 id=f2>for missing</label>
<input id=i3 type=hidden><label id=w2><span><button id=b1></button></span></label>
<label for=dup id=f3>dup</label><input id=dup name=first><input id=dup name=second>
<label for=b1 id=f4><input id=inner></label>
<label id=w3 for=""><input id=i4></label>
<label for=i5 id=f5>before</label><label id=w4>outer <label id=w5>inner <input id=i5></label></label><label for=i5 id=f6>after</label>`,
	}
	files, err := filepath.Glob(filepath.Join("testdata", "chromium", "pages", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages[filepath.Base(f)] = string(data)
	}
	for name, src := range pages {
		doc := vdom.ParseString(src)
		checked := 0
		// One cache for the whole page, as a Namer keeps it.
		var cache labelCache
		for n := range doc.Descendants() {
			if !n.IsElement() {
				continue
			}
			var want []string
			for _, l := range n.Labels() {
				want = append(want, l.String())
			}
			for _, c := range []*labelCache{nil, &cache} {
				var got []string
				for _, l := range labelsOf(n, c) {
					got = append(got, doc.Wrap(l).String())
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s: labels of %s (indexed: %v) mismatch (-vdom +a11y):\n%s", name, n, c != nil, diff)
				}
			}
			if len(want) > 0 {
				checked++
			}
		}
		if strings.HasPrefix(name, "name-host") && checked == 0 {
			t.Errorf("%s: no labelled element checked", name)
		}
	}
}
