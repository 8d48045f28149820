package vdom

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"slices"
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

// TestMultipartFileTypeAsFileAPI: a type with a character outside U+0020
// to U+007E is "" (so application/octet-stream in the part), any other is
// lower-cased, as the File constructor makes it; nothing a type holds
// adds a header line to its part.
func TestMultipartFileTypeAsFileAPI(t *testing.T) {
	for _, tc := range []struct{ typ, want string }{
		{"text/plain", "text/plain"},
		{"Text/HTML; Charset=UTF-8", "text/html; charset=utf-8"},
		{"text/plain\r\nX-Injected: 1", "application/octet-stream"},
		{"text/plain\nX-Injected: 1", "application/octet-stream"},
		{"text/plain\x00", "application/octet-stream"},
		{"text/plain\x7f", "application/octet-stream"},
		{"t\u00e9xt/plain", "application/octet-stream"},
		{"\t", "application/octet-stream"},
		{" ", " "},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			var fd FormData
			fd.AppendFile("f", File{Name: "a.txt", Type: tc.typ, Content: []byte("x")})
			byHand := []FormDataEntry{{Name: "f", File: &File{Name: "a.txt", Type: tc.typ, Content: []byte("x")}}}
			for name, entries := range map[string][]FormDataEntry{"FormData": slices.Collect(fd.Entries()), "by hand": byHand} {
				boundary := newBoundary()
				body := encodeMultipart(entries, boundary)
				r := multipart.NewReader(bytes.NewReader(body), boundary)
				p, err := r.NextRawPart()
				if err != nil {
					t.Fatalf("%s: %v\n%q", name, err, body)
				}
				var keys []string
				for k := range p.Header {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				if diff := cmp.Diff([]string{"Content-Disposition", "Content-Type"}, keys); diff != "" {
					t.Errorf("%s: header lines mismatch (-want +got):\n%s", name, diff)
				}
				// A type of spaces is kept as the File API keeps it; the
				// header reader trims it to nothing.
				want := strings.TrimSpace(tc.want)
				if got := p.Header.Get("Content-Type"); got != want {
					t.Errorf("%s: Content-Type %q, want %q", name, got, want)
				}
			}
		})
	}
}

func TestSetFilesKeepsTheFileAPIType(t *testing.T) {
	d := ParseString(`<input type=file id=f multiple>`)
	in := d.GetElementByID("f")
	files := []File{{Name: "a", Type: "Image/PNG"}, {Name: "b", Type: "text/plain\r\nX: 1"}}
	if err := in.SetFiles(files); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range in.Files() {
		got = append(got, f.Type)
	}
	if diff := cmp.Diff([]string{"image/png", ""}, got); diff != "" {
		t.Errorf("types mismatch (-want +got):\n%s", diff)
	}
	if files[0].Type != "Image/PNG" {
		t.Errorf("SetFiles changed the caller's slice: %q", files[0].Type)
	}
}

// FuzzMultipartRoundTrip encodes a string entry and a file entry of any
// name, value, file name, type and content, reads the body back with
// mime/multipart, and checks that it has exactly the two parts, each with
// exactly its header lines, holding exactly the escaped names, the type
// as the File API makes it and the bytes.
func FuzzMultipartRoundTrip(f *testing.F) {
	f.Add("a", "1", "f.txt", "text/plain", []byte("x"))
	f.Add("q\"\r\nX-A: 1", "v\r", "a\"b\r\nContent-Type: text/html\r\n\r\n.txt", "text/plain\r\nX-B: 1", []byte("\r\n--"))
	f.Add("\\", "\x00", "\\", "Text/Plain; a=\"b\"", []byte{})
	f.Add("\xff", "\u2028", "\u00e9", "\x7f", []byte("\x00"))
	f.Add("\t", " ", "\t", " ", []byte(" "))
	f.Fuzz(func(t *testing.T, name, value, fileName, typ string, content []byte) {
		var fd FormData
		fd.Append(name, value)
		fd.AppendFile(name, File{Name: fileName, Type: typ, Content: content})
		boundary := newBoundary()
		if strings.Contains(value, boundary) || bytes.Contains(content, []byte(boundary)) {
			return
		}
		if hasControl(name) || hasControl(fileName) {
			// HTML escapes only '"', CR and LF in names, so other
			// controls go into the header as Chromium sends them, and
			// Go's header reader refuses them (RFC 9110 field-vchar).
			return
		}
		body := encodeMultipart(slices.Collect(fd.Entries()), boundary)
		r := multipart.NewReader(bytes.NewReader(body), boundary)
		wantName := multipartEscape.Replace(crlfNormalize(scalar(name)))
		wantType := fileType(typ)
		if wantType == "" {
			wantType = "application/octet-stream"
		}
		want := []struct {
			header map[string]string
			body   string
		}{
			{map[string]string{"Content-Disposition": `form-data; name="` + wantName + `"`}, crlfNormalize(scalar(value))},
			{map[string]string{
				"Content-Disposition": `form-data; name="` + wantName + `"; filename="` + multipartEscape.Replace(scalar(fileName)) + `"`,
				// The header reader trims spaces around a value.
				"Content-Type": strings.Trim(wantType, " "),
			}, string(content)},
		}
		for i, w := range want {
			p, err := r.NextRawPart()
			if err != nil {
				t.Fatalf("part %d: %v\n%q", i, err, body)
			}
			got := map[string]string{}
			for k, vs := range p.Header {
				got[k] = strings.Join(vs, "\n")
			}
			if diff := cmp.Diff(w.header, got); diff != "" {
				t.Fatalf("part %d header mismatch (-want +got):\n%s\n%q", i, diff, body)
			}
			b, err := io.ReadAll(p)
			if err != nil || string(b) != w.body {
				t.Fatalf("part %d body %q, %v; want %q", i, b, err, w.body)
			}
		}
		if _, err := r.NextRawPart(); err != io.EOF {
			t.Fatalf("after two parts: %v, want io.EOF\n%q", err, body)
		}
	})
}

// hasControl reports a C0 control other than tab, CR and LF, or DEL.
func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return (r < 0x20 && r != '\t' && r != '\r' && r != '\n') || r == 0x7f
	})
}
