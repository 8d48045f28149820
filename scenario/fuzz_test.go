package scenario

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/fixtures"
)

// FuzzParse feeds the decoder arbitrary files: it never panics, and it
// returns either a scenario or InputErrors whose every entry names the file
// and, when it has a position, one inside the file. Every path an error
// names exists in the input: for a file that is JSON, each key and index of
// the path leads somewhere in it (with duplicate keys, through any of them),
// and the error's position lies within the value the path names or on its
// key; a file that is not JSON gets one error, without a path.
func FuzzParse(f *testing.F) {
	names, _ := fs.Glob(fixtures.FS(), "*/*.json")
	for _, n := range names {
		data, _ := fs.ReadFile(fixtures.FS(), n)
		f.Add(data)
	}
	f.Add([]byte(`{"html": "<p id=a>", "units": [{"element": "#a", "methods": {"m": ["record"]}}], "steps": [{"dispatch": "x", "target": "#a"}]}`))
	f.Add([]byte(`{"html": "<p>", "steps": [{"click": {"role": "button", "name": "(", "match": "regexp", "level": 2}},
		{"type": "a{b", "target": {"lable": "x"}}, {"select": [], "target": "#s"}, {"upload": [{"name": ""}], "target": {"testId": "f"}},
		{"tab": true, "shift": 1}, {"expect": {"target": {"text": "x", "selector": "p["}, "value": "v", "focused": true}}]}`))
	f.Add([]byte(`{"page": "http://example.com/", "units": [{"element": "#a"}], "steps": ["back", {"open": "/x?y"}, {"submit": "#f"},
		{"expect": {"url": "/x", "status": 200, "title": "T", "cookies": {"a": "b", "c": true, "d": null}}}, "reload", {"forward": true}]}`))
	f.Add([]byte(`{"html": "<p>", "steps": ["back", {"open": "ftp://x"}, {"expect": {"status": 99, "cookies": {"a": false}}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Pages are not read from disk: a fuzzed path could name any file.
		noFiles := func(name string) ([]byte, error) { return nil, fs.ErrNotExist }
		s, err := parse("fuzz.json", data, noFiles, func(_, page string) string { return page })
		if err == nil {
			if s == nil {
				t.Fatal("no scenario and no error")
			}
			return
		}
		var list InputErrors
		if !errors.As(err, &list) || len(list) == 0 {
			t.Fatalf("error %v is not a non-empty InputErrors", err)
		}
		tree, synErr := parseJSON(data)
		if synErr != nil && len(list) != 1 {
			t.Errorf("a file that is not JSON gave %d errors, want 1:\n%v", len(list), err)
		}
		for _, e := range list {
			if e.File == "" || e.Msg == "" {
				t.Errorf("error without file or message: %+v", e)
			}
			if e.Line < 0 || e.Column < 0 || e.offset > len(data) {
				t.Errorf("error outside the file: %+v", e)
			}
			if e.Path == "" {
				continue
			}
			if synErr != nil {
				t.Errorf("%q: a file that is not JSON has no paths", e)
				continue
			}
			segs, perr := parseErrorPath(e.Path)
			if perr != nil {
				t.Errorf("%q: path %q does not parse: %v", e, e.Path, perr)
				continue
			}
			if !pathLeads(tree, segs, -1, e.offset) {
				t.Errorf("%q: path %q does not exist in the input, or the error's offset %d is not on it", e, e.Path, e.offset)
			}
		}
	})
}

// errorPathSeg is one segment of an error path: a key or an index.
type errorPathSeg struct {
	key   string
	index int // -1 for a key
}

// parseErrorPath reads a path as pathKey and pathIndex write it: a first
// simple name, then .name, ["json string"] and [index] segments.
func parseErrorPath(p string) ([]errorPathSeg, error) {
	var segs []errorPathSeg
	first := true
	for p != "" {
		switch {
		case p[0] == '[' && strings.HasPrefix(p, `["`):
			// The quoted key ends at the first '"' not escaped.
			end := 2
			for end < len(p) && p[end] != '"' {
				if p[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(p) || end+1 >= len(p) || p[end+1] != ']' {
				return nil, fmt.Errorf("unclosed quoted key in %q", p)
			}
			key, err := strconv.Unquote(p[1 : end+1])
			if err != nil {
				return nil, fmt.Errorf("bad quoted key %s: %v", p[1:end+1], err)
			}
			if isPathName(key) {
				return nil, fmt.Errorf("simple name %q quoted", key)
			}
			segs = append(segs, errorPathSeg{key: key, index: -1})
			p = p[end+2:]
		case p[0] == '[':
			end := strings.IndexByte(p, ']')
			if end < 0 {
				return nil, fmt.Errorf("unclosed index in %q", p)
			}
			i, err := strconv.Atoi(p[1:end])
			if err != nil || i < 0 || strconv.Itoa(i) != p[1:end] {
				return nil, fmt.Errorf("bad index %q", p[1:end])
			}
			segs = append(segs, errorPathSeg{index: i})
			p = p[end+1:]
		default:
			if !first {
				if p[0] != '.' {
					return nil, fmt.Errorf("unexpected %q", p)
				}
				p = p[1:]
			}
			end := strings.IndexAny(p, ".[")
			if end < 0 {
				end = len(p)
			}
			if !isPathName(p[:end]) {
				return nil, fmt.Errorf("bad name segment %q", p[:end])
			}
			segs = append(segs, errorPathSeg{key: p[:end], index: -1})
			p = p[end:]
		}
		first = false
	}
	return segs, nil
}

// pathLeads reports whether segs lead from v to a value whose text (or the
// key before it, keyPos when it is a member) holds offset.
func pathLeads(v *jsonValue, segs []errorPathSeg, keyPos, offset int) bool {
	if len(segs) == 0 {
		lo := v.Start
		if keyPos >= 0 {
			lo = keyPos
		}
		return offset < 0 || lo <= offset && offset <= v.End
	}
	s := segs[0]
	if s.index < 0 {
		for _, m := range v.Members {
			if m.Key == s.key && pathLeads(m.Value, segs[1:], m.KeyPos, offset) {
				return true
			}
		}
		return false
	}
	return s.index < len(v.Items) && pathLeads(v.Items[s.index], segs[1:], -1, offset)
}
