package vdom

import (
	"errors"
	"strings"
	"testing"
)

func TestDocumentURLAndBaseURL(t *testing.T) {
	tests := []struct {
		name     string
		opts     []ParseOption
		markup   string
		wantURL  string
		wantBase string
	}{
		{"no URL", nil, `<p>`, "about:blank", "about:blank"},
		{"URL", []ParseOption{WithURL("https://example.com/a/b?q=1#f")}, `<p>`, "https://example.com/a/b?q=1#f", "https://example.com/a/b?q=1#f"},
		{"empty path becomes slash", []ParseOption{WithURL("HTTP://Example.COM")}, ``, "http://example.com/", "http://example.com/"},
		{"base href relative", []ParseOption{WithURL("https://example.com/a/b")}, `<base href="../c/">`, "https://example.com/a/b", "https://example.com/c/"},
		{"first base with href wins", []ParseOption{WithURL("https://example.com/")}, `<base target="x"><base href="/one/"><base href="/two/">`, "https://example.com/", "https://example.com/one/"},
		{"base href absolute", []ParseOption{WithURL("https://example.com/")}, `<base href="http://other.test/x">`, "https://example.com/", "http://other.test/x"},
		{"base href that fails falls back", []ParseOption{WithURL("https://example.com/p")}, `<base href="http://">`, "https://example.com/p", "https://example.com/p"},
		{"base href on about:blank fails", nil, `<base href="/x">`, "about:blank", "about:blank"},
		{"backslashes in a special URL", []ParseOption{WithURL("https://example.com/")}, `<base href="\a\b">`, "https://example.com/", "https://example.com/a/b"},
		{"javascript: base is not used", []ParseOption{WithURL("https://example.com/p")}, `<base href="javascript:alert(1)//">`, "https://example.com/p", "https://example.com/p"},
		{"JavaScript: in any case is not used", []ParseOption{WithURL("https://example.com/p")}, `<base href=" JavaScript:x/">`, "https://example.com/p", "https://example.com/p"},
		{"data: base is not used", []ParseOption{WithURL("https://example.com/p")}, `<base href="data:text/html,x/">`, "https://example.com/p", "https://example.com/p"},
		{"a later base does not count", []ParseOption{WithURL("https://example.com/p")}, `<base href="javascript:x"><base href="/other/">`, "https://example.com/p", "https://example.com/p"},
		{"backslashes make a host", []ParseOption{WithURL("https://example.com/")}, `<base href="/\evil.example/x/">`, "https://example.com/", "https://evil.example/x/"},
		{"tabs and newlines removed", []ParseOption{WithURL("https://example.com/")}, "<base href=\" /x\t/\ny \">", "https://example.com/", "https://example.com/x/y"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := ParseString(tc.markup, tc.opts...)
			if got := d.URL(); got != tc.wantURL {
				t.Errorf("URL() = %q, want %q", got, tc.wantURL)
			}
			if got := d.BaseURL().String(); got != tc.wantBase {
				t.Errorf("BaseURL() = %q, want %q", got, tc.wantBase)
			}
		})
	}
}

func TestWithURLRejectsRelative(t *testing.T) {
	for _, raw := range []string{"/relative", "", "http://"} {
		if _, err := Parse(strings.NewReader(""), WithURL(raw)); !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(WithURL(%q)) error = %v, want ErrSyntax", raw, err)
		}
	}
}

func TestBaseURLIsACopy(t *testing.T) {
	d := ParseString(`<p>`, WithURL("https://example.com/"))
	d.BaseURL().Path = "/changed"
	if got := d.URL(); got != "https://example.com/" {
		t.Errorf("URL() = %q after changing BaseURL's result", got)
	}
}
