package stylerec_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/stylerec"
	"github.com/google/go-cmp/cmp"
)

func TestRecordingsArePagesWithTheirAnswers(t *testing.T) {
	names := stylerec.Names(t)
	if len(names) < 100 || !slices.Contains(names, "bs-collapse") {
		t.Fatalf("%d names (%v): want the recorded pages", len(names), names[:min(3, len(names))])
	}
	rec := stylerec.Load(t, names[0])
	if rec.Page != names[0] || rec.Medium.Type == "" || len(rec.Elements) == 0 || rec.Elements[0].Key == "" {
		t.Errorf("recording of %s: page %q, medium %q, %d elements", names[0], rec.Page, rec.Medium.Type, len(rec.Elements))
	}
	// A fragment becomes the body of the recorder's document; a whole
	// document stays as it is.
	if page := stylerec.Page(t, "ax-aria-hidden-css"); !strings.HasPrefix(page, `<!DOCTYPE html><html><head><meta charset="utf-8"><title>style</title></head><body>`) {
		t.Errorf("fragment page starts %q", page[:min(80, len(page))])
	}
	if page := stylerec.Page(t, "bs-collapse"); strings.HasPrefix(page, `<!DOCTYPE html><html><head><meta charset="utf-8"><title>style</title>`) {
		t.Errorf("whole document wrapped again: %q", page[:80])
	}
}

func TestSheetAnswersAsTheRecorderServed(t *testing.T) {
	type answer struct {
		ContentType string
		Found       bool
	}
	for u, want := range map[string]answer{
		stylerec.Origin + "sheets/basic.css":         {"text/css", true},
		stylerec.Origin + "sheets/plain.txt":         {"text/plain", true},
		stylerec.Origin + "sheets/missing.css":       {"", false},
		stylerec.Origin + "sheets/":                  {"", false},
		stylerec.Origin + "sheets/../pages/x.css":    {"", false},
		stylerec.Origin + "basic.css":                {"", false},
		"http://elsewhere.test/sheets/basic.css":     {"", false},
		"http://eventperk.test/sheets/sub/basic.css": {"", false},
	} {
		body, typ, err := stylerec.Sheet(u)
		got := answer{typ, err == nil && len(body) > 0}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Sheet(%q) mismatch (-want +got):\n%s", u, diff)
		}
		if err != nil && !strings.Contains(err.Error(), u+": 404 not found") {
			t.Errorf("Sheet(%q) error %q does not name the URL and the 404", u, err)
		}
	}
	if b := stylerec.SheetFile(t, "bootstrap.min.css"); !strings.Contains(string(b), "Bootstrap") {
		t.Errorf("bootstrap.min.css: %d bytes without its banner", len(b))
	}
}
