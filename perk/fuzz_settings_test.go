package perk_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/fixtures"
	"github.com/eventperk/eventperk-go/perk"
)

// FuzzDecodeEventSettings checks the decoder on any input:
//
// Seeds: the golden settings, the decoder's test cases and every "event"
// section of the fixtures' scenarios and settings files.
//
//   - it never panics;
//   - on success, the settings pass Validate, MarshalJSON writes them, and
//     decoding that gives equal settings (and the same bytes again);
//   - on failure, the error is a non-empty SettingsErrors matching
//     ErrInvalidSettings, every position is inside the input and agrees with
//     its Offset, and every Path parses and names a place that exists in the
//     input: for JSON, resolved against the document itself; for input that
//     is not JSON, every key of the path was read before the syntax error.
func FuzzDecodeEventSettings(f *testing.F) {
	for _, data := range goldenInputs(f) {
		f.Add(data)
	}
	for _, tt := range decodeCases {
		f.Add([]byte(tt.in))
	}
	for _, tt := range decodeErrorCases {
		f.Add([]byte(tt.in))
	}
	for _, data := range fixtureSettings(f) {
		f.Add(data)
	}
	// Escapes, surrogates, invalid UTF-8 and odd numbers, where a path or
	// a written value could go wrong.
	f.Add([]byte(`{"events": {"a\u0000\"\\b\u2028": {"handlers": {"\ud800x": "\u00e9"}}}}`))
	f.Add([]byte("{\"events\": {\"\xff\xfe\": {\"handlers\": {\"\xc3\": {\"handler\": \"h\", \"order\": \"\xff\"}}}}}"))
	f.Add([]byte(`{"events": {"a": {"handlers": {"x": {"handler": "h", "order": -9223372036854775808, "options": {"f": -1e-7, "g": 1E+2, "h": -0.0, "i": 123456789012345678}}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := perk.DecodeEventSettings(data)
		if err == nil {
			checkShape(t, s, parseJSONTree(t, data))
			checkRoundTrip(t, s)
			return
		}
		if s != nil {
			t.Errorf("settings %+v returned with an error", s)
		}
		if !errors.Is(err, perk.ErrInvalidSettings) {
			t.Errorf("errors.Is(%v, ErrInvalidSettings) = false", err)
		}
		var list perk.SettingsErrors
		if !errors.As(err, &list) || len(list) == 0 {
			t.Fatalf("error %v (%T) is not a non-empty SettingsErrors", err, err)
		}
		valid := json.Valid(data)
		if !valid && len(list) != 1 {
			t.Errorf("input that is not JSON gave %d errors, want 1:\n%v", len(list), err)
		}
		var doc *jsonNode
		var readKeys map[string]bool
		if valid {
			doc = parseJSONTree(t, data)
		} else {
			readKeys = keysBeforeSyntaxError(data)
		}
		for _, e := range list {
			checkPosition(t, data, e)
			if got, prefix := e.Error(), "perk: "+e.Path+": "+e.Msg; !strings.HasPrefix(got, prefix) {
				t.Errorf("Error() = %q, want it to start with %q", got, prefix)
			}
			segs, perr := parsePath(e.Path)
			if perr != nil {
				t.Errorf("path %q of %q does not parse: %v", e.Path, e, perr)
				continue
			}
			if valid {
				if !doc.has(segs) {
					t.Errorf("path %q of %q does not exist in the input", e.Path, e)
				}
				continue
			}
			if !strings.HasPrefix(e.Msg, "invalid JSON at line ") {
				t.Errorf("input that is not JSON gave %q, want an invalid JSON error", e)
			}
			for _, seg := range segs {
				if seg.isKey && !readKeys[seg.key] {
					t.Errorf("path %q of %q: key %q is not in the input before the syntax error", e.Path, e, seg.key)
				}
			}
		}
	})
}

// checkShape compares decoded settings with the document read generically:
// the same element names and event names in the same order, and as many
// handlers per event as the document lists.
func checkShape(t *testing.T, s *perk.EventSettings, doc *jsonNode) {
	t.Helper()
	if s == nil {
		t.Fatal("nil settings without an error")
	}
	var events *jsonNode
	for _, m := range doc.members {
		if m.key == "events" {
			events = m.val
		}
	}
	var want, got []string
	if events != nil {
		for _, m := range events.members {
			want = append(want, "element "+m.key)
			for _, em := range m.val.members {
				if em.key != "handlers" {
					continue
				}
				for _, hm := range em.val.members {
					n := 1
					if hm.val.array {
						n = len(hm.val.items)
					}
					want = append(want, fmt.Sprintf("event %s: %d handlers", hm.key, n))
				}
			}
		}
	}
	for _, e := range s.Events {
		got = append(got, "element "+e.Name)
		for _, eh := range e.Handlers {
			got = append(got, fmt.Sprintf("event %s: %d handlers", eh.Event, len(eh.Handlers)))
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("settings do not follow the document: mismatch (-want +got):\n%s", diff)
	}
}

func checkRoundTrip(t *testing.T, s *perk.EventSettings) {
	t.Helper()
	if s == nil {
		t.Fatal("nil settings without an error")
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("decoded settings fail Validate: %v", err)
	}
	out, err := s.MarshalJSON()
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	back, err := perk.DecodeEventSettings(out)
	if err != nil {
		t.Fatalf("decoding MarshalJSON output %s: %v", out, err)
	}
	if diff := cmp.Diff(s, back); diff != "" {
		t.Fatalf("Decode(Marshal(s)) != s: mismatch (-want +got):\n%s", diff)
	}
	again, err := back.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, again) {
		t.Fatalf("MarshalJSON is not stable:\n%s\n%s", out, again)
	}
}

// checkPosition recomputes Line and Column from Offset.
func checkPosition(t *testing.T, data []byte, e *perk.SettingsError) {
	t.Helper()
	if e.Offset < 0 || e.Offset > len(data) {
		t.Errorf("%q: offset %d outside the input (%d bytes)", e, e.Offset, len(data))
		return
	}
	before := data[:e.Offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	if e.Line != line || e.Column != col {
		t.Errorf("%q: at %d:%d, but offset %d is %d:%d", e, e.Line, e.Column, e.Offset, line, col)
	}
}

// pathSeg is one segment of a settings path: an object key or an index.
type pathSeg struct {
	isKey bool
	key   string
	index int
}

// parsePath reads a path written as SettingsError documents it, on its own:
// "event", then .name, ["json string"] or [index] segments.
func parsePath(p string) ([]pathSeg, error) {
	rest, ok := strings.CutPrefix(p, "event")
	if !ok {
		return nil, fmt.Errorf("does not start with event")
	}
	var segs []pathSeg
	for rest != "" {
		switch rest[0] {
		case '.':
			end := strings.IndexAny(rest[1:], ".[")
			if end < 0 {
				end = len(rest) - 1
			}
			name := rest[1 : 1+end]
			if !isSimpleName(name) {
				return nil, fmt.Errorf("bad name segment %q", name)
			}
			segs = append(segs, pathSeg{isKey: true, key: name})
			rest = rest[1+end:]
		case '[':
			if strings.HasPrefix(rest, `["`) {
				dec := json.NewDecoder(strings.NewReader(rest[1:]))
				var key string
				if err := dec.Decode(&key); err != nil {
					return nil, fmt.Errorf("bad quoted segment in %q: %v", rest, err)
				}
				rest = rest[1+int(dec.InputOffset()):]
				if !strings.HasPrefix(rest, "]") {
					return nil, fmt.Errorf("unclosed quoted segment before %q", rest)
				}
				if isSimpleName(key) {
					return nil, fmt.Errorf("simple name %q quoted", key)
				}
				segs = append(segs, pathSeg{isKey: true, key: key})
				rest = rest[1:]
				continue
			}
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, fmt.Errorf("unclosed index in %q", rest)
			}
			i, err := strconv.Atoi(rest[1:end])
			if err != nil || i < 0 || strconv.Itoa(i) != rest[1:end] {
				return nil, fmt.Errorf("bad index %q", rest[1:end])
			}
			segs = append(segs, pathSeg{index: i})
			rest = rest[end+1:]
		default:
			return nil, fmt.Errorf("unexpected %q", rest)
		}
	}
	return segs, nil
}

