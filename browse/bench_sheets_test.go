package browse_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
)

// sheetBenchApp serves the shop page with a framework's sheet linked: 3000
// rules, some 150 KB, as a site's CSS framework is.
func sheetBenchApp() http.Handler {
	var sheet strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&sheet, ".c%d > .item:hover, .btn-%d:focus-visible { display: block; color: red; padding: %dpx }\n", i, i, i%40)
	}
	page := strings.Replace(shopPage, "</head>", `<link rel="stylesheet" href="/framework.css"></head>`, 1)
	text := sheet.String()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, page)
	})
	mux.HandleFunc("GET /framework.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		io.WriteString(w, text)
	})
	return mux
}

// BenchmarkOpenLinkedSheet opens the shop page with its framework sheet:
// in one session, where the sheet comes from the session's cache after
// the first page, and in a new session each time, which fetches it again
// (vdom parses it once for every document either way).
func BenchmarkOpenLinkedSheet(b *testing.B) {
	app := sheetBenchApp()
	ctx := context.Background()
	b.Run("session=one", func(b *testing.B) {
		s, err := browse.New(browse.Options{Handler: app})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.Open(ctx, "/"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("session=each", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s, err := browse.New(browse.Options{Handler: app})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := s.Open(ctx, "/"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
