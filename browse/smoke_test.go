package browse_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
)

func TestOpenHandlerSmoke(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<title>Home</title><form method=post action=/post><input name=q value=x><button>Go</button></form>`))
	})
	mux.HandleFunc("/post", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		http.Redirect(w, r, "/done?q="+r.PostForm.Get("q"), http.StatusSeeOther)
	})
	mux.HandleFunc("/done", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`<title>Done ` + r.URL.Query().Get("q") + `</title>`))
	})
	s, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Open(context.Background(), "/")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Document().Title(); got != "Home" {
		t.Fatalf("title %q", got)
	}
	form, _ := p.Document().QuerySelector("form")
	if err := form.RequestSubmit(nil); err != nil {
		t.Fatal(err)
	}
	if got := s.Document().Title(); got != "Done x" {
		t.Fatalf("title %q", got)
	}
	t.Log(s.Requests(), s.History())
}
