package textenc

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		label, want string
		ok          bool
	}{
		{"utf-8", "UTF-8", true},
		{" UTF8\n", "UTF-8", true},
		{"latin1", "windows-1252", true},
		{"ascii", "windows-1252", true},
		{"sjis", "Shift_JIS", true},
		{"utf-16", "UTF-16LE", true},
		{"csiso2022kr", "replacement", true},
		{"x-user-defined", "x-user-defined", true},
		{"utf-7", "", false},
		{"", "", false},
	} {
		e, ok := Lookup(tc.label)
		if ok != tc.ok || e.Name != tc.want {
			t.Errorf("Lookup(%q) = %q, %v, want %q, %v", tc.label, e.Name, ok, tc.want, tc.ok)
		}
	}
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		label string
		in    []byte
		want  string
	}{
		// index-windows-1252 keeps 0x81 a C1 control; x/text has U+FFFD.
		{"windows-1252", []byte{'a', 0x80, 0x81, 0xE9}, "a\u20ac\u0081é"},
		{"utf-8", []byte("é"), "é"},
		{"utf-8", []byte{'a', 0xFF, 'b'}, "a\uFFFDb"},
		{"utf-16be", []byte{0, 'a', 0x00, 0xE9}, "aé"},
		{"iso-8859-2", []byte{0xA1}, "Ą"},
	} {
		got := string(MustLookup(tc.label).Decode(tc.in))
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s % x: mismatch (-want +got):\n%s", tc.label, tc.in, diff)
		}
	}
}

func TestContentTypeCharset(t *testing.T) {
	for _, tc := range []struct {
		ct, want string
		ok       bool
	}{
		{"text/css; charset=iso-8859-2", "iso-8859-2", true},
		{`text/css;charset="utf-8"`, "utf-8", true},
		{"text/css; foo; charset=koi8-r; charset=utf-8", "koi8-r", true},
		{"text/css", "", false},
		{"text; charset=utf-8", "", false},
	} {
		got, ok := ContentTypeCharset(tc.ct)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ContentTypeCharset(%q) = %q, %v, want %q, %v", tc.ct, got, ok, tc.want, tc.ok)
		}
	}
}
