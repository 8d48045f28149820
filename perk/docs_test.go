package perk_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docSources are the documents whose Go examples must be compiled code.
var docSources = []string{
	"../README.md",
	"../docs/cli.md",
	"../scenario/doc.go",
	"../docs/architecture.md",
	"../docs/eventperk.md",
	"../docs/html.md",
	"../docs/limits.md",
	"../docs/performance.md",
	"../docs/performance-history.md",
	"../docs/testing.md",
	"../vdom/doc.go",
	"../unit/doc.go",
	"../perk/doc.go",
	"../vdomtest/doc.go",
	"../a11y/doc.go",
	"../docs/a11y.md",
	"../docs/pages.md",
	"../docs/css.md",
	"../browse/doc.go",
	"../htmx/doc.go",
	"../docs/htmx.md",
	"../examples/notes/README.md",
	"../examples/contacts/README.md",
}

var goFence = regexp.MustCompile("(?s)```go\n(.*?)```")

// docBlocks returns the Go examples of a Markdown file (```go fences) or of
// a package doc comment (indented code blocks).
func docBlocks(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".md") {
		var out []string
		for _, m := range goFence.FindAllStringSubmatch(string(data), -1) {
			out = append(out, m[1])
		}
		return out
	}
	var out []string
	var cur []string
	for _, line := range strings.Split(string(data), "\n") {
		if code, ok := strings.CutPrefix(line, "//\t"); ok {
			cur = append(cur, code)
			continue
		}
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, "\n"))
			cur = nil
		}
	}
	return out
}

// normalize drops blank lines and indentation and folds runs of spaces, so
// that gofmt's alignment in a Go file does not matter.
func normalize(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.Join(strings.Fields(l), " ")
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

func containsRun(hay, needle []string) bool {
	for i := 0; i+len(needle) <= len(hay); i++ {
		match := true
		for j := range needle {
			if hay[i+j] != needle[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// TestDocsExamplesCompiled: every Go example of the README, docs/ and the
// package documentation appears, line for line, in a Go file of the
// module that is compiled (most in docs_example_test.go and
// readme_test.go, which also run them). An example edited in the docs
// alone fails here.
func TestDocsExamplesCompiled(t *testing.T) {
	var files [][]string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "doc.go") || strings.HasSuffix(path, "docs_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files = append(files, normalize(string(data)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, src := range docSources {
		for i, block := range docBlocks(t, src) {
			n++
			want := normalize(block)
			found := false
			for _, f := range files {
				if containsRun(f, want) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s: Go example %d is not in any compiled Go file of the module:\n%s", src, i+1, block)
			}
		}
	}
	if n < 8 {
		t.Errorf("found %d Go examples in the docs, want at least 8: is the extraction broken?", n)
	}
}
