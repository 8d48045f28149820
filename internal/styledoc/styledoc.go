// Package styledoc is test support: the pages of the style recordings
// (internal/stylerec) as vdom documents, loaded as Chromium loaded them
// when they were recorded, for the replays of vdom, a11y and
// internal/unseen; the framework sheets of the recordings for the pages
// of other tests (userevent, vdomtest) and benchmarks (vdom, query).
package styledoc

import (
	"context"
	"path"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/stylerec"
	"github.com/eventperk/eventperk-go/vdom"
)

// Loader serves the recordings' sheets as the recorder did
// (stylerec.Sheet).
var Loader = css.LoaderFunc(func(_ context.Context, u string, _ int64) (css.Resource, error) {
	body, typ, err := stylerec.Sheet(u)
	if err != nil {
		return css.Resource{}, err
	}
	return css.Resource{Body: body, ContentType: typ}, nil
})

// FrameworkSheets serves, for a URL of any site, the file of the
// recordings' sheets that its last segment names (Bootstrap 5.3,
// Bulma, Tailwind 4 among them; sheets/README.md says where they come
// from) as text/css: the tests' own pages link
// /sheets/bootstrap.min.css from their site.
var FrameworkSheets = css.LoaderFunc(func(_ context.Context, u string, _ int64) (css.Resource, error) {
	body, err := stylerec.ReadSheet(path.Base(u))
	if err != nil {
		return css.Resource{}, err
	}
	return css.Resource{Body: body, ContentType: "text/css"}, nil
})

// Medium is the medium a recording was made for, in headless Chromium,
// which has no pointing device and an 800x600 screen
// (vdom/testdata/style/NOTES.md, "@media").
func Medium(rec *stylerec.Recording) css.Medium {
	m := css.DefaultMedium()
	m.Type = rec.Medium.Type
	m.Hover, m.AnyHover, m.Pointer, m.AnyPointer = "none", "none", "none", "none"
	m.DeviceWidth, m.DeviceHeight = 800, 600 // headless Chromium's screen
	for k, v := range rec.Medium.Features {
		switch k {
		case "prefers-color-scheme":
			m.ColorScheme = v
		case "prefers-reduced-motion":
			m.ReducedMotion = v == "reduce"
		}
	}
	return m
}

// LinkBootstrap returns page with Bootstrap 5.3's whole sheet
// (sheets/bootstrap.min.css) linked after its title, as a page styled by
// a framework links it, and a loader that serves the sheet for any URL:
// the styled pages of the benchmarks. It fails the test when page has no
// title.
func LinkBootstrap(t testing.TB, page string) (string, css.Loader) {
	t.Helper()
	if !strings.Contains(page, "</title>") {
		t.Fatal("styledoc: the page has no title to link Bootstrap after")
	}
	sheet := stylerec.SheetFile(t, "bootstrap.min.css")
	page = strings.Replace(page, "</title>", `</title><link rel="stylesheet" href="/css/bootstrap.min.css">`, 1)
	loader := css.LoaderFunc(func(context.Context, string, int64) (css.Resource, error) {
		return css.Resource{Body: sheet, ContentType: "text/css"}, nil
	})
	return page, loader
}

// Parse parses page name as the recorder loaded it, with its URL, its
// sheets from Loader and its recording's medium, and returns the
// document with the recording.
func Parse(t testing.TB, name string) (*vdom.Document, *stylerec.Recording) {
	t.Helper()
	rec := stylerec.Load(t, name)
	doc, err := vdom.Parse(strings.NewReader(stylerec.Page(t, name)), vdom.WithURL(stylerec.Origin+name),
		vdom.WithStyleSheetLoader(Loader), vdom.WithMedium(Medium(rec)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc, rec
}
