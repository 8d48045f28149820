package browse_test

import (
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
)

func TestCharsets(t *testing.T) {
	mux := http.NewServeMux()
	// "Café – ½" in windows-1252, declared by the header only.
	mux.HandleFunc("/cp1252", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=windows-1252")
		w.Write([]byte("<title>Caf\xe9 \x96 \xbd</title>"))
	})
	// "日本語" in Shift_JIS, declared by the header; the meta is wrong and
	// loses to it.
	mux.HandleFunc("/sjis", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=Shift_JIS")
		w.Write([]byte("<meta charset=utf-8><title>\x93\xfa\x96\x7b\x8c\xea</title>"))
	})
	// Declared by a meta only.
	mux.HandleFunc("/meta", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<meta charset=shift_jis><title>\x93\xfa\x96\x7b\x8c\xea</title>"))
	})
	// Text shown in a <pre>, decoded with the header's charset.
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=windows-1252")
		w.Write([]byte("Caf\xe9"))
	})
	inBothModes(t, mux, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		for _, tc := range []struct{ path, title, charset string }{
			{"/cp1252", "Café – ½", "windows-1252"},
			{"/sjis", "日本語", "Shift_JIS"},
			{"/meta", "日本語", "Shift_JIS"},
		} {
			doc := mustOpen(t, s, tc.path).Document()
			if doc.Title() != tc.title || doc.CharacterSet() != tc.charset {
				t.Errorf("%s: title %q in %s, want %q in %s", tc.path, doc.Title(), doc.CharacterSet(), tc.title, tc.charset)
			}
		}
		p, _ := s.Open(t.Context(), "/text")
		if got := el(t, p.Document(), "pre").TextContent(); got != "Café" {
			t.Errorf("/text shows %q, want Café", got)
		}
	})
}
