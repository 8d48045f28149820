package scenario

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decodeStd is what encoding/json makes of src, numbers as the tree makes
// them (int64 for integer literals that fit, float64 otherwise).
func decodeStd(src []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return fromNumbers(v), nil
}

func fromNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		return (&jsonValue{Kind: jsonNumber, Str: string(v)}).toAny()
	case map[string]any:
		for k, x := range v {
			v[k] = fromNumbers(x)
		}
	case []any:
		for i, x := range v {
			v[i] = fromNumbers(x)
		}
	}
	return v
}

func TestParseJSON(t *testing.T) {
	tests := []struct {
		name, src string
	}{
		{"object", `{"a": 1, "b": [true, false, null], "c": {"d": "e\u00e9\n"}}`},
		{"numbers", `[0, -1, 1.5, 1e3, -0.25E-2, 9223372036854775807, 9223372036854775808]`},
		{"surrogates", `["\ud83d\ude00", "\ud800x"]`},
		{"empty containers", `{"a": {}, "b": []}`},
		{"white space", " \n\t{ \"a\" : [ 1 , 2 ] }\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := parseJSON([]byte(tt.src))
			if err != nil {
				t.Fatalf("parseJSON: %v", err)
			}
			want, werr := decodeStd([]byte(tt.src))
			if werr != nil {
				t.Fatal(werr)
			}
			if diff := cmp.Diff(want, v.toAny()); diff != "" {
				t.Errorf("mismatch with encoding/json (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		src    string
		offset int
		msg    string
	}{
		{``, 0, "invalid JSON: empty file: want a JSON object"},
		{`{"a": 1,}`, 8, "invalid JSON: trailing comma before '}'"},
		{`[1,]`, 3, "invalid JSON: trailing comma before ']'"},
		{`{"a" 1}`, 5, `invalid JSON: unexpected '1' after key "a", want ':'`},
		{`{'a': 1}`, 1, `invalid JSON: unexpected '\'', want a key in double quotes`},
		{`{"a": tru}`, 6, `invalid JSON: unexpected 't', want a value`},
		{`{"a": 01}`, 6, "invalid JSON: a number cannot start with 0"},
		{"{\"a\": \"x\ny\"}", 8, `invalid JSON: line break inside a string (write \n)`},
		{`{"a": "\x"}`, 7, `invalid JSON: invalid escape \x`},
		{`{} {}`, 3, `invalid JSON: unexpected '{' after the end of the JSON value`},
		{`{"a": [1 2]}`, 9, `invalid JSON: unexpected '2', want ',' or ']'`},
		{`"abc`, 0, "invalid JSON: string not terminated"},
		{strings.Repeat("[", maxJSONDepth+1), maxJSONDepth, "invalid JSON: nested more than 1000 levels deep"},
	}
	for _, tt := range tests {
		_, err := parseJSON([]byte(tt.src))
		if err == nil {
			t.Errorf("parseJSON(%q): no error", tt.src)
			continue
		}
		if err.Offset != tt.offset || err.Msg != tt.msg {
			t.Errorf("parseJSON(%q) = %d %q, want %d %q", tt.src, err.Offset, err.Msg, tt.offset, tt.msg)
		}
	}
}

// FuzzParseJSON checks the tree against encoding/json: the same documents
// are valid, and valid ones decode to the same values; every value's
// offsets cut out its own text.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{}`, `{"a": [1, 2.5, "x", null, true]}`, `[1,]`, `"\ud83d\ude00"`, `{"a":{"b":{"c":[]}}}`, `-0.0e+1`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if bytes.HasPrefix(src, []byte{0xEF, 0xBB, 0xBF}) {
			return // a byte order mark: accepted here, refused by encoding/json
		}
		v, err := parseJSON(src)
		want, werr := decodeStd(src)
		stdValid := werr == nil && json.Valid(src)
		if (err == nil) != stdValid {
			if err != nil && strings.Contains(err.Msg, "nested more than") {
				return
			}
			t.Fatalf("parseJSON error %v, encoding/json valid %v", err, stdValid)
		}
		if err != nil {
			if err.Offset < 0 || err.Offset > len(src) {
				t.Fatalf("error offset %d outside [0, %d]", err.Offset, len(src))
			}
			return
		}
		if diff := cmp.Diff(want, v.toAny()); diff != "" {
			t.Fatalf("mismatch with encoding/json (-want +got):\n%s", diff)
		}
		var walk func(*jsonValue)
		walk = func(v *jsonValue) {
			if !json.Valid(src[v.Start:v.End]) {
				t.Fatalf("src[%d:%d] = %q is not the value's text", v.Start, v.End, src[v.Start:v.End])
			}
			for _, it := range v.Items {
				walk(it)
			}
			for _, m := range v.Members {
				walk(m.Value)
			}
		}
		walk(v)
	})
}
