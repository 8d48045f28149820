package pagegen_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/andybalholm/cascadia"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

func TestGenerateIsDeterministic(t *testing.T) {
	tests := []pagegen.Options{
		{Elements: 8},
		{Elements: 1000},
		{Elements: 5000, MaxDepth: 12, Seed: 7},
		{Elements: 20000, MaxDepth: 64, Seed: 42},
	}
	for _, opts := range tests {
		t.Run(fmt.Sprintf("%+v", opts), func(t *testing.T) {
			a, b := pagegen.Generate(opts), pagegen.Generate(opts)
			if !bytes.Equal(a, b) {
				t.Fatal("two calls with the same options returned different pages")
			}
		})
	}
}

func TestSeedAndDepthChangeThePage(t *testing.T) {
	base := pagegen.Generate(pagegen.Options{Elements: 1000})
	if explicit := pagegen.Generate(pagegen.Options{Elements: 1000, MaxDepth: pagegen.DefaultMaxDepth, Seed: pagegen.DefaultSeed}); !bytes.Equal(base, explicit) {
		t.Error("zero options differ from the explicit defaults")
	}
	if other := pagegen.Generate(pagegen.Options{Elements: 1000, Seed: 2}); bytes.Equal(base, other) {
		t.Error("another seed gave the same page")
	}
	if other := pagegen.Generate(pagegen.Options{Elements: 1000, MaxDepth: 40}); bytes.Equal(base, other) {
		t.Error("another depth gave the same page")
	}
}

// TestGolden pins the exact output. A change of these hashes changes the
// pages every benchmark measures, in Go and in other languages; page
// files written by genpage then have to be written again.
func TestGolden(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{1_000, "df5917e1bfadd6321eba6e13fa945512216b4c59995ca08a85416d76f0c109cb"},
		{10_000, "933c2b060edcbb08cf3ea049179c1ea700bb2f35e89214999f2a48ecfab866da"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			sum := sha256.Sum256(pagegen.Page(tt.n))
			if got := hex.EncodeToString(sum[:]); got != tt.want {
				t.Errorf("sha256(Page(%d)) = %s, want %s", tt.n, got, tt.want)
			}
		})
	}
}

func TestPageMatchesGenerate(t *testing.T) {
	for _, n := range []int{pagegen.MinElements, 1_000, 10_000} {
		if !bytes.Equal(pagegen.Page(n), pagegen.Generate(pagegen.Options{Elements: n})) {
			t.Errorf("Page(%d) differs from Generate", n)
		}
	}
}

func TestPageConcurrent(t *testing.T) {
	const n = 3_000
	var wg sync.WaitGroup
	pages := make([][]byte, 8)
	for i := range pages {
		wg.Go(func() { pages[i] = pagegen.Page(n) })
	}
	wg.Wait()
	for i, p := range pages {
		if len(p) == 0 || &p[0] != &pages[0][0] {
			t.Fatalf("call %d did not get the cached page", i)
		}
	}
}

// shape is what Generate promises about the size and depth of a page.
type shape struct {
	Elements  int
	MaxDepth  int
	DeepChain bool
}

