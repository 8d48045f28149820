package vdom

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalizeNewlines(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"none", "abc", "abc"},
		{"LF", "a\nb", "a\r\nb"},
		{"CR", "a\rb", "a\r\nb"},
		{"CRLF kept", "a\r\nb", "a\r\nb"},
		{"LFCR", "a\n\rb", "a\r\n\r\nb"},
		{"trailing CR", "a\r", "a\r\n"},
		{"leading LF", "\na", "\r\na"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := crlfNormalize(tc.in); got != tc.want {
				t.Errorf("crlfNormalize(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestEncodeURLEncoded(t *testing.T) {
	tests := []struct {
		name    string
		entries []FormDataEntry
		want    string
	}{
		{"empty", nil, ""},
		{"plain", []FormDataEntry{{Name: "a", Value: "1"}, {Name: "b", Value: "2"}}, "a=1&b=2"},
		{"space as plus", []FormDataEntry{{Name: "q", Value: "hello world"}}, "q=hello+world"},
		{"safe bytes", []FormDataEntry{{Name: "s", Value: "az AZ09*-._"}}, "s=az+AZ09*-._"},
		{"component and extra set", []FormDataEntry{{Name: "s", Value: "!'()~&=+%/?#"}}, "s=%21%27%28%29%7E%26%3D%2B%25%2F%3F%23"},
		{"UTF-8", []FormDataEntry{{Name: "é", Value: "€"}}, "%C3%A9=%E2%82%AC"},
		{"newlines normalized", []FormDataEntry{{Name: "a\nb", Value: "x\ry"}}, "a%0D%0Ab=x%0D%0Ay"},
		{"file as its name", []FormDataEntry{{Name: "f", File: &File{Name: "a b.txt", Content: []byte("x")}}}, "f=a+b.txt"},
		{"repeated names", []FormDataEntry{{Name: "a", Value: "1"}, {Name: "a", Value: "2"}}, "a=1&a=2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(encodeURLEncoded(tc.entries)); got != tc.want {
				t.Errorf("encodeURLEncoded = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestEncodeTextPlain(t *testing.T) {
	entries := []FormDataEntry{
		{Name: "a", Value: "1 2&3"},
		{Name: "b\n", Value: "x\ny"},
		{Name: "f", File: &File{Name: "n.txt"}},
	}
	want := "a=1 2&3\r\nb\r\n=x\r\ny\r\nf=n.txt\r\n"
	if got := string(encodeTextPlain(entries)); got != want {
		t.Errorf("encodeTextPlain = %q, want %q", got, want)
	}
}

// multipartPart is what mime/multipart reads back from one part.
type multipartPart struct {
	Disposition string
	Params      map[string]string
	ContentType string
	Body        string
}

func readMultipart(t *testing.T, body []byte, boundary string) []multipartPart {
	t.Helper()
	r := multipart.NewReader(bytes.NewReader(body), boundary)
	var out []multipartPart
	for {
		p, err := r.NextRawPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("reading the multipart body back: %v\n%s", err, body)
		}
		disp, params, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		if err != nil {
			t.Fatalf("Content-Disposition %q: %v", p.Header.Get("Content-Disposition"), err)
		}
		b, _ := io.ReadAll(p)
		out = append(out, multipartPart{disp, params, p.Header.Get("Content-Type"), string(b)})
	}
}

func TestEncodeMultipart(t *testing.T) {
	entries := []FormDataEntry{
		{Name: "a", Value: "1"},
		{Name: "text", Value: "line1\nline2\r"},
		{Name: `q"uo` + "\nte", Value: "v"},
		{Name: "f", File: &File{Name: "a\"b\r.txt", Type: "text/plain", Content: []byte("file\nbody")}},
		{Name: "empty", File: &File{}},
		{Name: "ü", Value: "€"},
	}
	boundary := newBoundary()
	if !strings.HasPrefix(boundary, "----vdomFormBoundary") || len(boundary) != 36 {
		t.Fatalf("boundary %q", boundary)
	}
	body := encodeMultipart(entries, boundary)
	want := []multipartPart{
		{"form-data", map[string]string{"name": "a"}, "", "1"},
		{"form-data", map[string]string{"name": "text"}, "", "line1\r\nline2\r\n"},
		{"form-data", map[string]string{"name": "q%22uo%0D%0Ate"}, "", "v"},
		{"form-data", map[string]string{"name": "f", "filename": "a%22b%0D.txt"}, "text/plain", "file\nbody"},
		{"form-data", map[string]string{"name": "empty", "filename": ""}, "application/octet-stream", ""},
		{"form-data", map[string]string{"name": "ü"}, "", "€"},
	}
	if diff := cmp.Diff(want, readMultipart(t, body, boundary)); diff != "" {
		t.Errorf("multipart parts mismatch (-want +got):\n%s", diff)
	}
	if a, b := newBoundary(), newBoundary(); a == b {
		t.Errorf("two boundaries are the same: %q", a)
	}
}
