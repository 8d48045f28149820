package htmlparse

import (
	"fmt"
	"go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

// compareWithXNet parses input with both parsers and fails the test if
// x/net/html succeeds (with a well-formed tree) and the trees differ,
// unless the input reached a class where x/net/html departs from the
// standard (departures.go): then the tree must be the one recorded in
// testdata/xnet-departures. Our tree must be well formed in every case.
//
// A fragment without a context (nilContext) has no recorded trees: parse5
// and Chromium parse no such fragment. Where x/net/html departs there,
// only the well-formedness is checked.
//
// A head context that reaches no other class is compared with
// x/net/html's tree in a body context instead (xnetContext).
func compareWithXNet(t *testing.T, name, input, ctx string, scripting bool) {
	t.Helper()
	p, ours, err := parseWithParser(input, ctx, scripting)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if p.loopGuardTripped {
		t.Errorf("%s: the reprocessing guard tripped", name)
	}
	if err := checkWellFormed(ours); err != nil {
		t.Errorf("%s: malformed tree: %v", name, err)
		return
	}
	theirCtx := xnetContext(p.departures, ctx)
	theirs, err := parseXNet(input, theirCtx, scripting)
	if err != nil || checkWellFormed(theirs) != nil {
		return
	}
	if sameStructure(theirs, ours) {
		return
	}
	if p.departures != 0 && theirCtx == ctx {
		if ctx == nilContext {
			return
		}
		trees, err := departureTrees()
		if err != nil {
			t.Fatal(err)
		}
		got := dumpHTML5Lib(ours)
		want, ok := trees[departureKey{input, ctx, scripting}]
		if !ok {
			t.Errorf("%s: input %q (context %q, scripting %v) reaches %s, where x/net/html departs from the standard, and its tree is not in testdata/xnet-departures; check this tree with parse5 and Chromium (see the README there) and add the case:\n%s", name, truncate(input, 300), ctx, scripting, departureNames(p.departures), datCase(input, ctx, scripting, got))
			return
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: input %q (context %q, scripting %v): tree differs from the one in testdata/xnet-departures (-want +got):\n%s", name, truncate(input, 300), ctx, scripting, diff)
		}
		return
	}
	if diff := cmp.Diff(dumpStructure(theirs), dumpAsXNet(ours)); diff != "" {
		t.Errorf("%s: input %q (context %q, scripting %v): tree differs from x/net/html's (context %q) (-x/net +ours):\n%s", name, truncate(input, 300), ctx, scripting, theirCtx, diff)
	}
}

// xnetContext returns the context in which x/net/html's tree of an input
// is the one to compare with: "body" for a head context that reaches no
// other class, ctx otherwise. The standard parses a head context as it
// parses a body context (resetting the insertion mode selects "in body"
// for both, and nothing else in the fragment parsing algorithm reads the
// context's name but for the tokenizer state, which is the same for
// both, and the select and template contexts), and x/net/html parses a
// body context as the standard does but where it departs in ways this
// parser follows.
func xnetContext(departures xnetDepartures, ctx string) string {
	if departures == departHeadContext {
		return "body"
	}
	return ctx
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// TestDifferentialHTML5LibInputs parses every html5lib input, in its
// context, with scripting enabled and disabled, and compares the full trees
// (namespaces, atoms, attribute order and namespaces) with x/net/html's.
func TestDifferentialHTML5LibInputs(t *testing.T) {
	for _, c := range html5libCases(t) {
		for _, scripting := range []bool{true, false} {
			compareWithXNet(t, c.id(), c.data, c.context, scripting)
		}
		// Documents also as fragments of a few contexts.
		if c.context == "" {
			for _, ctx := range []string{nilContext, "body", "div", "table", "svg svg"} {
				compareWithXNet(t, c.id()+" in "+ctx, c.data, ctx, true)
			}
		}
	}
}

// TestDifferentialTrickyInputs covers inputs found while reviewing the
// parser: corners where x/net/html's behaviour is unusual.
func TestDifferentialTrickyInputs(t *testing.T) {
	inputs := []string{
		// The adoption agency foster parents the furthest block: x/net/html
		// into the SVG template inside it (the block leaves the
		// document), this parser, as the standard, before the table.
		"<table><b><div><svg><template></b>x",
		// In a head context x/net/html parses "in head": </head> pops the
		// fragment's root, and "after head" pushes no head element back,
		// so the meta and script go into the document. The standard
		// parses the fragment "in body", which ignores the end tag.
		"</head><meta><script>s</script>b",
		"<select><option>a<input><hr><select>b",
		"<math><html><template><mn><template></template></template>",
		"<math><math><head><mi><template>",
		"<svg><head><title><select><input>",
		"<table><tbody><svg><td><desc><select></select></tbody>",
		"<p><b><i><u><s><div>x</b>y</i>z",
		"<a><p><a>x</a></p>",
		"<b><b><b><b><b>x</b></b><p>y",
		"<table><td><a><table></table><a></tr><a></table><b>X</b>C<a>Y",
		"<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><p><table>",
		"<!DOCTYPE HTML><p><table>",
		"<frameset><frame></frameset><noframes>x</noframes>",
		"<body><template><td><template><tr></template></td></template>",
		"<svg><desc><svg><g></desc></g></svg>x",
		"<math><mi><svg><foreignObject><p>x</math>y",
		// A stray </p> below foreign content: the p element it implies
		// leaves the foreign content first, which can bring an open p
		// element into button scope (annotation-xml is a scope boundary).
		"<p><math><annotation-xml></p>x",
		"<table><tr><td><p><math><annotation-xml></p>x",
		"<table><math><annotation-xml></p>x",
		// Text foster parented into a template is not merged.
		"<templAte><tr>0</",
	}
	for _, in := range inputs {
		for _, ctx := range []string{"", nilContext, "head", "body", "td", "select", "template", "svg svg", "math annotation-xml"} {
			compareWithXNet(t, in, in, ctx, true)
		}
	}
}

// repoRoot is the module root, two levels above this package.
const repoRoot = "../.."

// TestDifferentialRepositoryPages compares the trees of the HTML files and
// the HTML string literals under fixtures/ and examples/.
func TestDifferentialRepositoryPages(t *testing.T) {
	pages := 0
	for _, dir := range []string{"fixtures", "examples"} {
		root := filepath.Join(repoRoot, dir)
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch filepath.Ext(path) {
			case ".html", ".htm":
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				pages++
				compareWithXNet(t, path, string(b), "", true)
				compareWithXNet(t, path+" as body fragment", string(b), "body", true)
			case ".go":
				for i, s := range htmlStringLiterals(t, path) {
					pages++
					name := fmt.Sprintf("%s literal %d", path, i)
					compareWithXNet(t, name, s, "", true)
					compareWithXNet(t, name+" as div fragment", s, "div", true)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("walking %s: %v", root, err)
		}
	}
	if pages == 0 {
		t.Fatal("found no HTML under fixtures/ and examples/")
	}
	t.Logf("compared %d pages and HTML literals", pages)
}

var looksLikeHTML = regexp.MustCompile(`<[a-zA-Z!/][^>]*>`)

// htmlStringLiterals returns the string literals of a Go file that contain
// something that looks like a tag.
func htmlStringLiterals(t *testing.T, path string) []string {
	f, err := goparser.ParseFile(gotoken.NewFileSet(), path, nil, goparser.SkipObjectResolution)
	if err != nil {
		t.Errorf("parsing %s: %v", path, err)
		return nil
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == gotoken.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && looksLikeHTML.MatchString(s) {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}

// TestDifferentialGeneratedPages compares the trees of pagegen pages of
// several sizes, depths and seeds.
func TestDifferentialGeneratedPages(t *testing.T) {
	for _, opts := range []pagegen.Options{
		{Elements: pagegen.MinElements},
		{Elements: 50, Seed: 3},
		{Elements: 200},
		{Elements: 1000, Seed: 7},
		{Elements: 1000, MaxDepth: 8, Seed: 11},
		{Elements: 3000, MaxDepth: 200, Seed: 5},
		{Elements: 5000, MaxDepth: 500, Seed: 9},
		{Elements: 10_000},
		{Elements: 10_000, Seed: 2},
	} {
		page := string(pagegen.Generate(opts))
		name := fmt.Sprintf("pagegen %+v", opts)
		if _, err := html.Parse(strings.NewReader(page)); err != nil {
			t.Fatalf("%s: x/net/html fails: %v", name, err)
		}
		compareWithXNet(t, name, page, "", true)
	}
}

// TestSameStructure: the shortcut compareWithXNet takes says two trees
// are the same exactly when their dumps are (ours with comments read as
// x/net/html reads them).
func TestSameStructure(t *testing.T) {
	inputs := []string{
		"<p class=a>x</p>", "<p class=b>x</p>", "<p>x</p>", "<p>y</p>", "<div>x</div>",
		"<p><b>x</b></p>", "<p><b></b>x</p>", "<svg><p>x</svg>", "<svg><g>x</g></svg>", "<math><g>x</g></math>",
		"<p xlink:href=a>x", "<svg><a xlink:href=a>x</a></svg>", "<p>x</p><p>x</p>",
		"<!--&amp;-->", "<!--&-->", "<!--&amp;amp;-->",
		"<a id=x href=y>x", "<a href=y id=x>x", "<div id=x title=y>x", "<div title=y id=x>x",
	}
	var trees [][]*html.Node
	for _, in := range inputs {
		doc, err := Parse(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		trees = append(trees, []*html.Node{doc})
	}
	for i := range trees {
		for j := range trees {
			want := slices.Equal(dumpStructure(trees[i]), dumpAsXNet(trees[j]))
			if got := sameStructure(trees[i], trees[j]); got != want {
				t.Errorf("sameStructure(%q, %q) = %v, the dumps say %v", inputs[i], inputs[j], got, want)
			}
		}
	}
}
