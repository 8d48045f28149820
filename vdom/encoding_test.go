package vdom_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// encodingCase is one page of testdata/encoding/cases.json: its bytes
// as parts (text as UTF-8, "#..." as hex) and the Content-Type it came
// with, if any.
type encodingCase struct {
	Name        string   `json:"name"`
	Parts       []string `json:"parts"`
	ContentType *string  `json:"contentType"`
}

func (c encodingCase) bytes(t testing.TB) []byte {
	t.Helper()
	var b []byte
	for _, p := range c.Parts {
		if h, ok := strings.CutPrefix(p, "#"); ok {
			raw, err := hex.DecodeString(h)
			if err != nil {
				t.Fatalf("%s: part %q: %v", c.Name, p, err)
			}
			b = append(b, raw...)
			continue
		}
		b = append(b, p...)
	}
	return b
}

func (c encodingCase) parse(t testing.TB) *vdom.Document {
	t.Helper()
	var opts []vdom.ParseOption
	if c.ContentType != nil {
		opts = append(opts, vdom.WithContentType(*c.ContentType))
	}
	doc, err := vdom.Parse(bytes.NewReader(c.bytes(t)), opts...)
	if err != nil {
		t.Fatalf("%s: Parse: %v", c.Name, err)
	}
	return doc
}

// decoded is what a page's bytes became: the encoding and the body's
// text.
type decoded struct {
	CharacterSet string `json:"characterSet"`
	Text         string `json:"text"`
}

func decodedOf(doc *vdom.Document) decoded {
	return decoded{CharacterSet: doc.CharacterSet(), Text: doc.Body().TextContent()}
}

// chromiumEncodingDepartures are the cases where Chromium departs from the
// HTML standard and vdom follows the standard.
var chromiumEncodingDepartures = map[string]string{
	"content-without-pragma": "Chromium takes a charset from a meta content attribute without " +
		"http-equiv=Content-Type; the prescan needs the pragma, as html5lib's tests do",
}

// TestEncodingMatchesChromium replays testdata/encoding/chromium.json, what
// Chromium 156 made of each page of cases.json (a page with a Content-Type
// served over HTTP, one without opened as a file; see
// tools/chromium-recorder/encodings.mjs).
func TestEncodingMatchesChromium(t *testing.T) {
	var cases []encodingCase
	readJSON(t, filepath.Join("testdata", "encoding", "cases.json"), &cases)
	var rec struct {
		Results []struct {
			Name string `json:"name"`
			decoded
		} `json:"results"`
	}
	readJSON(t, filepath.Join("testdata", "encoding", "chromium.json"), &rec)
	want := map[string]decoded{}
	for _, r := range rec.Results {
		want[r.Name] = r.decoded
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if reason, ok := chromiumEncodingDepartures[c.Name]; ok {
				got := decodedOf(c.parse(t))
				if cmp.Equal(want[c.Name], got) {
					t.Errorf("listed as a departure (%s), yet matches Chromium", reason)
				}
				return
			}
			w, ok := want[c.Name]
			if !ok {
				t.Fatalf("no recording of %s: run tools/chromium-recorder/encodings.mjs", c.Name)
			}
			if diff := cmp.Diff(w, decodedOf(c.parse(t))); diff != "" {
				t.Errorf("mismatch with Chromium (-want +got):\n%s", diff)
			}
		})
	}
}

// TestHTML5libEncoding runs html5lib-tests' encoding sniffing tests: the
// encoding each page declares. The pages come without a Content-Type
// charset over the network, where no encoding is guessed from the bytes.
func TestHTML5libEncoding(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "html5lib-encoding", "*.dat"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no html5lib encoding tests: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, tc := range splitEncodingTests(t, data) {
			t.Run(fmt.Sprintf("%s/%d", filepath.Base(file), i), func(t *testing.T) {
				doc, err := vdom.Parse(bytes.NewReader(tc.data), vdom.WithContentType("text/html"))
				if err != nil {
					t.Fatal(err)
				}
				if got := doc.CharacterSet(); !strings.EqualFold(got, tc.encoding) {
					t.Errorf("CharacterSet() = %q, want %q for\n%.300q", got, tc.encoding, tc.data)
				}
			})
		}
	}
}

type html5libEncodingTest struct {
	data     []byte
	encoding string
}

// splitEncodingTests reads the html5lib format: "#data", the page's lines,
// "#encoding", the encoding's name, then a blank line.
func splitEncodingTests(t *testing.T, data []byte) []html5libEncodingTest {
	t.Helper()
	var tests []html5libEncodingTest
	for _, chunk := range bytes.Split(data, []byte("#data\n"))[1:] {
		page, enc, ok := bytes.Cut(chunk, []byte("\n#encoding\n"))
		if !ok {
			t.Fatalf("a test without #encoding: %.80q", chunk)
		}
		name, _, _ := bytes.Cut(enc, []byte("\n"))
		tests = append(tests, html5libEncodingTest{data: page, encoding: string(name)})
	}
	if len(tests) == 0 {
		t.Fatal("no tests found")
	}
	return tests
}

