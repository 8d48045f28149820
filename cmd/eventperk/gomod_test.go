package main

import (
	"os"
	"regexp"
	"testing"
)

// TestGoVersionAgrees checks that the README names the oldest Go that
// go.mod asks for. The go line is the oldest release the module builds
// with (golang.org/x/net needs 1.26.0); a point release in it (1.26.8)
// would make users of an earlier 1.26 download a toolchain for nothing,
// since point releases add no language features or APIs.
func TestGoVersionAgrees(t *testing.T) {
	chdirRoot(t)
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+)\.(\d+)\.(\d+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line of the form go 1.N.P")
	}
	if string(m[3]) != "0" {
		t.Errorf("go.mod says go %s.%s.%s; no point release is needed: say go %s.%s.0", m[1], m[2], m[3], m[1], m[2])
	}
	if regexp.MustCompile(`(?m)^toolchain `).Match(mod) {
		t.Error("go.mod has a toolchain line, which makes users download that toolchain")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := "Go " + string(m[1]) + "." + string(m[2]) + " or newer"
	if !regexp.MustCompile(regexp.QuoteMeta(want)).Match(readme) {
		t.Errorf("README.md does not say %q, the oldest Go go.mod allows", want)
	}
}
