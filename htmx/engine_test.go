package htmx_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
	"github.com/google/go-cmp/cmp"
)

// site serves body as a page that loads htmx from script, and answers
// the other paths from answers (HTML, 200).
func site(script, body string, answers map[string]string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/" {
			io.WriteString(w, `<!DOCTYPE html><html><head><title>t</title><script src="`+script+`"></script></head><body>`+body+`</body></html>`)
			return
		}
		a, ok := answers[r.Method+" "+r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, a)
	})
}

// open opens / of h in a session with htmx attached.
func open(t *testing.T, h http.Handler, o htmx.Options) (*browse.Session, *vdom.Document) {
	t.Helper()
	return openWith(t, h, o)
}

// openClocked is open on a fake clock, which it returns.
func openClocked(t *testing.T, h http.Handler, o htmx.Options) (*browse.Session, *vdom.Document, *vdom.FakeClock) {
	t.Helper()
	clock := vdom.NewFakeClock(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	sess, doc := openWith(t, h, o, vdom.WithClock(clock))
	return sess, doc, clock
}

// openWith is open with the pages parsed with parse.
func openWith(t *testing.T, h http.Handler, o htmx.Options, parse ...vdom.ParseOption) (*browse.Session, *vdom.Document) {
	t.Helper()
	opts := browse.Options{Handler: h, ParseOptions: parse}
	if err := htmx.Attach(&opts, o); err != nil {
		t.Fatal(err)
	}
	sess, err := browse.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sess.Open(context.Background(), "/")
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return sess, p.Document()
}

func find(t *testing.T, doc *vdom.Document, sel string) *vdom.Node {
	t.Helper()
	n, err := doc.QuerySelector(sel)
	if err != nil || n == nil {
		t.Fatalf("no %s in %s", sel, doc.Body().OuterHTML())
	}
	return n
}

func TestVersionFromScript(t *testing.T) {
	for _, c := range []struct {
		src  string
		o    htmx.Options
		want htmx.Version
	}{
		{"/htmx-2.0.11.min.js", htmx.Options{}, htmx.V2},
		{"/js/htmx-4.0.1.min.js", htmx.Options{}, htmx.V4},
		{"https://unpkg.com/htmx.org@4.0.1/dist/htmx.min.js", htmx.Options{}, htmx.V4},
		{"https://cdn.jsdelivr.net/npm/htmx.org@2/dist/htmx.min.js", htmx.Options{}, htmx.V2},
		{"/static/htmx.min.js", htmx.Options{}, htmx.DefaultVersion},
		{"/static/htmx.min.js", htmx.Options{Version: htmx.V4}, htmx.V4},
		{"/htmx-2.0.11.min.js", htmx.Options{Version: htmx.V4, Force: true}, htmx.V4},
	} {
		_, doc := open(t, site(c.src, `<p>x</p>`, nil), c.o)
		e := htmx.Of(doc)
		if e == nil || e.Version() != c.want {
			t.Errorf("%s with %+v: engine %v, want %v", c.src, c.o, e, c.want)
		}
	}
}

func TestPagesWithoutHTMXAreLeftAlone(t *testing.T) {
	for _, src := range []string{"/app.js", "/htmx-ext-sse.js", "/htmx-4.0.1/ext/hx-sse.js"} {
		_, doc := open(t, site(src, `<button hx-get="/x">x</button>`, nil), htmx.Options{})
		if htmx.Of(doc) != nil {
			t.Errorf("%s: an engine runs on a page without htmx", src)
		}
	}
	_, doc := open(t, site("/htmx.min.js", `<button hx-get="/x">x</button>`, nil), htmx.Options{Off: true})
	if htmx.Of(doc) != nil {
		t.Error("Options.Off: an engine runs")
	}
}

func TestUnsupportedVersion(t *testing.T) {
	opts := browse.Options{Handler: site("/htmx-1.9.12.min.js", `<p>x</p>`, nil)}
	if err := htmx.Attach(&opts, htmx.Options{}); err != nil {
		t.Fatal(err)
	}
	sess, _ := browse.New(opts)
	_, err := sess.Open(context.Background(), "/")
	if !errors.Is(err, htmx.ErrUnsupportedVersion) {
		t.Errorf("Open of an htmx 1 page = %v, want ErrUnsupportedVersion", err)
	}
	if err := htmx.Attach(&opts, htmx.Options{Version: 3}); !errors.Is(err, htmx.ErrBadOptions) {
		t.Errorf("Attach with version 3 = %v, want ErrBadOptions", err)
	}
}

// flatten lists the errors joined in err, at any depth.
func flatten(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, x := range j.Unwrap() {
			out = append(out, flatten(x)...)
		}
		return out
	}
	return []error{err}
}

