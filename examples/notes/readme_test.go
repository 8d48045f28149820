package notes_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeExamplesCompiled: every Go block of README.md appears, line for
// line (indentation and blank lines aside), in a test file of this
// package, so the README shows code that compiles and runs.
func TestReadmeExamplesCompiled(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var sources [][]string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, lines(string(data)))
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(readme), -1)
	if len(blocks) < 3 {
		t.Fatalf("README.md has %d Go blocks, want at least 3: is the extraction broken?", len(blocks))
	}
	for i, b := range blocks {
		want := lines(b[1])
		found := false
		for _, src := range sources {
			if containsRun(src, want) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("README.md Go block %d is in no test file of the package:\n%s", i+1, b[1])
		}
	}
}

// lines returns the non-blank lines of s with their spaces folded.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
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