func TestElementCountAndDepth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		opts pagegen.Options
		want shape
	}{
		{pagegen.Options{Elements: 8}, shape{8, 4, false}},
		{pagegen.Options{Elements: 10}, shape{10, 6, false}},
		{pagegen.Options{Elements: 50}, shape{50, 8, false}},
		{pagegen.Options{Elements: 199}, shape{199, 0, false}},
		{pagegen.Options{Elements: 200}, shape{200, 32, true}},
		{pagegen.Options{Elements: 1_000}, shape{1_000, 32, true}},
		{pagegen.Options{Elements: 10_000}, shape{10_000, 32, true}},
		{pagegen.Options{Elements: 100_000}, shape{100_000, 32, true}},
		{pagegen.Options{Elements: 1_000, MaxDepth: pagegen.MinMaxDepth}, shape{1_000, 8, true}},
		{pagegen.Options{Elements: 5_000, MaxDepth: 12, Seed: 3}, shape{5_000, 12, true}},
		{pagegen.Options{Elements: 300, MaxDepth: 100}, shape{300, 0, false}},
		{pagegen.Options{Elements: 400, MaxDepth: 100}, shape{400, 100, true}},
		{pagegen.Options{Elements: 3_000, MaxDepth: pagegen.MaxMaxDepth}, shape{3_000, 512, true}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.opts), func(t *testing.T) {
			skipLongCase(t, tt.opts)
			st := analyze(t, generate(tt.opts))
			got := shape{st.Elements, st.MaxDepth, pagegen.DeepestID(tt.opts) != ""}
			if tt.want.MaxDepth == 0 {
				// Without the deep chain the depth is only bounded.
				limit := tt.opts.MaxDepth
				if limit == 0 {
					limit = pagegen.DefaultMaxDepth
				}
				if got.MaxDepth > limit {
					t.Errorf("depth %d exceeds MaxDepth %d", got.MaxDepth, limit)
				}
				got.MaxDepth = 0
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("page shape mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEverySmallSize checks every size from the minimum up, where the
// budgeting of the page parts is most likely to be off by one and the
// rarer blocks appear at their smallest, for size, depth and structure.
func TestEverySmallSize(t *testing.T) {
	t.Parallel()
	tests := []struct{ depth, upTo int }{
		{0, 420}, // past every size threshold of the layout
		{pagegen.MinMaxDepth, 220},
	}
	for _, tt := range tests {
		limit := tt.depth
		if limit == 0 {
			limit = pagegen.DefaultMaxDepth
		}
		for n := pagegen.MinElements; n <= tt.upTo; n++ {
			opts := pagegen.Options{Elements: n, MaxDepth: tt.depth, Seed: uint64(n)}
			t.Run(fmt.Sprintf("%+v", opts), func(t *testing.T) {
				doc := checkTreeKept(t, pagegen.Generate(opts))
				elements, depth := size(doc, 0)
				if elements != n {
					t.Errorf("%d elements", elements)
				}
				if depth > limit || (pagegen.DeepestID(opts) != "" && depth != limit) {
					t.Errorf("depth %d, deep chain %q", depth, pagegen.DeepestID(opts))
				}
			})
		}
	}
}

// size returns the number of elements below n and the depth of the
// deepest, counting from depth, the depth of n.
func size(n *html.Node, depth int) (elements, deepest int) {
	if n.Type == html.ElementNode {
		elements, deepest = 1, depth
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		d := depth
		if c.Type == html.ElementNode {
			d++
		}
		e, m := size(c, d)
		elements += e
		deepest = max(deepest, m)
	}
	return elements, deepest
}

var cssIdentifier = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

func TestIDs(t *testing.T) {
	t.Parallel()
	tests := []pagegen.Options{
		{Elements: 1_000},
		{Elements: 2_500, Seed: 9},
		{Elements: 10_000},
		{Elements: 10_000, MaxDepth: 64, Seed: 5},
		{Elements: 100_000},
	}
	for _, opts := range tests {
		t.Run(fmt.Sprintf("%+v", opts), func(t *testing.T) {
			skipLongCase(t, opts)
			st := analyze(t, generate(opts))
			if share := float64(st.WithID) / float64(st.Elements); share < 0.08 || share > 0.12 {
				t.Errorf("%d of %d elements have an id (%.1f%%), want 8%% to 12%%", st.WithID, st.Elements, 100*share)
			}
			seen := make(map[string]bool, len(st.IDs))
			for _, id := range st.IDs {
				if seen[id] {
					t.Errorf("duplicate id %q", id)
				}
				seen[id] = true
				if !cssIdentifier.MatchString(id) {
					t.Errorf("id %q is not a plain CSS identifier", id)
				}
			}
		})
	}
}

// TestIDsAreSelectable queries every id of the 1k page through a CSS
// engine, as a DOM's querySelector would.
func TestIDsAreSelectable(t *testing.T) {
	page := pagegen.Page(1_000)
	doc := parse(t, page)
	for _, id := range analyze(t, page).IDs {
		sel, err := cascadia.Compile("#" + id)
		if err != nil {
			t.Fatalf("selector for id %q: %v", id, err)
		}
		if got := len(cascadia.QueryAll(doc, sel)); got != 1 {
			t.Errorf("#%s matches %d elements", id, got)
		}
	}
}

// TestBenchmarkNeeds checks what the DOM benchmarks rely on in the 10k
// page: at least 200 elements with ids, and checkboxes below elements
// with ids.
func TestBenchmarkNeeds(t *testing.T) {
	page := pagegen.Page(10_000)
	st := analyze(t, page)
	if st.WithID < 200 {
		t.Errorf("%d elements with ids, want at least 200", st.WithID)
	}
	doc := parse(t, page)
	under := cascadia.QueryAll(doc, cascadia.MustCompile("[id] input[type=checkbox]"))
	if len(under) < 20 {
		t.Errorf("%d checkboxes below elements with ids, want at least 20", len(under))
	}
	if st.Checkboxes == 0 || st.Forms == 0 || st.Lists == 0 || st.Inputs < st.Checkboxes {
		t.Errorf("implausible stats %+v", st)
	}
}

func TestDeepChain(t *testing.T) {
	tests := []struct {
		opts    pagegen.Options
		deepest string
	}{
		{pagegen.Options{Elements: 199}, ""},
		{pagegen.Options{Elements: 200}, "deep-32"},
		{pagegen.Options{Elements: 10_000}, "deep-32"},
		{pagegen.Options{Elements: 1_000, MaxDepth: 8}, "deep-8"},
		{pagegen.Options{Elements: 399, MaxDepth: 100}, ""},
		{pagegen.Options{Elements: 400, MaxDepth: 100}, "deep-100"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.opts), func(t *testing.T) {
			if got := pagegen.DeepestID(tt.opts); got != tt.deepest {
				t.Fatalf("DeepestID = %q, want %q", got, tt.deepest)
			}
			doc := parse(t, pagegen.Generate(tt.opts))
			chain := cascadia.QueryAll(doc, cascadia.MustCompile(`[id^="deep-"]`))
			if tt.deepest == "" {
				if len(chain) != 0 {
					t.Fatalf("%d deep-* elements in a page without deep chain", len(chain))
				}
				return
			}
			maxDepth := tt.opts.MaxDepth
			if maxDepth == 0 {
				maxDepth = pagegen.DefaultMaxDepth
			}
			var got, want []string
			for d := 4; d <= maxDepth; d++ {
				want = append(want, fmt.Sprintf("div#deep-%d depth %d", d, d))
			}
			for _, n := range chain {
				depth := 0
				for p := n; p != nil && p.Parent != nil; p = p.Parent {
					depth++
				}
				id := idOf(n)
				got = append(got, fmt.Sprintf("%s#%s depth %d", n.Data, id, depth))
				if n.Parent.Data != "main" && !strings.HasPrefix(idOf(n.Parent), "deep-") {
					t.Errorf("%s is not under main or the previous chain element", id)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("deep chain mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInvalidOptionsPanic(t *testing.T) {
	tests := []struct {
		opts pagegen.Options
		want string
	}{
		{pagegen.Options{}, "Elements = 0, need at least 8"},
		{pagegen.Options{Elements: 7}, "Elements = 7, need at least 8"},
		{pagegen.Options{Elements: -1}, "Elements = -1"},
		{pagegen.Options{Elements: 100, MaxDepth: 7}, "MaxDepth = 7"},
		{pagegen.Options{Elements: 100, MaxDepth: -1}, "MaxDepth = -1"},
		{pagegen.Options{Elements: 100, MaxDepth: 513}, "MaxDepth = 513"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.opts), func(t *testing.T) {
			err := tt.opts.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Validate() = %v, want an error containing %q", err, tt.want)
			}
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(fmt.Sprint(r), tt.want) {
					t.Errorf("Generate panicked with %v, want a message containing %q", r, tt.want)
				}
			}()
			pagegen.Generate(tt.opts)
		})
	}
}

// TestPageShape checks that the 10k page holds each kind of content the
// package documentation lists.
func TestPageShape(t *testing.T) {
	doc := parse(t, pagegen.Page(10_000))
	selectors := []string{
		"head > meta[charset]", "head > meta[name=viewport]", "head > title",
		"head > link", "head > style",
		"body > header nav > ul > li > a", "li > ul > li", "body > main > h1",
		"main > section > h2", "section article", "div div div",
		"body > aside", "body > footer ul a",
		"p > span", "p > a", "p em", "p strong", "p br",
		"ul > li", "ol > li",
		"table > thead > tr > th", "table > tbody > tr > td", "td > input[type=checkbox]",
		"form[id] label", "input[type=text]", "input[type=email]",
		"input[type=checkbox]", "input[type=radio]", "input[type=hidden]",
		"label[for] + input[id]", "select > option", "textarea", "button[type=submit]",
		"hr", "blockquote",
		"[data-id]", "[data-role]", "[data-index]", "[class~=card]",
	}
	for _, s := range selectors {
		if cascadia.QueryAll(doc, cascadia.MustCompile(s)) == nil {
			t.Errorf("no element matches %q", s)
		}
	}
}
