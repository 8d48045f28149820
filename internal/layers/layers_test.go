package layers

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const (
	root         = "../.."
	architecture = "docs/architecture.md"
)

// row is one row of the layer table: the packages its first cell names
// ("examples/..." stands for every package under examples) and its line.
type row struct {
	names []string
	line  int
}

var backticked = regexp.MustCompile("`([^`]+)`")

// readTable returns the package rows of the table under "## Layers", in
// order; rows whose first cell names no package (floor titles) are left
// out.
func readTable(text string) ([]row, error) {
	var rows []row
	in := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "## "):
			in = l == "## Layers"
			continue
		case !in || !strings.HasPrefix(l, "|"):
			continue
		}
		cells := strings.Split(l, "|")
		if len(cells) < 3 {
			continue
		}
		var names []string
		for _, m := range backticked.FindAllStringSubmatch(cells[1], -1) {
			names = append(names, m[1])
		}
		if len(names) > 0 {
			rows = append(rows, row{names: names, line: line})
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no table of packages under \"## Layers\"")
	}
	return rows, sc.Err()
}

// rowOf returns the index of the row that lists pkg, or -1.
func rowOf(rows []row, pkg string) int {
	for i, r := range rows {
		for _, n := range r.names {
			if n == pkg || strings.HasSuffix(n, "/...") && strings.HasPrefix(pkg, strings.TrimSuffix(n, "...")) {
				return i
			}
		}
	}
	return -1
}

// check returns every violation of the layers by imports, a map from each
// package of the module (its path inside the module) to the packages of
// the module it imports.
func check(rows []row, imports map[string][]string) []string {
	var bad []string
	used := make([]bool, len(rows))
	for _, pkg := range slices.Sorted(maps.Keys(imports)) {
		i := rowOf(rows, pkg)
		if i < 0 {
			bad = append(bad, fmt.Sprintf("package %s is not in the layer table of %s: add a row for it below the packages it imports", pkg, architecture))
			continue
		}
		used[i] = true
		for _, imp := range imports[pkg] {
			j := rowOf(rows, imp)
			switch {
			case j < 0:
				// Reported as a package of its own.
			case j == i:
				bad = append(bad, fmt.Sprintf("%s imports %s, which is in its own row (%s:%d)", pkg, imp, architecture, rows[i].line))
			case j > i:
				bad = append(bad, fmt.Sprintf("%s (%s:%d) imports %s, which is in a row below it (line %d): the arrow runs back up the layers", pkg, architecture, rows[i].line, imp, rows[j].line))
			}
		}
	}
	for i, r := range rows {
		if !used[i] {
			bad = append(bad, fmt.Sprintf("%s:%d: the row of %s names no package of the module", architecture, r.line, strings.Join(r.names, ", ")))
		}
	}
	return bad
}

// moduleImports reads the import lines of every non-test Go file of the
// module under dir, whatever its build constraints, and returns, for each
// package, the module's packages it imports.
func moduleImports(dir string) (map[string][]string, error) {
	mod, err := modulePath(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(dir, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, spec := range f.Imports {
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			inner, ok := strings.CutPrefix(p, mod+"/")
			if ok && !slices.Contains(out[pkg], inner) {
				out[pkg] = append(out[pkg], inner)
			}
		}
		return nil
	})
	return out, err
}

func modulePath(gomod string) (string, error) {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	for _, l := range strings.Split(string(data), "\n") {
		if p, ok := strings.CutPrefix(strings.TrimSpace(l), "module "); ok {
			return strings.TrimSpace(p), nil
		}
	}
	return "", fmt.Errorf("%s: no module line", gomod)
}

// TestLayers checks the module's imports against the table of
// docs/architecture.md.
func TestLayers(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(root, architecture))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := readTable(string(text))
	if err != nil {
		t.Fatalf("%s: %v", architecture, err)
	}
	imports, err := moduleImports(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < 20 {
		t.Fatalf("found %d packages in the module; the walk from %s went wrong", len(imports), root)
	}
	for _, v := range check(rows, imports) {
		t.Error(v)
	}
}

// TestCheckFindsViolations shows what the check reports, on a table and
// imports made up for it: the arrow that used to run from internal/elname
// up to vdom among them.
func TestCheckFindsViolations(t *testing.T) {
	rows, err := readTable("# Title\n\n## Layers\n\n| package | owns |\n|---|---|\n" +
		"| **ground floor** | |\n" +
		"| `internal/elname` | names |\n" +
		"| `vdom` | the document |\n" +
		"| `query`, `userevent` | a user's view |\n" +
		"| `examples/...` | applications |\n" +
		"| `gone` | a package that is no more |\n" +
		"\n## Next\n\n| `notarow` | |\n")
	if err != nil {
		t.Fatal(err)
	}
	got := check(rows, map[string][]string{
		"internal/elname":   {"vdom"},
		"vdom":              {"internal/elname"},
		"query":             {"vdom", "userevent"},
		"userevent":         {"vdom"},
		"examples/notes":    {"query", "vdom"},
		"examples/hello/go": {"vdom"},
		"css":               {"vdom"},
	})
	want := []string{
		"package css is not in the layer table of docs/architecture.md: add a row for it below the packages it imports",
		"internal/elname (docs/architecture.md:8) imports vdom, which is in a row below it (line 9): the arrow runs back up the layers",
		"query imports userevent, which is in its own row (docs/architecture.md:10)",
		"docs/architecture.md:12: the row of gone names no package of the module",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
