package layers

import (
	"bufio"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// network is the standard library's network package, under net/http,
// net/textproto, crypto/tls and its certificates. What imports it builds
// them from an empty build cache and links them into every test binary.
const network = "net"

// networkRow is the row of the layer table from which packages may use
// the network: the pages over HTTP.
const networkRow = "browse"

// networkPaths returns, for each of roots that reaches network in the
// import graph deps (each package to the packages it imports), the
// shortest chain of imports that leads there, in the order of roots.
func networkPaths(deps map[string][]string, roots []string) [][]string {
	var out [][]string
	for _, root := range roots {
		// Breadth first, so the chain reported is a shortest one; prev
		// leads back to root.
		prev := map[string]string{root: ""}
		queue := []string{root}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if p == network {
				var chain []string
				for q := p; q != ""; q = prev[q] {
					chain = append(chain, q)
				}
				slices.Reverse(chain)
				out = append(out, chain)
				break
			}
			for _, imp := range deps[p] {
				if _, seen := prev[imp]; !seen {
					prev[imp] = p
					queue = append(queue, imp)
				}
			}
		}
	}
	return out
}

// goListDeps runs go list -deps on pkgs (paths inside the module) and
// returns every package it lists, with its imports, by import path.
func goListDeps(pkgs []string) (map[string][]string, error) {
	args := []string{"list", "-deps", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}"}
	for _, p := range pkgs {
		args = append(args, "./"+p)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%v: %s", err, ee.Stderr)
		}
		return nil, fmt.Errorf("go list -deps: %v", err)
	}
	deps := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) > 0 {
			deps[f[0]] = f[1:]
		}
	}
	return deps, sc.Err()
}

// TestNoNetworkBelowBrowse checks that no package in a row of the layer
// table above browse's depends on the network package, even through
// another module: a program that tests pages with vdom, the queries, the
// user's actions, units and vdomtest then neither compiles net/http,
// crypto/tls and the certificate code nor links them into its test
// binaries (docs/performance.md, "Build and test times").
func TestNoNetworkBelowBrowse(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(root, architecture))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := readTable(string(text))
	if err != nil {
		t.Fatalf("%s: %v", architecture, err)
	}
	limit := rowOf(rows, networkRow)
	if limit < 0 {
		t.Fatalf("%s: no row for %s", architecture, networkRow)
	}
	imports, err := moduleImports(root)
	if err != nil {
		t.Fatal(err)
	}
	var below []string
	for _, p := range slices.Sorted(maps.Keys(imports)) {
		if i := rowOf(rows, p); i >= 0 && i < limit {
			below = append(below, p)
		}
	}
	mod, err := modulePath(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	deps, err := goListDeps(below)
	if err != nil {
		t.Fatal(err)
	}
	var roots []string
	for _, p := range below {
		roots = append(roots, mod+"/"+p)
	}
	for _, chain := range networkPaths(deps, roots) {
		for i, p := range chain {
			chain[i] = strings.TrimPrefix(p, mod+"/")
		}
		t.Errorf("%s depends on %s (%s), which only %s and the rows below it of %s may: take the type or function it needs from a lighter package, or move the code that needs the network to %s",
			chain[0], network, strings.Join(chain, " → "), networkRow, architecture, networkRow)
	}
}

// TestNetworkPathsFindsChains shows what the check reports, on an import
// graph made up for it: vdom's navigation requests used to carry an
// http.Header.
func TestNetworkPathsFindsChains(t *testing.T) {
	deps := map[string][]string{
		"m/vdom":        {"m/selector", "net/http", "net/url"},
		"m/selector":    {"strings"},
		"m/query":       {"m/vdom", "m/selector"},
		"m/css":         {"m/selector", "net/url"},
		"net/http":      {"crypto/tls", "net", "net/url"},
		"crypto/tls":    {"net"},
		"net/url":       {"strings"},
		"m/internal/ip": {"net/netip"},
	}
	got := networkPaths(deps, []string{"m/css", "m/query", "m/selector", "m/vdom", "m/internal/ip"})
	want := [][]string{
		{"m/query", "m/vdom", "net/http", "net"},
		{"m/vdom", "net/http", "net"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