// errorOf returns the *htmx.Error in err matching kind.
func errorOf(t *testing.T, err error, kind error) *htmx.Error {
	t.Helper()
	for _, x := range flatten(err) {
		var he *htmx.Error
		if errors.Is(x, kind) && errors.As(x, &he) {
			return he
		}
	}
	t.Fatalf("no %v in %v", kind, err)
	return nil
}

// Bad input: each error names the element, the attribute and the place
// in its value.
func TestBadInputErrors(t *testing.T) {
	for _, v := range []string{"/htmx-2.0.11.js", "/htmx-4.0.1.js"} {
		t.Run(v, func(t *testing.T) {
			h := site(v, `<button id="s" hx-get="/x" hx-swap="innerHTML settle:soon">s</button>`+
				`<button id="g" hx-get="/x" hx-target="#nowhere">g</button>`+
				`<button id="j" hx-get="/json" hx-target="#out">j</button><div id="out"></div>`,
				map[string]string{"GET /x": "<p>x</p>"})
			jsonH := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/json" {
					w.Header().Set("Content-Type", "application/json")
					io.WriteString(w, `{"a":1}`)
					return
				}
				h.ServeHTTP(w, r)
			})
			_, doc := open(t, jsonH, htmx.Options{})
			user := userevent.New(doc)
			err := user.Click(find(t, doc, "#s"))
			e := errorOf(t, err, htmx.ErrSyntax)
			if e.Element != find(t, doc, "#s") || e.Attribute != "hx-swap" || e.Offset != 17 {
				t.Errorf("hx-swap error = %+v, want #s hx-swap at 17", e)
			}
			if !strings.Contains(err.Error(), `hx-swap="innerHTML settle:soon" at 17`) {
				t.Errorf("message %q does not say where", err)
			}
			err = user.Click(find(t, doc, "#g"))
			e = errorOf(t, err, htmx.ErrNoTarget)
			if e.Attribute != "hx-target" || e.Value != "#nowhere" {
				t.Errorf("no-target error = %+v", e)
			}
			err = user.Click(find(t, doc, "#j"))
			e = errorOf(t, err, htmx.ErrNotHTML)
			if e.Value != "application/json" {
				t.Errorf("not-HTML error = %+v", e)
			}
		})
	}
}

func TestTriggerErrorPositions(t *testing.T) {
	for _, c := range []struct {
		script, trigger string
		offset          int
	}{
		{"/htmx-2.0.11.js", "click delay:abc", 12},
		{"/htmx-2.0.11.js", "click, keyup sometimes", 13},
		{"/htmx-2.0.11.js", "click queue:often", 12},
		{"/htmx-4.0.1.js", "click delay:abc", 12},
		{"/htmx-4.0.1.js", "click, keyup sometimes", 13},
		{"/htmx-4.0.1.js", "every soon", 6},
	} {
		opts := browse.Options{Handler: site(c.script, `<button id="b" hx-get="/x" hx-trigger="`+c.trigger+`">b</button>`, nil)}
		_ = htmx.Attach(&opts, htmx.Options{})
		sess, _ := browse.New(opts)
		_, err := sess.Open(context.Background(), "/")
		e := errorOf(t, err, htmx.ErrSyntax)
		if e.Attribute != "hx-trigger" || e.Offset != c.offset || e.Value != c.trigger {
			t.Errorf("%s %q: error %+v, want offset %d", c.script, c.trigger, e, c.offset)
		}
	}
}

// The hooks a test sets stand in for window.confirm, window.prompt and an
// htmx:configRequest listener.
func TestDialogAndConfigHooks(t *testing.T) {
	var seen []string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			body, _ := io.ReadAll(r.Body)
			seen = append(seen, r.Method+" "+r.URL.RequestURI()+" "+string(body)+" prompt="+r.Header.Get("HX-Prompt")+" x="+r.Header.Get("X-Test"))
		}
		site("/htmx-2.0.11.js", `<button id="c" hx-delete="/item" hx-confirm="Delete?">c</button>`+
			`<button id="p" hx-post="/rename" hx-prompt="Name?">p</button>`, map[string]string{"DELETE /item": "", "POST /rename": "ok"}).ServeHTTP(w, r)
	})
	answer := false
	var asked []htmx.Dialog
	_, doc := open(t, h, htmx.Options{
		Confirm: func(d htmx.Dialog) bool { asked = append(asked, d); return answer },
		Prompt:  func(d htmx.Dialog) (string, bool) { asked = append(asked, d); return "Ada", true },
		ConfigRequest: func(r *htmx.Request) error {
			r.Header.Set("X-Test", "1")
			r.Params = append(r.Params, htmx.Param{Name: "extra", Value: "yes"})
			return nil
		},
	})
	user := userevent.New(doc)
	c, p := find(t, doc, "#c"), find(t, doc, "#p")
	for _, el := range []*vdom.Node{c, p} {
		if err := user.Click(el); err != nil {
			t.Fatal(err)
		}
	}
	answer = true
	if err := user.Click(c); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"POST /rename extra=yes prompt=Ada x=1", "DELETE /item?extra=yes  prompt= x=1"}, seen); diff != "" {
		t.Errorf("requests mismatch (-want +got):\n%s", diff)
	}
	var got []string
	for _, d := range asked {
		got = append(got, fmt.Sprintf("%s %s %q", d.Element.ID(), d.Attribute, d.Message))
	}
	want := []string{`c hx-confirm "Delete?"`, `p hx-prompt "Name?"`, `c hx-confirm "Delete?"`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("dialogs mismatch (-want +got):\n%s", diff)
	}
}

