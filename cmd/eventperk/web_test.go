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
		// A page behind a sign-in: without its cookie it redirects, and
		// explore shows where; with --cookie it loads.
		{"web-explore-redirect", []string{"fire", "/account"}, 0},
		{"web-explore-redirect-json", []string{"fire", "--json", "/account"}, 0},
		{"web-explore-redirect-target", []string{"fire", "/account", "--event", "click", "--target", "#pay"}, 2},
		{"web-fire-redirect-unit", []string{"fire", "/account", "--unit", "#account", "--event", "click"}, 2},
		{"web-explore-cookie", []string{"fire", "/account", "--cookie", "session=abc123", "--event", "click", "--target", "#pay"}, 0},
		{"web-fire-cookie", []string{"fire", "/account", "--cookie", "session=abc123", "--unit", "#account", "--spy",
			"--settings-json", `{"events": {"pay": {"handlers": {"click": "onPay"}}}}`, "--event", "click", "--target", "#pay", "--no-durations", "--color=never"}, 0},
		{"web-run-cookie", []string{"run", "--cookie", "session=abc123", "--no-durations", "--color=never", web + "account.json"}, 0},
		{"web-run-no-cookie", []string{"run", "--no-durations", "--color=never", web + "account.json"}, 1},
		{"web-explore-header", []string{"fire", "/admin", "--header", "X-Role: admin", "--event", "click", "--target", "#purge"}, 0},
		{"web-explore-no-header", []string{"fire", "/admin"}, 2},
		// Sheets: a page's links load through the run's client; those
		// that fail are warnings.
		{"web-styled", []string{"run", "--no-durations", "--color=never", web + "styled.json"}, 0},
		{"web-styled-json", []string{"run", "--json", "--no-durations", web + "styled.json"}, 0},
		{"web-run-file-with-cookie", []string{"run", "--cookie", "a=1", "--no-durations", "--color=never", web + "file.json"}, 0},
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
		{"explore-redirect", "cmd/eventperk/testdata/golden/web-explore-redirect*.txt", "http://SERVER", 4},
		{"sheet-warnings", "cmd/eventperk/testdata/golden/*styled.txt", "http://SERVER", 4},
		{"sheet-hidden", "cmd/eventperk/testdata/golden/run-styled.txt", "http://SERVER", 1},
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
		printed := map[string]bool{} // every line printed, its indent aside
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range strings.Split(strings.ReplaceAll(string(b), "http://SERVER", tc.server), "\n") {
				printed[strings.TrimSpace(l)] = true
			}
		}
		lines := strings.Split(strings.TrimSpace(block), "\n")
		if len(lines) < tc.minLines {
			t.Fatalf("docs/cli.md shows %d lines after %s, want at least %d", len(lines), marker, tc.minLines)
		}
		for _, l := range lines {
			if l = strings.TrimSpace(l); !printed[l] {
				t.Errorf("docs/cli.md shows a line the command does not print:\n%s", l)
			}
		}
	}
}

// TestRequestFlagsAreChecked: a --header or --cookie that could not be
// sent as given (a header line of its own, a name that is no token) is
// refused before anything is sent, with an error naming the flag; so are
// both flags with a page read from a file.
func TestRequestFlagsAreChecked(t *testing.T) {
	chdirRoot(t)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no colon", []string{"fire", "--header", "X-Role", "http://127.0.0.1:1/"},
			`invalid value "X-Role" for flag --header: want "Name: value", such as "Authorization: Bearer abc", got "X-Role"`},
		{"CR LF in a value", []string{"fire", "--header", "X-Role: admin\r\nX-Injected: 1", "http://127.0.0.1:1/"},
			`for flag --header: the value of X-Role has a control character (CR, LF or another but tab): "admin\r\nX-Injected: 1"`},
		{"LF at the end", []string{"run", "--header", "X-Role: admin\n", "x.json"},
			`for flag --header: the value of X-Role has a control character`},
		{"a space in the name", []string{"fire", "--header", "X Role: admin", "http://127.0.0.1:1/"},
			`for flag --header: header name "X Role" is not an HTTP token`},
		{"an empty name", []string{"fire", "--header", ": admin", "http://127.0.0.1:1/"},
			`for flag --header: header name "" is not an HTTP token`},
		{"a Cookie header", []string{"fire", "--header", "Cookie: a=1", "http://127.0.0.1:1/"},
			`for flag --header: give cookies with --cookie name=value`},
		{"a cookie without a value", []string{"fire", "--cookie", "session", "http://127.0.0.1:1/"},
			`invalid value "session" for flag --cookie: want name=value, such as session=abc123, got "session": '=' not found in cookie`},
		{"a cookie with a newline", []string{"run", "--cookie", "session=a\r\nX: y", "x.json"},
			`for flag --cookie: want name=value, such as session=abc123, got "session=a\r\nX: y": invalid cookie value`},
		{"a cookie name that is no token", []string{"fire", "--cookie", "my session=1", "http://127.0.0.1:1/"},
			`for flag --cookie: want name=value, such as session=abc123, got "my session=1": invalid cookie name`},
		{"with a page file", []string{"fire", "--cookie", "a=1", "--header", "X-Role: admin", "fixtures/menu/page.html"},
			"fixtures/menu/page.html: --header and --cookie shape the requests to a server, and this page is a file; give an http or https URL, or a path starting with / and --base-url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := invoke(tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit code %d, stderr:\n%s\nwant exit code 2 and %q\nstdout:\n%s", code, stderr, tt.want, stdout)
			}
		})
	}
}
