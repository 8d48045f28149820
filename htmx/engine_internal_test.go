package htmx

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// openAttached opens / of h in a session with htmx attached.
func openAttached(t *testing.T, h http.Handler) *vdom.Document {
	t.Helper()
	opts := browse.Options{Handler: h}
	if err := Attach(&opts, Options{}); err != nil {
		t.Fatal(err)
	}
	sess, err := browse.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sess.Open(context.Background(), "/")
	if err != nil {
		t.Fatal(err)
	}
	return p.Document()
}

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
	doc := openAttached(t, h)
	b, _ := doc.QuerySelector("button")
	u := userevent.New(doc)
	for range 20 {
		if err := u.Click(b); err != nil {
			t.Fatal(err)
		}
	}
	e := Of(doc)
	if n := len(e.handled); n != 0 || len(e.Requests()) != 20 {
		t.Errorf("after 20 clicks: %d event records kept, %d requests; want 0 and 20", n, len(e.Requests()))
	}
}

func TestKebabName(t *testing.T) {
	for in, want := range map[string]string{
		"htmx:afterSwap":         "htmx:after-swap",
		"htmx:beforeProcessNode": "htmx:before-process-node",
		"htmx:xhr:loadstart":     "htmx:xhr:loadstart",
		"myEvent2Done":           "my-event2-done",
		"ABC":                    "abc",
		"":                       "",
	} {
		if got := kebabName(in); got != want {
			t.Errorf("kebabName(%q) = %q, want %q", in, got, want)
		}
	}
}

// The names and selectors built on every event dispatch, attribute lookup
// and processed subtree are made once per engine: asking again allocates
// nothing. htmx 4's are made under the prefix of the page's htmx-config.
func TestNamesMadeOnce(t *testing.T) {
	open := func(page string) *Engine {
		t.Helper()
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(page))
		})
		return Of(openAttached(t, h))
	}
	e2 := open(`<script src="/htmx-2.0.11.min.js"></script><button id=b hx-get="/x" data-hx-target="#b" title="é😀">b</button>`)
	b := e2.doc.GetElementByID("b")
	wantHash := attributeHash(b)
	checks := map[string]func() bool{
		"kebabOf":      func() bool { return e2.kebabOf("htmx:afterSwap") == "htmx:after-swap" },
		"prefixedName": func() bool { return e2.prefixedName("hx-target") == "data-hx-target" },
		"own":          func() bool { v, ok := e2.own(b, "hx-target"); return ok && v == "#b" },
		"attributeHash": func() bool {
			return attributeHash(b) == wantHash
		},
	}
	e4 := open(`<meta name="htmx-config" content='{"prefix":"x-"}'><script src="/htmx-4.0.1.min.js"></script><button id=b x-get="/x">b</button>`)
	checks["prefixedName 4"] = func() bool { return e4.prefixedName("hx-get") == "x-get" }
	checks["actionSelector4"] = func() bool { return strings.Contains(e4.actionSelector4(), "[x-get]") }
	checks["ignored4"] = func() bool { return !e4.ignored4(e4.doc.GetElementByID("b")) }
	for name, f := range checks {
		if !f() {
			t.Errorf("%s: wrong answer", name)
			continue
		}
		if n := testing.AllocsPerRun(10, func() { f() }); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
	// htmx 2's hash of the attributes is JavaScript's over UTF-16 code
	// units: a character beyond the BMP counts as its two surrogates.
	var h int32
	for _, s := range []string{"id", "b", "hx-get", "/x", "data-hx-target", "#b", "title"} {
		for _, c := range s {
			h = (h << 5) - h + c
		}
	}
	for _, c := range []int32{0xE9, 0xD83D, 0xDE00} {
		h = (h << 5) - h + c
	}
	if wantHash != uint32(h) {
		t.Errorf("attributeHash = %d, want %d", wantHash, uint32(h))
	}
}

// The scans of new content for hx-on attributes (htmx 2's refusal, htmx
// 4's process) read the tree: they make no handle for the content's
// nodes, which would stay with the document until the content left it.
func TestHxOnScanMakesNoHandles(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<script src="/htmx-2.0.11.min.js"></script><div id=o></div>`))
	})
	doc := openAttached(t, h)
	e := Of(doc)
	var rows strings.Builder
	for i := range 100 {
		fmt.Fprintf(&rows, `<p>row %d <b>bold</b> <button hx-delete="/r/%d">x</button></p>`, i, i)
	}
	content, err := e.doc.CreateElement("div")
	if err != nil {
		t.Fatal(err)
	}
	if err := content.SetInnerHTML(rows.String()); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	e.refuseHxOn(content)
	runtime.ReadMemStats(&after)
	// A handle per node would be 900 allocations and more.
	if n := after.Mallocs - before.Mallocs; n > 20 {
		t.Errorf("scanning 100 rows for hx-on allocated %d times, want a handful", n)
	}
	if len(e.Errors()) != 0 {
		t.Errorf("errors: %v", e.Errors())
	}
}

func TestHasTag(t *testing.T) {
	for _, tc := range []struct {
		text, tag string
		want      bool
	}{
		{`<tr><td>x</td></tr>`, "<hx-", false},
		{`<p>a</p><HX-Partial hx-target="#x">`, "<hx-", true},
		{`x <hx-`, "<hx-", true},
		{`x <hx`, "<hx-", false},
		{`</hx-partial>`, "</hx-", true},
		{`<HEAD><title>t</title></HEAD>`, "<head", true},
		{`<header>`, "<head", true}, // the pattern decides; the scan only rules out
		{`no tags at all`, "<head", false},
		{``, "<hx-", false},
	} {
		if got := hasTag(tc.text, tc.tag); got != tc.want {
			t.Errorf("hasTag(%q, %q) = %v, want %v", tc.text, tc.tag, got, tc.want)
		}
	}
}
