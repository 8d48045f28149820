package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// chdirRoot runs the test from the module root, so that paths in the
// output read as they do in the docs ("fixtures/todo/scenario.json").
func chdirRoot(t *testing.T) string {
	t.Helper()
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(here, "..", ".."))
	return here
}

// invoke runs the command in-process and returns its output in the golden
// files' form.
func invoke(args ...string) (stdout, stderr string, code int) {
	return invokeWith(strings.NewReader(""), args...)
}

// invokeWith is invoke with what the command reads as standard input.
func invokeWith(stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	var out, errOut bytes.Buffer
	code = run(args, stdin, &out, &errOut)
	return out.String(), errOut.String(), code
}

func transcript(args []string, stdout, stderr string, code int) string {
	var b strings.Builder
	b.WriteString("$ eventperk " + strings.Join(args, " ") + "\n")
	b.WriteString("-- stdout --\n" + stdout)
	b.WriteString("-- stderr --\n" + stderr)
	b.WriteString("-- exit " + string(rune('0'+code)) + " --\n")
	return b.String()
}

// golden compares got with testdata/golden/name.txt, or rewrites it.
func golden(t *testing.T, dir, name, got string) {
	t.Helper()
	path := filepath.Join(dir, "testdata", "golden", name+".txt")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("output mismatch for %s (-want +got), go test -update rewrites it:\n%s", name, diff)
	}
}

// TestFixtures runs every fixture scenario end to end: each passes, except
// the bad-input one, which is refused with every error it contains.
func TestFixtures(t *testing.T) {
	dir := chdirRoot(t)
	files, err := filepath.Glob("fixtures/*/scenario.json")
	if err != nil || len(files) < 5 {
		t.Fatalf("want at least five passing fixture scenarios, found %d (%v)", len(files), err)
	}
	// The bad-input fixture's scenario is not named scenario.json, so that
	// "eventperk run fixtures/*/scenario.json" runs the passing ones.
	files = append(files, "fixtures/bad-input/every-error.json")
	for _, file := range files {
		name := filepath.Base(filepath.Dir(file))
		t.Run(name, func(t *testing.T) {
			args := []string{"run", "--no-durations", "--color=never", file}
			stdout, stderr, code := invoke(args...)
			want := 0
			if name == "bad-input" {
				want = 2
			}
			if code != want {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, want, stdout, stderr)
			}
			golden(t, dir, "run-"+name, transcript(args, stdout, stderr, code))
		})
	}
}

