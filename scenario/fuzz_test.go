package scenario

import (
	"errors"
	"io/fs"
	"testing"

	"github.com/eventperk/eventperk-go/fixtures"
)

// FuzzParse feeds the decoder arbitrary files: it never panics, and it
// returns either a scenario or InputErrors whose every entry names the
// file and, when it has a position, one inside the file.
func FuzzParse(f *testing.F) {
	names, _ := fs.Glob(fixtures.FS(), "*/*.json")
	for _, n := range names {
		data, _ := fs.ReadFile(fixtures.FS(), n)
		f.Add(data)
	}
	f.Add([]byte(`{"html": "<p id=a>", "units": [{"element": "#a", "methods": {"m": ["record"]}}], "steps": [{"dispatch": "x", "target": "#a"}]}`))
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
		for _, e := range list {
			if e.File == "" || e.Msg == "" {
				t.Errorf("error without file or message: %+v", e)
			}
			if e.Line < 0 || e.Column < 0 || e.offset > len(data) {
				t.Errorf("error outside the file: %+v", e)
			}
		}
	})
}
