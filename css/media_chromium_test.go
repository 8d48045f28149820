package css_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/eventperk/eventperk-go/css"
)

// chromiumMedia is testdata/chromium-media.json: matchMedia's matches and
// media for each query in headless Chromium (how it was recorded is in
// the file and in testdata/README.md).
type chromiumMedia struct {
	Chromium string
	Media    []struct {
		Query, Media string
		Matches      bool
	}
	Print struct {
		Queries []struct {
			Query   string
			Matches bool
		}
	}
}

func loadChromiumMedia(t *testing.T) chromiumMedia {
	t.Helper()
	data, err := os.ReadFile("testdata/chromium-media.json")
	if err != nil {
		t.Fatal(err)
	}
	var m chromiumMedia
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// headlessMedium is the medium the recording was made in: the default,
// but headless Chromium has no pointing device.
func headlessMedium() css.Medium {
	m := css.DefaultMedium()
	m.Hover, m.AnyHover, m.Pointer, m.AnyPointer = "none", "none", "none", "none"
	return m
}

// mediaDifferences are the queries where this package differs from
// Chromium on purpose, with the reason; the test checks the difference
// is the one written here.
var mediaDifferences = map[string]struct {
	media   string // our MediaText
	matches bool   // our Matches
	reason  string
}{}

func TestMediaMatchesChromium(t *testing.T) {
	rec := loadChromiumMedia(t)
	md := headlessMedium()
	for _, c := range rec.Media {
		l := css.ParseMediaList(c.Query)
		wantMedia, wantMatches := c.Media, c.Matches
		if d, ok := mediaDifferences[c.Query]; ok {
			wantMedia, wantMatches = d.media, d.matches
		}
		if got := l.MediaText(); got != wantMedia {
			t.Errorf("ParseMediaList(%q).MediaText() = %q, want %q", c.Query, got, wantMedia)
		}
		if got := l.Matches(md); got != wantMatches {
			t.Errorf("ParseMediaList(%q).Matches = %v, want %v", c.Query, got, wantMatches)
		}
	}
	print := headlessMedium()
	print.Type = "print"
	for _, c := range rec.Print.Queries {
		if got := css.ParseMediaList(c.Query).Matches(print); got != c.Matches {
			t.Errorf("print: ParseMediaList(%q).Matches = %v, want %v", c.Query, got, c.Matches)
		}
	}
}