// TestCommands covers the other forms of the command line.
func TestCommands(t *testing.T) {
	dir := chdirRoot(t)
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"run-json", []string{"run", "--json", "--no-durations", "fixtures/async/scenario.json"}, 0},
		{"run-html", []string{"run", "--html", "--no-durations", "--color=never", "fixtures/form/scenario.json"}, 0},
		{"run-internal", []string{"run", "--internal", "--no-durations", "--color=never", "fixtures/menu/scenario.json"}, 0},
		{"run-quiet", []string{"run", "--quiet", "--no-durations", "fixtures/async/scenario.json", "fixtures/form/scenario.json",
			"fixtures/menu/scenario.json", "fixtures/ordering/scenario.json", "fixtures/todo/scenario.json"}, 0},
		{"run-failing", []string{"run", "--no-durations", "--color=never", "cmd/eventperk/testdata/failing.json"}, 1},
		{"run-timeout", []string{"run", "--no-durations", "--color=never", "--timeout", "1s", "cmd/eventperk/testdata/hang.json"}, 1},
		{"run-missing-method", []string{"run", "--no-durations", "--color=never", "cmd/eventperk/testdata/missing-method.json"}, 1},
		{"run-spy", []string{"run", "--spy", "--no-durations", "--color=never", "cmd/eventperk/testdata/missing-method.json"}, 0},
		{"run-self-trigger", []string{"run", "--no-durations", "--color=never", "cmd/eventperk/testdata/self-trigger.json"}, 1},
		{"run-styled", []string{"run", "--no-durations", "--color=never", "cmd/eventperk/testdata/styled.json"}, 0},
		{"run-styled-json", []string{"run", "--json", "--no-durations", "cmd/eventperk/testdata/styled.json"}, 0},
		{"run-lifecycle", []string{"run", "--no-durations", "--color=never", "cmd/eventperk/testdata/lifecycle.json"}, 0},
		{"run-bad-json", []string{"run", "--json", "fixtures/bad-input/invalid-json.json"}, 2},
		{"run-user-errors", []string{"run", "--no-durations", "--color=never", "cmd/eventperk/testdata/user-errors.json"}, 1},
		{"run-signin-json", []string{"run", "--json", "--no-durations", "fixtures/signin/scenario.json"}, 0},
		{"check-user-bad", []string{"check", "cmd/eventperk/testdata/user-bad.json"}, 2},
		{"check", []string{"check", "fixtures/async/scenario.json", "fixtures/form/scenario.json", "fixtures/menu/scenario.json",
			"fixtures/ordering/scenario.json", "fixtures/todo/scenario.json", "cmd/eventperk/testdata/missing-method.json"}, 0},
		{"check-bad-input", []string{"check", "fixtures/bad-input/every-error.json", "fixtures/bad-input/invalid-json.json", "fixtures/bad-input/missing-page.json"}, 2},
		{"check-json", []string{"check", "--json", "fixtures/bad-input/missing-page.json", "fixtures/todo/scenario.json"}, 2},
		{"fire-spy", []string{"fire", "fixtures/menu/page.html", "--unit", "#menu", "--settings", "fixtures/menu/settings.json",
			"--spy", "--event", "click", "--target", "#menu-docs", "--no-durations", "--color=never"}, 0},
		{"fire-no-spy", []string{"fire", "fixtures/menu/page.html", "--unit", "#menu", "--settings", "fixtures/menu/settings.json",
			"--event", "click", "--target", "#menu-docs", "--no-durations", "--color=never"}, 1},
		{"fire-trigger", []string{"fire", "fixtures/async/page.html", "--unit", "#feed", "--spy", "--mode", "trigger",
			"--settings-json", `{"events": {"this": {"handlers": {"load": ["fetch", {"handler": "count", "order": -1}]}}}}`,
			"--event", "load", "--detail", `{"page": 2}`, "--no-durations", "--color=never"}, 0},
		{"fire-units-file", []string{"fire", "fixtures/todo.html", "--settings", "fixtures/todo/units.json",
			"--event", "click", "--target", "li[data-id='3'] button.remove", "--html", "--no-durations", "--color=never"}, 0},
		{"fire-explore", []string{"fire", "fixtures/todo.html", "--spy", "--event", "click", "--target", "li[data-id='3'] button.remove"}, 0},
		{"fire-explore-page", []string{"fire", "fixtures/menu/page.html"}, 0},
		{"fire-explore-no-bubbles", []string{"fire", "fixtures/menu/page.html", "--event", "focus", "--bubbles=false", "--target", "#menu-docs", "--json"}, 0},
		{"fire-explore-bad-target", []string{"fire", "fixtures/menu/page.html", "--target", "#menu-doc"}, 2},
		{"fire-unit-no-settings", []string{"fire", "fixtures/menu/page.html", "--unit", "#menu", "--event", "click", "--no-durations", "--color=never"}, 0},
		{"fire-bad-input", []string{"fire", "fixtures/menu/page.html", "--unit", "#mnu", "--settings-json", `{"events": {"items": {"rootNode": "a[", "handlers": {"click": "x"}}}}`,
			"--event", "click", "--detail", `{"x": }`}, 2},
		{"help", []string{"--help"}, 0},
		{"help-run", []string{"run", "--help"}, 0},
		{"help-fire", []string{"help", "fire"}, 0},
		{"help-check", []string{"check", "-h"}, 0},
		{"help-help", []string{"help", "--help"}, 0},
		{"help-scenario", []string{"help", "scenario"}, 0},
		{"help-unknown-topic", []string{"help", "senario"}, 2},
		{"help-fire-flags", []string{"fire", "--help"}, 0},
		{"bad-flag-value", []string{"run", "--timeout", "soon", "fixtures/todo/scenario.json"}, 2},
		{"no-args", []string{}, 2},
		{"unknown-command", []string{"rnu", "x.json"}, 2},
		{"unknown-flag", []string{"run", "--jsn", "fixtures/todo/scenario.json"}, 2},
		{"no-scenario", []string{"run"}, 2},
		{"json-quiet", []string{"run", "--json", "--quiet", "fixtures/todo/scenario.json"}, 2},
		{"html-file-without-equals", []string{"run", "--html", "after.html", "fixtures/form/scenario.json"}, 2},
		{"fire-html-file-without-equals", []string{"fire", "fixtures/todo.html", "--html", "after.html", "--unit", "#app", "--event", "click"}, 2},
		{"missing-file", []string{"run", "fixtures/nope.json"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := invoke(tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			golden(t, dir, tt.name, transcript(tt.args, stdout, stderr, code))
		})
	}
}

func TestVersion(t *testing.T) {
	stdout, stderr, code := invoke("version")
	if code != 0 || stderr != "" {
		t.Fatalf("version: exit %d, stderr %q", code, stderr)
	}
	if !regexp.MustCompile(`^eventperk \S+ \(github.com/eventperk/eventperk-go, go\S+\)\n$`).MatchString(stdout) {
		t.Errorf("version printed %q", stdout)
	}
}

// TestHTMLFile checks --html=FILE writes the final page.
func TestHTMLFile(t *testing.T) {
	chdirRoot(t)
	out := filepath.Join(t.TempDir(), "after.html")
	_, stderr, code := invoke("run", "--quiet", "--html="+out, "fixtures/async/scenario.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(page), `<li class="story">`); got != 4 {
		t.Errorf("the written page has %d stories, want 4:\n%s", got, page)
	}
}

// TestDocsShowTheErrors checks that docs/cli.md shows, word for word, what
// check prints for the bad-input fixture.
func TestDocsShowTheErrors(t *testing.T) {
	chdirRoot(t)
	doc, err := os.ReadFile("docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	const marker = "<!-- bad-input-errors: eventperk check fixtures/bad-input/every-error.json fixtures/bad-input/invalid-json.json fixtures/bad-input/missing-page.json -->"
	_, after, ok := strings.Cut(string(doc), marker)
	if !ok {
		t.Fatalf("docs/cli.md lacks the marker %q", marker)
	}
	_, block, ok := strings.Cut(after, "```text\n")
	if !ok {
		t.Fatal("no ```text block after the marker")
	}
	block, _, _ = strings.Cut(block, "```")
	_, stderr, code := invoke("check", "fixtures/bad-input/every-error.json", "fixtures/bad-input/invalid-json.json", "fixtures/bad-input/missing-page.json")
	if code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	if diff := cmp.Diff(block, stderr); diff != "" {
		t.Errorf("docs/cli.md shows other errors than check prints (-docs +printed):\n%s", diff)
	}
}
