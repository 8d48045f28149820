package browse_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// The workload of the benchmarks and of the cost guard: a shop page with
// 20 product units and an order form; the form POSTs, the handler answers
// 303, and the browser GETs the confirmation.

// shopPage is the page at /: 20 <shop-item> units in a list, and a form.
var shopPage = func() string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<header><nav><a href="/">Home</a> <a href="/cart">Cart</a></nav></header><main><h1>Products</h1><ul class="products">`)
	for i := range 20 {
		fmt.Fprintf(&b, `<li><shop-item data-sku="sku-%d" data-price="%d"><h2>Product %d</h2><p class="desc">A fine product, number %d, in stock.</p><span class="price">%d.00</span></shop-item></li>`, i, 10+i, i, i, 10+i)
	}
	b.WriteString(`</ul><form id="order" method="post" action="/order"><label>Name <input name="name" value="Ada"></label>
<label>Email <input type="email" name="email" value="ada@example.com"></label><select name="ship"><option>post</option><option selected>courier</option></select>
<textarea name="note">Ring twice</textarea><button>Order</button></form></main><footer><p>© Shop</p></footer></body></html>`)
	return b.String()
}()

const confirmPage = `<!DOCTYPE html><html><head><title>Thanks</title></head><body><h1>Order received</h1><p id="who"></p></body></html>`

// shopHandler serves the workload.
func shopHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(shopPage))
	})
	mux.HandleFunc("POST /order", func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil || r.PostForm.Get("name") != "Ada" {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		http.Redirect(w, r, "/thanks?name="+url.QueryEscape(r.PostForm.Get("name")), http.StatusSeeOther)
	})
	mux.HandleFunc("GET /thanks", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(confirmPage))
	})
	return mux
}

// itemDefs define <shop-item>, a small unit: it reads its price and
// marks its element. perks equip each unit: perk.Default gives every unit
// EventPerk, as every program that imports package perk (vdomtest does)
// gets by default; noPerks gives none, so the unit is the bare minimum.
// The source is named, not left to unit.DefaultPerks, so the figures do
// not depend on what the test binary imports.
func itemDefs(tb testing.TB, perks unit.PerkSource) *unit.Definitions {
	defs, err := unit.NewDefinitions(unit.Definition{Tag: "shop-item", Perks: perks, New: func(u *unit.Unit) (any, error) {
		price, _ := u.Root().GetAttribute("data-price")
		u.Root().SetAttribute("data-ready", price)
		return nil, nil
	}})
	if err != nil {
		tb.Fatal(err)
	}
	return defs
}

// noPerks is a PerkSource that equips units with nothing.
type noPerks struct{}

func (noPerks) PerksFor([]string) ([]unit.Perk, error) { return nil, nil }

// openHydrateSubmit opens / in sess, checks its units (20 when the
// session has definitions), submits the form and checks the
// confirmation.
func openHydrateSubmit(tb testing.TB, sess *browse.Session, units int) {
	ctx := context.Background()
	p, err := sess.Open(ctx, "/")
	if err != nil {
		tb.Fatal(err)
	}
	if n := len(unit.Units(p.Document())); n != units {
		tb.Fatalf("%d units, want %d", n, units)
	}
	form := p.Document().GetElementByID("order")
	if err := form.RequestSubmit(nil); err != nil {
		tb.Fatal(err)
	}
	if sess.Document().Title() != "Thanks" {
		tb.Fatalf("after the submission the page is %q", sess.Document().Title())
	}
}

// handlerPlusParse is the baseline: the same three handler calls through
// httptest.NewRecorder, and vdom.Parse of the two pages' bytes.
func handlerPlusParse(tb testing.TB, h http.Handler, body string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	doc, err := vdom.Parse(bytes.NewReader(rec.Body.Bytes()), vdom.WithContentType(rec.Header().Get("Content-Type")))
	if err != nil || doc.Title() != "Shop" {
		tb.Fatalf("parse: %v, title %q", err, doc.Title())
	}
	req := httptest.NewRequest("POST", "/order", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		tb.Fatalf("POST /order: %d", rec.Code)
	}
	rec2 := httptest.NewRecorder()
	h.ServeHTTP(rec2, httptest.NewRequest("GET", rec.Header().Get("Location"), nil))
	doc, err = vdom.Parse(bytes.NewReader(rec2.Body.Bytes()), vdom.WithContentType(rec2.Header().Get("Content-Type")))
	if err != nil || doc.Title() != "Thanks" {
		tb.Fatalf("parse: %v", err)
	}
}

// orderBody is the body the form submits.
const orderBody = "name=Ada&email=ada%40example.com&ship=courier&note=Ring+twice"

// openHydrateSubmitIn runs the workload in a new session (so the history
// does not grow) over h with defs (nil: no units).
func openHydrateSubmitIn(tb testing.TB, h http.Handler, defs *unit.Definitions) {
	sess, err := browse.New(browse.Options{Handler: h, Definitions: defs})
	if err != nil {
		tb.Fatal(err)
	}
	units := 20
	if defs == nil {
		units = 0
	}
	openHydrateSubmit(tb, sess, units)
}

// BenchmarkOpenHydrateSubmit: one Open of the shop page from the
// in-process handler with its 20 units, and one submission of its form
// (POST, 303, GET of the confirmation), with bare units and with units
// that have EventPerk; and the same without units, the session's own
// cost.
func BenchmarkOpenHydrateSubmit(b *testing.B) {
	h := shopHandler()
	for _, bc := range []struct {
		name string
		defs *unit.Definitions
	}{
		{"units=bare", itemDefs(b, noPerks{})},
		{"units=eventperk", itemDefs(b, perk.Default)},
		{"units=none", nil},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				openHydrateSubmitIn(b, h, bc.defs)
			}
		})
	}
}

// BenchmarkHandlerPlusParse: the baseline of BenchmarkOpenHydrateSubmit,
// the same handler calls through httptest.NewRecorder and vdom.Parse of
// the same bytes.
func BenchmarkHandlerPlusParse(b *testing.B) {
	h := shopHandler()
	b.ReportAllocs()
	for b.Loop() {
		handlerPlusParse(b, h, orderBody)
	}
}

// The body the session sends is the one the baseline sends.
func TestShopWorkloadSendsTheBaselinesRequests(t *testing.T) {
	rec := record(shopHandler())
	sess, err := browse.New(browse.Options{Handler: rec, Definitions: itemDefs(t, noPerks{})})
	if err != nil {
		t.Fatal(err)
	}
	openHydrateSubmit(t, sess, 20)
	got := rec.take()
	if len(got) != 3 || got[1].Body != orderBody || got[2].URI != "/thanks?name=Ada" {
		t.Errorf("the session sent %+v", got)
	}
	handlerPlusParse(t, shopHandler(), orderBody)
}
