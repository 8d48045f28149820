package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWeb runs the scenarios of testdata/web against a server of the shop
// application, each test its own, given with --base-url so that their
// "page": "/" is fetched from it. The server's address, which changes from
// run to run, is written SERVER in the golden files.
func TestWeb(t *testing.T) {
	dir := chdirRoot(t)
	const web = "cmd/eventperk/testdata/web/"
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"web-flow", []string{"run", "--no-durations", "--color=never", web + "flow.json"}, 0},
		{"web-flow-json", []string{"run", "--json", "--no-durations", web + "flow.json"}, 0},
		{"web-errors", []string{"run", "--no-durations", "--color=never", web + "errors.json"}, 1},
		{"web-file", []string{"run", "--no-durations", "--color=never", web + "file.json"}, 0},
		{"web-file-json", []string{"run", "--json", "--no-durations", web + "file.json"}, 0},
		{"web-file-server-steps", []string{"check", web + "file-server-steps.json"}, 2},
		{"web-check", []string{"check", web + "flow.json"}, 0},
		{"web-load-missing", []string{"run", web + "load-missing.json"}, 2},
		{"web-load-missing-json", []string{"run", "--json", web + "load-missing.json"}, 2},
		{"web-load-not-html", []string{"run", web + "load-json.json"}, 2},
		{"web-load-too-large", []string{"run", "--max-page-bytes", "1KB", web + "load-big.json"}, 2},
		{"web-load-loop", []string{"run", web + "load-loop.json"}, 2},
		{"web-other-host", []string{"run", "--no-durations", "--color=never", web + "load-elsewhere.json"}, 0},
		{"web-same-host", []string{"run", "--same-host", web + "load-elsewhere.json"}, 2},
		{"web-load-timeout", []string{"run", "--timeout", "300ms", web + "load-slow.json"}, 2},
		{"web-units-nowhere", []string{"run", "--no-durations", "--color=never", web + "units-nowhere.json"}, 1},
		{"web-fire", []string{"fire", "/", "--unit", "#app", "--spy", "--settings-json", `{"events": {"add": {"handlers": {"submit": "onSubmit"}}}}`,
			"--event", "submit", "--target", "#add", "--no-durations", "--color=never"}, 0},
		{"web-explore", []string{"fire", "/", "--event", "click", "--target", "#add-btn"}, 0},
		{"web-explore-missing", []string{"fire", "/nowhere"}, 2},
		{"web-bad-base-url", []string{"run", "--base-url", "localhost:8080", web + "flow.json"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			server := startShop(t)
			args := tt.args
			if tt.name != "web-bad-base-url" {
				args = append([]string{args[0], "--base-url", server}, args[1:]...)
			}
			stdout, stderr, code := invoke(args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			shown := strings.ReplaceAll(transcript(args, stdout, stderr, code), server, "http://SERVER")
			// The port also shows where the server goes by another name.
			shown = strings.ReplaceAll(shown, server[strings.LastIndex(server, ":"):], ":PORT")
			golden(t, dir, tt.name, shown)
		})
	}
}

// TestDocsShowLoadErrors checks that the load errors docs/cli.md shows are
// those the command printed for the web scenarios (the golden files): in
// the load-errors block the server's address written as
// http://localhost:8080, in the same-host block as in the golden file.
func TestDocsShowLoadErrors(t *testing.T) {
	chdirRoot(t)
	doc, err := os.ReadFile("docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, glob, server string
		minLines           int
	}{
		{"load-errors", "cmd/eventperk/testdata/golden/web-load-*.txt", "http://localhost:8080", 4},
		{"same-host", "cmd/eventperk/testdata/golden/web-same-host.txt", "http://SERVER", 1},
	} {
		marker := "<!-- " + tc.name + ": " + tc.glob + " -->"
		_, after, ok := strings.Cut(string(doc), marker)
		if !ok {
			t.Fatalf("docs/cli.md lacks the marker %s", marker)
		}
		_, block, _ := strings.Cut(after, "```text\n")
		block, _, _ = strings.Cut(block, "```")
		files, err := filepath.Glob(tc.glob)
		if err != nil || len(files) == 0 {
			t.Fatalf("no golden files %s (%v)", tc.glob, err)
		}
		var printed strings.Builder
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			printed.WriteString(strings.ReplaceAll(string(b), "http://SERVER", tc.server))
		}
		lines := strings.Split(strings.TrimSpace(block), "\n")
		if len(lines) < tc.minLines {
			t.Fatalf("docs/cli.md shows %d lines after %s, want at least %d", len(lines), marker, tc.minLines)
		}
		for _, l := range lines {
			if l = strings.TrimSpace(l); !strings.Contains(printed.String(), "\n"+l+"\n") {
				t.Errorf("docs/cli.md shows an error the command does not print:\n%s", l)
			}
		}
	}
}
