package perk_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// apiName is a backticked name in the changelog: "pkg.Name" or
// "pkg.Type.Member"; those of the module's packages are checked.
var apiName = regexp.MustCompile("`([a-z][a-z0-9]*)\\.([A-Z]\\w*)(?:\\.([A-Z]\\w*))?`")

// changelogNames returns the API names CHANGELOG.md says to use: those
// after "→" up to the end of their item or paragraph, and those of the
// Added sections.
func changelogNames(t *testing.T, text string) [][]string {
	t.Helper()
	var spans []string
	for _, block := range strings.Split(text, "\n\n") {
		for _, item := range strings.Split(block, "\n- ") {
			parts := strings.Split(item, "→")
			spans = append(spans, parts[1:]...)
		}
	}
	for _, section := range strings.Split(text, "\n### ")[1:] {
		if strings.HasPrefix(section, "Added") {
			spans = append(spans, section)
		}
	}
	var out [][]string
	for _, s := range spans {
		for _, m := range apiName.FindAllStringSubmatch(s, -1) {
			out = append(out, m[1:])
		}
	}
	return out
}

// exported collects the exported names of the package in dir: top-level
// names, and "Type.Member" for methods, struct fields and interface
// methods.
func exported(t *testing.T, dir string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
					continue
				}
				typ := d.Recv.List[0].Type
				if st, ok := typ.(*ast.StarExpr); ok {
					typ = st.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					names[id.Name+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[s.Name.Name] = true
						var fields *ast.FieldList
						switch x := s.Type.(type) {
						case *ast.StructType:
							fields = x.Fields
						case *ast.InterfaceType:
							fields = x.Methods
						}
						if fields == nil {
							continue
						}
						for _, fl := range fields.List {
							for _, n := range fl.Names {
								names[s.Name.Name+"."+n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return names
}

// TestChangelogNamesExist checks that what CHANGELOG.md tells users to
// write exists: a "how to move" that names a function the API does not
// have would send them nowhere.
func TestChangelogNamesExist(t *testing.T) {
	data, err := os.ReadFile("../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]string{
		"vdom": "../vdom", "browse": "../browse", "vdomtest": "../vdomtest", "unit": "../unit",
		"perk": ".", "scenario": "../scenario", "selector": "../selector", "query": "../query",
		"userevent": "../userevent", "a11y": "../a11y", "perktest": "perktest",
	}
	apis := map[string]map[string]bool{}
	names := changelogNames(t, string(data))
	if len(names) < 20 {
		t.Fatalf("found %d names to check in CHANGELOG.md; the parse went wrong", len(names))
	}
	for _, n := range names {
		pkg, name, member := n[0], n[1], n[2]
		dir, ok := dirs[pkg]
		if !ok {
			continue // a variable (r.URL) or a package of the standard library
		}
		if apis[pkg] == nil {
			apis[pkg] = exported(t, dir)
		}
		full := name
		if member != "" {
			full += "." + member
		}
		if !apis[pkg][full] {
			t.Errorf("CHANGELOG.md says to use %s.%s, which package %s does not have", pkg, full, pkg)
		}
	}
}