// isSimpleName reports whether a key is written after a dot in a path:
// an ASCII letter, '_' or '$', then letters, digits, '_', '$' or '-'.
func isSimpleName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || r == '$' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
		if !letter && (i == 0 || !(r == '-' || '0' <= r && r <= '9')) {
			return false
		}
	}
	return true
}

// jsonNode is a JSON value that keeps every member of an object, duplicate
// keys included.
type jsonNode struct {
	members []jsonMember // objects
	items   []*jsonNode  // arrays
	object  bool
	array   bool
}

type jsonMember struct {
	key string
	val *jsonNode
}

// has reports whether segs lead somewhere in n; with duplicate keys, any
// member with the key may lead on.
func (n *jsonNode) has(segs []pathSeg) bool {
	if len(segs) == 0 {
		return true
	}
	s := segs[0]
	if s.isKey {
		for _, m := range n.members {
			if m.key == s.key && m.val.has(segs[1:]) {
				return true
			}
		}
		return false
	}
	return n.array && s.index < len(n.items) && n.items[s.index].has(segs[1:])
}

func parseJSONTree(t *testing.T, data []byte) *jsonNode {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers out of float64 range are valid JSON
	var read func() *jsonNode
	read = func() *jsonNode {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("valid JSON did not tokenize: %v", err)
		}
		n := &jsonNode{}
		switch tok {
		case json.Delim('{'):
			n.object = true
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					t.Fatal(err)
				}
				n.members = append(n.members, jsonMember{k.(string), read()})
			}
			dec.Token()
		case json.Delim('['):
			n.array = true
			for dec.More() {
				n.items = append(n.items, read())
			}
			dec.Token()
		}
		return n
	}
	return read()
}

// keysBeforeSyntaxError returns every string the tokenizer reads before it
// fails.
func keysBeforeSyntaxError(data []byte) map[string]bool {
	keys := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return keys
		}
		if s, ok := tok.(string); ok {
			keys[s] = true
		}
	}
}

// fixtureSettings returns the "event" sections of the units in the
// fixtures' scenarios, and the fixtures' settings files.
func fixtureSettings(tb testing.TB) [][]byte {
	tb.Helper()
	names, err := fs.Glob(fixtures.FS(), "*/*.json")
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]byte
	for _, name := range names {
		data, err := fs.ReadFile(fixtures.FS(), name)
		if err != nil {
			tb.Fatal(err)
		}
		var file struct {
			Events json.RawMessage `json:"events"`
			Units  []struct {
				Settings struct {
					Event json.RawMessage `json:"event"`
				} `json:"settings"`
			} `json:"units"`
		}
		if json.Unmarshal(data, &file) != nil {
			continue // the bad-input fixtures
		}
		if file.Events != nil {
			out = append(out, data)
		}
		for _, u := range file.Units {
			if u.Settings.Event != nil {
				out = append(out, u.Settings.Event)
			}
		}
	}
	if len(out) == 0 {
		tb.Fatal("no event settings in the fixtures")
	}
	return out
}
