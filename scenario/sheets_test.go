package scenario

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// The sheets of a page read from a file come from its directory and from
// nowhere else.
func TestFileSheets(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "css", "app.css"), "p { display: none }")
	write(filepath.Join(dir, "big.css"), strings.Repeat("x", 100))
	write(filepath.Join(outside, "secret.css"), "secret")
	if err := os.Mkdir(filepath.Join(dir, "folder.css"), 0o755); err != nil {
		t.Fatal(err)
	}
	symlink := os.Symlink(filepath.Join(outside, "secret.css"), filepath.Join(dir, "link.css")) == nil
	l := fileSheets{src: sheetSource{dir: dir, set: true}}
	tests := []struct {
		url, body, err string
	}{
		{url: "http://example.com/css/app.css", body: "p { display: none }"},
		{url: "http://example.com/css/app.css?v=2", body: "p { display: none }"},
		{url: "http://example.com/big.css", body: strings.Repeat("x", 51)},
		{url: "http://example.com/css/nope.css", err: "css/nope.css: no such file in the page's directory"},
		{url: "http://example.com/folder.css", err: "folder.css: not a regular file"},
		{url: "http://example.com/css/..%2f..%2fsecret.css", err: `"/css/../../secret.css" is no file name within the page's directory`},
		{url: "http://example.com/", err: `"/" is no file name within the page's directory`},
		{url: "https://cdn.example/app.css", err: "a page read from a file sends no request: its sheets come from its directory, http://example.com/"},
	}
	if symlink {
		tests = append(tests, struct{ url, body, err string }{url: "http://example.com/link.css", err: "escapes"})
	}
	for _, tt := range tests {
		res, err := l.Load(context.Background(), tt.url, 50)
		got := string(res.Body)
		if err != nil {
			got = ""
		}
		if got != tt.body || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Load(%s) = %q, %v; want %q, an error with %q", tt.url, got, err, tt.body, tt.err)
		}
	}
	if _, err := (fileSheets{}).Load(context.Background(), "http://example.com/css/app.css", 50); err == nil || !strings.Contains(err.Error(), "standard input") {
		t.Errorf("a page without a directory: Load error %v; want one that says it has none", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.Load(ctx, "http://example.com/css/app.css", 50); err != context.Canceled {
		t.Errorf("Load with an ended context: %v, want context.Canceled", err)
	}
}

// A scenario in a file system loads its page's sheets from the same file
// system, from the page's directory; an inline page's come from the
// scenario's.
func TestFileSheetsFS(t *testing.T) {
	fsys := fstest.MapFS{
		"site/scenario.json":     {Data: []byte(`{"page": "pages/index.html", "steps": [{"click": "#menu a", "expectError": "in http://example.com/css/app.css"}]}`)},
		"site/pages/index.html":  {Data: []byte(`<link rel=stylesheet href="css/app.css"><link rel=stylesheet href="/css/gone.css"><nav id=menu><a href="/x">x</a></nav>`)},
		"site/pages/css/app.css": {Data: []byte(`#menu { display: none }`)},
		"site/inline.json":       {Data: []byte(`{"html": "<link rel=stylesheet href=theme.css><p id=p>x</p>", "steps": [{"click": "#p", "expectError": "in http://example.com/theme.css"}]}`)},
		"site/theme.css":         {Data: []byte(`p { display: none }`)},
	}
	for _, tc := range []struct {
		file     string
		warnings []string
	}{
		{"site/scenario.json", []string{"page site/pages/index.html: style sheet /css/gone.css not loaded: css/gone.css: no such file in the page's directory"}},
		{"site/inline.json", nil},
	} {
		s, err := LoadFS(fsys, tc.file)
		if err != nil {
			t.Fatal(err)
		}
		res := s.Run(context.Background(), Options{})
		if !res.OK() {
			var b strings.Builder
			res.WriteText(&b, Format{})
			t.Errorf("%s: the run failed:\n%s", tc.file, b.String())
		}
		if diff := cmp.Diff(tc.warnings, res.Warnings); diff != "" {
			t.Errorf("%s: Warnings mismatch (-want +got):\n%s", tc.file, diff)
		}
	}
}
