package compare

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// --- W12 an htmx interaction ---

// HTMXRows is how many table rows W12's answer swaps in.
const HTMXRows = 50

// HTMXTest is what W12 runs, as plan.json gives it to JavaScript: a page
// that loads htmx, whose button asks Path for the rows of a table, once
// per htmx version. An operation is a click on the button, htmx's request,
// answered in process (Go: an http.Handler through browse; JavaScript: an
// XMLHttpRequest or fetch stand-in in the window), the swap of the rows
// into the table's body and the settle.
//
// The pages set defaultSettleDelay to 0, so that the settle comes within
// the operation on every side: htmx 2 then settles as it swaps, htmx 4
// has no settle tasks to wait for, and no side waits for a timer.
type HTMXTest struct {
	// Rows is the file name of the answer.
	Rows string `json:"rows"`
	// Path is what the button asks for; Button and Target are the ids of
	// the button and of the tbody the rows go into.
	Path   string `json:"path"`
	Button string `json:"button"`
	Target string `json:"target"`
	// RowCount is the number of rows of the answer, which every side
	// must find in Target after a click.
	RowCount int `json:"rowCount"`
	// Versions are the htmx versions W12 runs, a row each.
	Versions []HTMXVersion `json:"versions"`
}

// HTMXVersion is one htmx version of W12 and the events that tell what
// a click did in it.
type HTMXVersion struct {
	// Key is the row's key.
	Key string `json:"key"`
	// Release is the htmx release the page's script names, and Package
	// the name bench/js/package.json installs it under.
	Release string `json:"release"`
	Package string `json:"package"`
	// Page is the file name of the page.
	Page string `json:"page"`
	// Processed, Settled and Done are the events counted in the check:
	// one per element htmx processed, the settle, the end of the
	// request.
	Processed string `json:"processed"`
	Settled   string `json:"settled"`
	Done      string `json:"done"`
}

// NewHTMXTest returns W12's plan: htmx 2.0.11 and htmx 4.0.1, the
// releases bench/js/package.json pins and the htmx package follows.
func NewHTMXTest() HTMXTest {
	return HTMXTest{Rows: "htmx-rows.html", Path: "/rows", Button: "load", Target: "rows", RowCount: HTMXRows,
		Versions: []HTMXVersion{
			{Key: "W12 htmx 2 click", Release: "2.0.11", Package: "htmx2", Page: "htmx2-page.html",
				Processed: "htmx:load", Settled: "htmx:afterSettle", Done: "htmx:afterOnLoad"},
			{Key: "W12 htmx 4 click", Release: "4.0.1", Package: "htmx4", Page: "htmx4-page.html",
				Processed: "htmx:after:init", Settled: "htmx:after:settle", Done: "htmx:finally:request"},
		}}
}

