package htmx

import (
	"context"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/userevent"
)

// The records htmx 2 keeps per event (which elements it triggered) do not
// outlive the action: a page clicked many times holds none.
func TestTriggerRecordsDoNotAccumulate(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/x" {
			w.Write([]byte("x"))
			return
		}
		w.Write([]byte(`<script src="/htmx.min.js"></script><button hx-get="/x" hx-target="#o">b</button><div id="o"></div>`))
	})
	opts := browse.Options{Handler: h}
	if err := Attach(&opts, Options{}); err != nil {
		t.Fatal(err)
	}
	sess, _ := browse.New(opts)
	p, err := sess.Open(context.Background(), "/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := p.Document().QuerySelector("button")
	u := userevent.New(p.Document())
	for range 20 {
		if err := u.Click(b); err != nil {
			t.Fatal(err)
		}
	}
	e := Of(p.Document())
	if n := len(e.handled); n != 0 || len(e.Requests()) != 20 {
		t.Errorf("after 20 clicks: %d event records kept, %d requests; want 0 and 20", n, len(e.Requests()))
	}
}
