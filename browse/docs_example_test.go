package browse_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// The Go examples of browse's package documentation and of
// docs/pages.md, compiled and run (perk's TestDocsExamplesCompiled finds
// them here).

// app is the application of the documentation's examples.
func app() http.Handler { return loginApp() }

func TestPackageDocExample(t *testing.T) {
	ctx, app := context.Background(), app()
	sess, err := browse.New(browse.Options{Handler: app})
	if err != nil {
		t.Fatal(err)
	}
	page, err := sess.Open(ctx, "/login")
	if err != nil {
		t.Fatal(err)
	}
	user := userevent.New(page.Document())
	input, _ := page.Document().QuerySelector("input[name=name]")
	button, _ := page.Document().QuerySelector("button")
	if err := user.Type(input, "Ada"); err != nil {
		t.Fatal(err)
	}
	// The click submits the form: POST, 303, GET; the new page is
	// current when Click returns, and the load's error is Click's.
	if err := user.Click(button); err != nil {
		t.Fatal(err)
	}
	t.Log(sess.Page().URL(), sess.Document().Title())
	if sess.Document().Title() != "Account" {
		t.Errorf("after the click the page is %q", sess.Document().Title())
	}
}

func TestSignIn(t *testing.T) {
	sess, err := browse.New(browse.Options{Handler: app()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Open(t.Context(), "/login"); err != nil {
		t.Fatal(err)
	}
	s := vdomtest.Follow(t, sess.Document)
	s.Type(s.GetByLabelText("Name"), "Ada")
	// POST /login, 303, GET /account: loaded before Click returns.
	s.Click(s.GetByRole("button", query.Name("Log in")))
	s.ExpectText(s.GetByRole("heading"), "Hello, Ada")
	s.ExpectURL("/account")
}

func TestSignInOverAServer(t *testing.T) {
	srv := httptest.NewServer(app())
	defer srv.Close()
	sess, err := browse.New(browse.Options{BaseURL: srv.URL, Client: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Open(t.Context(), "/login"); err != nil {
		t.Fatal(err)
	}
	s := vdomtest.Follow(t, sess.Document)
	s.Type(s.GetByLabelText("Name"), "Ada")
	s.Click(s.GetByRole("button", query.Name("Log in")))
	s.ExpectText(s.GetByRole("heading"), "Hello, Ada")
}

// guideApp is the application of docs/pages.md's example of links within
// a page: one page of sections.
func guideApp() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /guide", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<nav><a href="#install">Install</a> <a href="#faq">FAQ</a></nav>
			<h2 id="install">Install</h2> <h2 id="faq">FAQ</h2>`))
	})
	return mux
}

func TestGuideSections(t *testing.T) {
	sess, err := browse.New(browse.Options{Handler: guideApp()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Open(t.Context(), "/guide"); err != nil {
		t.Fatal(err)
	}
	s := vdomtest.Follow(t, sess.Document)
	s.Click(s.GetByRole("link", query.Name("Install")))
	s.Click(s.GetByRole("link", query.Name("FAQ")))
	s.ExpectURL("http://example.com/guide#faq")

	// Back within the page: no request, the URL and :target follow.
	if _, err := sess.Back(t.Context()); err != nil {
		t.Fatal(err)
	}
	s.ExpectURL("http://example.com/guide#install")
	if n := len(sess.Requests()); n != 1 || len(sess.History()) != 3 {
		t.Errorf("%d requests, %d entries; want 1 and 3", n, len(sess.History()))
	}
}

// sheetsApp is the application of docs/pages.md's example of style
// sheets: a page whose menu site.css hides until it has the class open,
// and a theme.css that is not there.
func sheetsApp() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<link rel=stylesheet href="/site.css"><link rel=stylesheet href="/theme.css">
<button id=toggle>Menu</button><nav id=menu class=menu><a href="/a">A</a></nav>`)
	})
	mux.HandleFunc("GET /site.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		io.WriteString(w, `.menu { display: none } .menu.open { display: block }`)
	})
	return mux
}

// menuToggle is the page's behaviour, in Go: a click on #toggle toggles
// the menu's class open.
func menuToggle(_ context.Context, _ *browse.Session, p *browse.Page) error {
	doc := p.Document()
	toggle, menu := doc.GetElementByID("toggle"), doc.GetElementByID("menu")
	if toggle != nil && menu != nil {
		toggle.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { _, _ = menu.ClassList().Toggle("open") }))
	}
	return nil
}

func TestStyleSheetsLoad(t *testing.T) {
	sess, err := browse.New(browse.Options{Handler: sheetsApp(), PageHooks: []browse.PageHook{menuToggle}})
	if err != nil {
		t.Fatal(err)
	}
	page, err := sess.Open(context.Background(), "/")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range page.StyleSheetErrors() {
		t.Logf("%s: status %d: %v", e.URL, e.Status, e.Err)
	}
	menu := page.Document().GetElementByID("menu")
	if menu.IsRendered() {
		t.Error("the menu shows before the click; site.css hides it")
	}
	user := userevent.New(page.Document())
	if err := user.Click(page.Document().GetElementByID("toggle")); err != nil {
		t.Fatal(err)
	}
	if !menu.IsRendered() {
		t.Error("the menu is hidden after the click")
	}
}