func TestWithContentTypeCharset(t *testing.T) {
	sjis := []byte("<p>\x93\xfa\x96\x7b\x8c\xea</p>")
	tests := []struct {
		name, contentType, want string
	}{
		{"plain", "text/html; charset=shift_jis", "Shift_JIS"},
		{"no space, upper case", "TEXT/HTML;CHARSET=SHIFT_JIS", "Shift_JIS"},
		{"quoted with escape", `text/html; charset="shift\_jis"`, "Shift_JIS"},
		{"other parameters first", "text/html; q=1; flag; charset=sjis", "Shift_JIS"},
		{"first charset wins", "text/html; charset=sjis; charset=euc-kr", "Shift_JIS"},
		{"padding around the value is trimmed", "text/html; charset=sjis   ", "Shift_JIS"},
		{"no type: no parameters", "charset=shift_jis", "windows-1252"},
		{"bad subtype: no parameters", "text/; charset=shift_jis", "windows-1252"},
		{"empty", "", "windows-1252"},
		{"unknown label", "text/html; charset=no-such-thing", "windows-1252"},
		{"no charset", "text/html", "windows-1252"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := vdom.Parse(bytes.NewReader(sjis), vdom.WithContentType(tc.contentType))
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.CharacterSet(); got != tc.want {
				t.Errorf("CharacterSet() = %q, want %q", got, tc.want)
			}
			if tc.want == "Shift_JIS" {
				if got := doc.Body().TextContent(); got != "日本語" {
					t.Errorf("text = %q, want 日本語", got)
				}
			}
		})
	}
}

func TestPrescanLimit(t *testing.T) {
	// A meta the prescan reads ends within the first 1024 bytes; one that
	// ends past them is found by the parser instead, which decodes the
	// page again. A declaration the prescan cannot finish is no
	// declaration.
	for _, pad := range []int{1000, 1024, 4000} {
		page := "<!--" + strings.Repeat("x", pad) + "--><meta charset=iso-8859-2><p>\xb1</p>"
		doc, err := vdom.Parse(strings.NewReader(page), vdom.WithContentType("text/html"))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(decoded{"ISO-8859-2", "ą"}, decodedOf(doc)); diff != "" {
			t.Errorf("pad %d: mismatch (-want +got):\n%s", pad, diff)
		}
	}
}

func TestParseStringIsText(t *testing.T) {
	doc := vdom.ParseString(`<meta charset="shift_jis"><p>café</p>`, vdom.WithContentType("text/html; charset=euc-kr"))
	if diff := cmp.Diff(decoded{"UTF-8", "café"}, decodedOf(doc)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	for name, d := range map[string]*vdom.Document{
		"NewDocument":        vdom.NewDocument(),
		"CreateHTMLDocument": vdom.CreateHTMLDocument("t"),
	} {
		if got := d.CharacterSet(); got != "UTF-8" {
			t.Errorf("%s: CharacterSet() = %q, want UTF-8", name, got)
		}
	}
}

func TestCloneDocumentKeepsCharacterSet(t *testing.T) {
	doc, err := vdom.Parse(strings.NewReader("<meta charset=euc-kr><p>\xc7\xd1</p>"))
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.CloneDocument(true).CharacterSet(); got != "EUC-KR" {
		t.Errorf("clone's CharacterSet() = %q, want EUC-KR", got)
	}
}

func TestParseReportsReaderError(t *testing.T) {
	boom := errors.New("boom")
	_, err := vdom.Parse(iotest.ErrReader(boom))
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "vdom: parse: ") {
		t.Errorf("Parse error = %v, want vdom: parse: wrapping %v", err, boom)
	}
	// A reader that hands out one byte at a time still gets sniffed.
	doc, err := vdom.Parse(iotest.OneByteReader(strings.NewReader("<meta charset=gbk><p>\xd6\xd0")))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(decoded{"GBK", "中"}, decodedOf(doc)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// FuzzParseBytes checks that any bytes parse, with or without a
// Content-Type, into a document whose text is valid UTF-8 and whose
// CharacterSet is the name of an encoding.
func FuzzParseBytes(f *testing.F) {
	f.Add([]byte("<meta charset=shift_jis><p>\x93\xfa"), "")
	f.Add([]byte("\xff\xfe<\x00p\x00>\x00\x00\xd8"), "")
	f.Add([]byte("<meta http-equiv=content-type content='charset=\"gbk\"'>\xd6"), "text/html")
	f.Add([]byte("<p>caf\xc3\xa9 \xff"), "text/html; charset=utf-8")
	f.Add([]byte("<meta charset=iso-2022-jp>\x1b$B"), "text/html; charset=bogus")
	f.Fuzz(func(t *testing.T, page []byte, contentType string) {
		var opts []vdom.ParseOption
		if contentType != "" {
			opts = append(opts, vdom.WithContentType(contentType))
		}
		doc, err := vdom.Parse(bytes.NewReader(page), opts...)
		if err != nil {
			if errors.Is(err, vdom.ErrTreeTooLarge) {
				return
			}
			t.Fatal(err)
		}
		if cs := doc.CharacterSet(); cs == "" || strings.ToLower(cs) == cs && cs != "replacement" && !strings.HasPrefix(cs, "windows-") && cs != "macintosh" && cs != "gb18030" && !strings.HasPrefix(cs, "x-") {
			t.Errorf("CharacterSet() = %q, not an Encoding Standard name", cs)
		}
		for n := range doc.Descendants() {
			if !utf8.ValidString(n.Data()) {
				t.Fatalf("%s node holds invalid UTF-8 %q", n.NodeName(), n.Data())
			}
			for _, a := range n.Attributes() {
				if !utf8.ValidString(a.Value) {
					t.Fatalf("attribute %s holds invalid UTF-8 %q", a.Name, a.Value)
				}
			}
		}
	})
}