// Page returns W12's page for v: its script's src names v's release,
// which is how the htmx package picks the version.
func (h HTMXTest) Page(v HTMXVersion) []byte {
	return []byte(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>W12</title>` +
		`<meta name="htmx-config" content='{"defaultSettleDelay":0}'>` +
		`<script src="/htmx-` + v.Release + `.min.js"></script></head><body>` +
		`<button id="` + h.Button + `" hx-get="` + h.Path + `" hx-target="#` + h.Target + `">Load</button>` +
		`<table><tbody id="` + h.Target + `"></tbody></table></body></html>`)
}

// Answer returns the rows the page's button gets: RowCount rows of two
// cells, the second with a button of its own for htmx to process.
func (h HTMXTest) Answer() []byte {
	var b strings.Builder
	for i := range h.RowCount {
		fmt.Fprintf(&b, `<tr id="r%d"><td>row %d</td><td><button hx-delete="/rows/%d">x</button></td></tr>`, i, i, i)
	}
	return []byte(b.String())
}

// writeFiles writes the answer and every version's page into dir.
func (h HTMXTest) writeFiles(dir string) error {
	if err := os.WriteFile(filepath.Join(dir, h.Rows), h.Answer(), 0o644); err != nil {
		return err
	}
	for _, v := range h.Versions {
		if err := os.WriteFile(filepath.Join(dir, v.Page), h.Page(v), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// htmxWhat says what runs on the JavaScript side of v's row.
func htmxWhat(v HTMXVersion) string {
	transport := "XMLHttpRequest"
	if !strings.HasPrefix(v.Release, "2.") {
		transport = "fetch"
	}
	return fmt.Sprintf("copy of htmx %s in bench/js/node_modules/%s (dist/htmx.min.js), its %s answered in process,", v.Release, v.Package, transport)
}

// HTMXPackages are the names bench/js/package.json installs W12's htmx
// releases under.
func HTMXPackages() []string {
	var names []string
	for _, v := range NewHTMXTest().Versions {
		names = append(names, v.Package)
	}
	return names
}

// runHTMX adds and measures W12's rows, one per version.
func runHTMX(p *Plan, add func(*Row) *Row) {
	for _, v := range p.HTMX.Versions {
		if !p.Wants(v.Key) {
			continue
		}
		r := add(&Row{Key: v.Key, Unit: "ns/op", JSWhat: htmxWhat(v),
			Target: &Target{Faster: map[string]float64{"jsdom": 50}}})
		chk, err := runHTMXClick(p.HTMX, v)
		if err != nil {
			r.Go = &Measure{Error: err.Error()}
			continue
		}
		r.Go = goBench1(p.Runs, benchHTMXClick(p.HTMX, v))
		if r.Go.OK() {
			r.Go.Check = chk
		}
	}
}

// htmxSession is W12's page opened in a session over a handler that
// serves it and, to the button's request, rows, with htmx attached. events counts the events
// the engine dispatched by type, requests the handler's answers with the
// rows.
type htmxSession struct {
	doc      *vdom.Document
	button   *vdom.Node
	user     *userevent.User
	events   map[string]int
	requests int
}

func openHTMXSession(h HTMXTest, v HTMXVersion, rows []byte) (*htmxSession, error) {
	page := h.Page(v)
	s := &htmxSession{events: map[string]int{}}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch {
		case r.Method == http.MethodGet && r.URL.Path == h.Path:
			s.requests++
			_, _ = w.Write(rows)
		case r.Method == http.MethodGet && r.URL.Path == "/":
			_, _ = w.Write(page)
		default:
			http.NotFound(w, r)
		}
	})
	// The document's clock is a fake one, as in a test of an htmx page:
	// what htmx starts on a timer of 0 (htmx 2's htmx:load on the body
	// once the page has loaded) runs when the engine settles, and not
	// whenever the real clock's timer happens to fire, maybe within the
	// first click. Nothing in an operation waits for the clock.
	clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	opts := browse.Options{Handler: handler, ParseOptions: []vdom.ParseOption{vdom.WithClock(clock)}}
	counted := map[string]bool{v.Processed: true, v.Settled: true, v.Done: true}
	err := htmx.Attach(&opts, htmx.Options{Trace: func(e *vdom.Event, _ vdom.EventTarget) {
		if counted[e.Type()] {
			s.events[e.Type()]++
		}
	}})
	if err != nil {
		return nil, err
	}
	sess, err := browse.New(opts)
	if err != nil {
		return nil, err
	}
	p, err := sess.Open(context.Background(), "/")
	if err != nil {
		return nil, err
	}
	s.doc = p.Document()
	e := htmx.Of(s.doc)
	if e == nil {
		return nil, fmt.Errorf("%s: htmx does not run on the page", v.Key)
	}
	// What htmx does on a timer once the page has loaded (htmx 2's
	// htmx:load on the body) happens now, as it has in a browser by the
	// time a user clicks.
	if err := e.Settle(); err != nil {
		return nil, fmt.Errorf("%s: %w", v.Key, err)
	}
	if s.button = s.doc.GetElementByID(h.Button); s.button == nil {
		return nil, fmt.Errorf("%s: no element #%s", v.Key, h.Button)
	}
	s.user = userevent.New(s.doc)
	return s, nil
}

// click is one W12 operation: the click, the request to the handler, the
// swap of the rows and the settle, all done when Click returns.
func (s *htmxSession) click() error { return s.user.Click(s.button) }

// runHTMXClick opens v's page, clicks once and returns the check,
// computed as bench/js/w12.mjs computes it: what one click did. It fails
// unless the click put RowCount rows into the target.
func runHTMXClick(h HTMXTest, v HTMXVersion) (string, error) {
	return runHTMXClickWith(h, v, h.Answer())
}

// runHTMXClickWith is runHTMXClick with the handler answering the
// button's request with answer.
func runHTMXClickWith(h HTMXTest, v HTMXVersion, answer []byte) (string, error) {
	s, err := openHTMXSession(h, v, answer)
	if err != nil {
		return "", err
	}
	clear(s.events)
	s.requests = 0
	if err := s.click(); err != nil {
		return "", fmt.Errorf("%s: %w", v.Key, err)
	}
	rows, err := swappedRows(s.doc, h)
	if err != nil {
		return "", fmt.Errorf("%s: %w", v.Key, err)
	}
	return fmt.Sprintf("rows=%d first=%s last=%s requests=%d processed=%d settled=%d done=%d",
		len(rows), rows[0].ID(), rows[len(rows)-1].ID(), s.requests,
		s.events[v.Processed], s.events[v.Settled], s.events[v.Done]), nil
}

// swappedRows returns the rows of h's target, an error unless there are
// RowCount of them: the swap did not happen.
func swappedRows(doc *vdom.Document, h HTMXTest) ([]*vdom.Node, error) {
	rows, err := doc.QuerySelectorAll("#" + h.Target + " > tr")
	if err != nil {
		return nil, err
	}
	if len(rows) != h.RowCount || h.RowCount == 0 {
		return nil, fmt.Errorf("#%s has %d rows after the click, want %d: the rows were not swapped in", h.Target, len(rows), h.RowCount)
	}
	return rows, nil
}

//go:noinline // see benchFunc
func benchHTMXClick(h HTMXTest, v HTMXVersion) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		s, err := openHTMXSession(h, v, h.Answer())
		if err != nil {
			fail("%v", err)
		}
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			if err := s.click(); err != nil {
				fail("%s: %v", v.Key, err)
			}
			n++
		}
		b.StopTimer()
		if _, err := swappedRows(s.doc, h); err != nil {
			fail("%s: %v", v.Key, err)
		} else if s.requests != n {
			fail("%s: %d clicks sent %d requests", v.Key, n, s.requests)
		}
	}
}