// Holding a response shows the page in flight: the request class, the
// disabled element, a second click queued by hx-sync; releasing it
// finishes both.
func TestHoldShowsTheRequestInFlight(t *testing.T) {
	n := 0
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/save" {
			n++
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "saved %d", n)
			return
		}
		site("/htmx-4.0.1.js", `<button id="b" hx-post="/save" hx-target="#out" hx-disable="this" hx-sync="this:queue last">Save</button><div id="out"></div>`, nil).ServeHTTP(w, r)
	})
	_, doc := open(t, h, htmx.Options{Hold: func(r *htmx.Request) bool { return true }})
	s := vdomtest.New(t, doc)
	b := find(t, doc, "#b")
	s.Click(b)
	s.ExpectClass(b, "htmx-request")
	s.ExpectAttribute(b, "disabled", "")
	e := htmx.Of(doc)
	if got := len(e.Held()); got != 1 {
		t.Fatalf("%d requests held, want 1", got)
	}
	// A second trigger while the first is in flight is queued: nothing
	// is sent until the first is answered.
	b.SetDisabled(false)
	if _, err := b.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	if got := len(e.Requests()); got != 1 {
		t.Fatalf("%d requests sent while the first is in flight, want 1", got)
	}
	if err := e.ReleaseAll(); err != nil {
		t.Fatal(err)
	}
	if got, want := find(t, doc, "#out").TextContent(), "saved 2"; got != want || len(e.Requests()) != 2 {
		t.Errorf("after release: %q with %d requests, want %q with 2", got, len(e.Requests()), want)
	}
	if b.ClassName() != "" || b.HasAttribute("disabled") {
		t.Errorf("after release the button is %s", b.OuterHTML())
	}
	if err := e.Release(e.Requests()[0]); !errors.Is(err, htmx.ErrBadOptions) {
		t.Errorf("Release of a request not held = %v, want ErrBadOptions", err)
	}
}

// HX-Trigger events reach listeners in vdom with their JSON details.
func TestTriggerHeaderEvents(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/x" {
			w.Header().Set("HX-Trigger", `{"saved":{"id":7},"note":"hi"}`)
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "ok")
			return
		}
		site("/htmx-2.0.11.js", `<button id="b" hx-get="/x">b</button>`, nil).ServeHTTP(w, r)
	})
	_, doc := open(t, h, htmx.Options{})
	var got []string
	for _, typ := range []string{"saved", "note"} {
		doc.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			got = append(got, fmt.Sprintf("%s %v at %s", e.Type(), e.Detail(), e.Target().(*vdom.Node).ID()))
		}))
	}
	if err := userevent.New(doc).Click(find(t, doc, "#b")); err != nil {
		t.Fatal(err)
	}
	want := []string{"saved map[id:7] at b", "note map[value:hi] at b"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
}

// What needs JavaScript is refused, naming the attribute; the page's
// load returns it.
func TestRefusedJavaScript(t *testing.T) {
	opts := browse.Options{Handler: site("/htmx-2.0.11.js", `<button hx-on:click="alert(1)" hx-get="/x" hx-trigger="click[ctrlKey]">b</button>`, nil)}
	_ = htmx.Attach(&opts, htmx.Options{})
	sess, _ := browse.New(opts)
	_, err := sess.Open(context.Background(), "/")
	var attrs []string
	for _, x := range flatten(err) {
		var he *htmx.Error
		if errors.As(x, &he) && errors.Is(x, htmx.ErrNeedsJavaScript) {
			attrs = append(attrs, he.Attribute)
		}
	}
	if diff := cmp.Diff([]string{"hx-on:click", "hx-trigger"}, attrs); diff != "" {
		t.Errorf("refused attributes mismatch (-want +got):\n%s", diff)
	}
}
