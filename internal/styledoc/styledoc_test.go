package styledoc_test

import (
	"context"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/eventperk/eventperk-go/vdom"
)

func TestParseAppliesTheRecordedSheets(t *testing.T) {
	// bs-collapse links Bootstrap from /sheets/.
	doc, rec := styledoc.Parse(t, "bs-collapse")
	if errs := doc.StyleSheetLoadErrors(); len(errs) > 0 {
		t.Fatalf("sheets did not load: %v", errs)
	}
	if doc.URL() != "http://eventperk.test/bs-collapse" || rec.Page != "bs-collapse" {
		t.Errorf("URL %q, recording of %q", doc.URL(), rec.Page)
	}
	// Bootstrap's collapse hides the panels that are not .show.
	hidden := 0
	for _, e := range rec.Elements {
		el := doc.GetElementByID(strings.TrimPrefix(e.Key, "#"))
		if el == nil || e.Style["display"] != "none" {
			continue
		}
		hidden++
		if el.IsRendered() {
			t.Errorf("%s: display none in Chromium, rendered here", e.Key)
		}
	}
	if hidden == 0 {
		t.Fatal("no element the recording has with display: none")
	}
}

func TestLinkBootstrap(t *testing.T) {
	page, loader := styledoc.LinkBootstrap(t, `<!DOCTYPE html><title>t</title><p id=p class=d-none>x</p>`)
	doc, err := vdom.Parse(strings.NewReader(page), vdom.WithURL("https://bench.test/"), vdom.WithStyleSheetLoader(loader))
	if err != nil {
		t.Fatal(err)
	}
	if errs := doc.StyleSheetLoadErrors(); len(errs) > 0 {
		t.Fatalf("Bootstrap did not load: %v", errs[0])
	}
	if doc.GetElementByID("p").IsRendered() {
		t.Error("#p with Bootstrap's d-none is rendered")
	}
}

func TestFrameworkSheetsServeAnySite(t *testing.T) {
	ctx := context.Background()
	res, err := styledoc.FrameworkSheets.Load(ctx, "https://shop.test/sheets/bulma.min.css", 1<<30)
	if err != nil || res.ContentType != "text/css" || !strings.Contains(string(res.Body), "bulma") {
		t.Errorf("bulma.min.css: %s, %d bytes, %v", res.ContentType, len(res.Body), err)
	}
	if _, err := styledoc.FrameworkSheets.Load(ctx, "https://shop.test/sheets/missing.css", 1<<30); err == nil {
		t.Error("a missing sheet loaded")
	}
}
