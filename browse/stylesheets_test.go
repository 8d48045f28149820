package browse_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// sheetApp serves a page whose links load, fail and import in every way a
// server can answer; each sheet hides the element of its name, so that
// what applies shows on the page.
func sheetApp() http.Handler {
	mux := http.NewServeMux()
	css := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/css")
			fmt.Fprint(w, body)
		}
	}
	mux.HandleFunc("GET /page", htmlPage(`<!DOCTYPE html><title>Sheets</title>
<link rel=stylesheet href="/ok.css">
<link rel=stylesheet href="/missing.css">
<link rel=stylesheet href="/boom.css">
<link rel=stylesheet href="/plain.css">
<link rel=stylesheet href="/moved.css">
<link rel=stylesheet href="/chain/a.css">
<link rel=stylesheet href="/cycle/one.css">
<p id=ok>ok</p><p id=missing>missing</p><p id=boom>boom</p><p id=plain>plain</p>
<p id=moved>moved</p><p id=a>a</p><p id=b>b</p><p id=c>c</p><p id=one>one</p><p id=two>two</p>`))
	mux.HandleFunc("GET /ok.css", css(`#ok { display: none }`))
	mux.HandleFunc("GET /missing.css", http.NotFound)
	mux.HandleFunc("GET /boom.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, `#boom { display: none }`)
	})
	mux.HandleFunc("GET /plain.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, `#plain { display: none }`)
	})
	mux.HandleFunc("GET /moved.css", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/new/moved.css", http.StatusMovedPermanently)
	})
	// The redirected sheet's import resolves against its final URL.
	mux.HandleFunc("GET /new/moved.css", css(`@import "inner.css"; #moved { display: none }`))
	mux.HandleFunc("GET /new/inner.css", css(``))
	mux.HandleFunc("GET /chain/a.css", css(`@import "b.css"; #a { display: none }`))
	mux.HandleFunc("GET /chain/b.css", css(`@import url(/chain/c.css); #b { display: none }`))
	mux.HandleFunc("GET /chain/c.css", css(`@import "gone.css"; #c { display: none }`))
	mux.HandleFunc("GET /chain/gone.css", http.NotFound)
	mux.HandleFunc("GET /cycle/one.css", css(`@import "two.css"; #one { display: none }`))
	mux.HandleFunc("GET /cycle/two.css", css(`@import "one.css"; #two { display: none }`))
	return mux
}

// sheetFailure is a StyleSheetError for cmp: the URL without the base, the
// import's href, the status and the message.
type sheetFailure struct {
	URL, Import string
	Status      int
	Msg         string
}

func sheetFailures(p *browse.Page, base string) []sheetFailure {
	var out []sheetFailure
	for _, e := range p.StyleSheetErrors() {
		f := sheetFailure{URL: strings.TrimPrefix(e.URL, base), Status: e.Status, Msg: strings.ReplaceAll(e.Error(), base, "")}
		if e.Import != nil {
			f.Import = e.Import.Href()
		}
		out = append(out, f)
	}
	return out
}

func TestPageStyleSheets(t *testing.T) {
	app := record(sheetApp())
	inBothModes(t, app, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		app.take()
		p := mustOpen(t, s, "/page")
		// Known when Open returns: the sheets loaded with the page.
		sent := app.take()
		want := []sheetFailure{
			{URL: "/missing.css", Status: 404, Msg: "browse: style sheet /missing.css not loaded: status 404 Not Found"},
			{URL: "/boom.css", Status: 500, Msg: "browse: style sheet /boom.css not loaded: status 500 Internal Server Error"},
			{URL: "/plain.css", Status: 200, Msg: `browse: style sheet /plain.css not loaded: not text/css: text/plain; charset=utf-8`},
			{URL: "/chain/gone.css", Import: "gone.css", Status: 404, Msg: "browse: imported style sheet /chain/gone.css not loaded: status 404 Not Found"},
		}
		if diff := cmp.Diff(want, sheetFailures(p, base)); diff != "" {
			t.Errorf("StyleSheetErrors mismatch (-want +got):\n%s", diff)
		}
		if p.Err() != nil {
			t.Errorf("Err() = %v; a sheet that fails is no error of the load", p.Err())
		}
		errs := p.StyleSheetErrors()
		var se *browse.StatusError
		if !errors.As(errs[0], &se) || se.Status != 404 || !errors.Is(errs[0], browse.ErrStatus) {
			t.Errorf("errors.As(%v, *StatusError) = %v; want the status 404", errs[0], se)
		}
		if !errors.Is(errs[2], css.ErrNotCSS) {
			t.Errorf("errors.Is(%v, css.ErrNotCSS) = false", errs[2])
		}
		if href, _ := errs[0].Owner.GetAttribute("href"); href != "/missing.css" {
			t.Errorf("Owner = %v; want the link to /missing.css", errs[0].Owner)
		}

		// What loaded applies; what failed does not; the cycle's sheets
		// apply once each.
		rendered := map[string]bool{}
		for _, id := range []string{"ok", "missing", "boom", "plain", "moved", "a", "b", "c", "one", "two"} {
			rendered[id] = el(t, p.Document(), "#"+id).IsRendered()
		}
		wantRendered := map[string]bool{"ok": false, "missing": true, "boom": true, "plain": true, "moved": false,
			"a": false, "b": false, "c": false, "one": false, "two": false}
		if diff := cmp.Diff(wantRendered, rendered); diff != "" {
			t.Errorf("IsRendered mismatch (-want +got):\n%s", diff)
		}

		// Every sheet was asked for once, in the order of the links and
		// imports; the cycle stops at the sheet already loading.
		var uris []string
		for _, r := range sent {
			uris = append(uris, r.URI)
		}
		wantURIs := []string{"/page", "/ok.css", "/missing.css", "/boom.css", "/plain.css", "/moved.css", "/new/moved.css", "/new/inner.css",
			"/chain/a.css", "/chain/b.css", "/chain/c.css", "/chain/gone.css", "/cycle/one.css", "/cycle/two.css"}
		if diff := cmp.Diff(wantURIs, uris); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
		for _, r := range s.Requests()[1:] {
			if !r.StyleSheet {
				t.Errorf("Requests: %s %s has StyleSheet false", r.Method, r.URL)
			}
		}
		// Asking again sends nothing.
		p.StyleSheetErrors()
		el(t, p.Document(), "#ok").IsVisible()
		if got := app.take(); len(got) != 0 {
			t.Errorf("asking again sent %v", got)
		}
	})
}

// A sheet is requested as the page's other requests are: the session's
// header, the jar's cookies, Referer under the page's policy, and an
// Accept for CSS; its Set-Cookie goes to the jar.
func TestStyleSheetRequestHeaders(t *testing.T) {
	var mu sync.Mutex
	got := map[string]string{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /page", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "sid", Value: "42", Path: "/"})
		htmlPage(`<link rel=stylesheet href="/app.css">`)(w, r)
	})
	mux.HandleFunc("GET /app.css", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		for _, h := range []string{"Accept", "Cookie", "Referer", "X-Test", "User-Agent"} {
			got[h] = r.Header.Get(h)
		}
		mu.Unlock()
		http.SetCookie(w, &http.Cookie{Name: "theme", Value: "dark", Path: "/"})
		w.Header().Set("Content-Type", "text/css")
	})
	inBothModes(t, mux, browse.Options{Header: http.Header{"X-Test": {"yes"}}}, func(t *testing.T, s *browse.Session, base string) {
		mustOpen(t, s, "/page")
		mu.Lock()
		defer mu.Unlock()
		want := map[string]string{"Accept": "text/css,*/*;q=0.1", "Cookie": "sid=42", "Referer": base + "/page", "X-Test": "yes", "User-Agent": browse.DefaultUserAgent}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("the sheet's request mismatch (-want +got):\n%s", diff)
		}
		cookies, _ := s.Cookies("/")
		var names []string
		for _, c := range cookies {
			names = append(names, c.Name)
		}
		if diff := cmp.Diff([]string{"sid", "theme"}, names); diff != "" {
			t.Errorf("cookies mismatch (-want +got):\n%s", diff)
		}
	})
}

// A sheet on another host goes where the session's other requests to
// other hosts go: to the Handler, or refused under StayOnHost.
func TestStyleSheetOtherHost(t *testing.T) {
	var hosts []string
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		hosts = append(hosts, r.Host+r.URL.Path)
		if strings.HasSuffix(r.URL.Path, ".css") {
			w.Header().Set("Content-Type", "text/css")
			fmt.Fprint(w, `p { display: none }`)
			return
		}
		htmlPage(`<link rel=stylesheet href="https://cdn.test/fw.css"><p id=p>x</p>`)(w, r)
	})
	for _, stay := range []bool{false, true} {
		t.Run(fmt.Sprint("StayOnHost=", stay), func(t *testing.T) {
			hosts = nil
			s, err := browse.New(browse.Options{Handler: mux, StayOnHost: stay})
			if err != nil {
				t.Fatal(err)
			}
			p := mustOpen(t, s, "/")
			wantHosts := []string{"example.com/", "cdn.test/fw.css"}
			var wantErrs []sheetFailure
			if stay {
				wantHosts = wantHosts[:1]
				wantErrs = []sheetFailure{{URL: "https://cdn.test/fw.css",
					Msg: "browse: style sheet https://cdn.test/fw.css not loaded: request to another host: cdn.test is not example.com (Options.StayOnHost)"}}
			}
			if diff := cmp.Diff(wantHosts, hosts); diff != "" {
				t.Errorf("requests mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantErrs, sheetFailures(p, "")); diff != "" {
				t.Errorf("StyleSheetErrors mismatch (-want +got):\n%s", diff)
			}
			if got := el(t, p.Document(), "#p").IsRendered(); got != stay {
				t.Errorf("IsRendered = %v, want %v", got, stay)
			}
		})
	}
}

// A session fetches a sheet once for all the pages that link it, unless
// its response says no-store or no-cache; a failed sheet is fetched
// again.
func TestStyleSheetCache(t *testing.T) {
	counts := map[string]int{}
	var mu sync.Mutex
	mux := http.NewServeMux()
	mux.HandleFunc("GET /page/{n}", htmlPage(`<link rel=stylesheet href="/fw.css"><link rel=stylesheet href="/fresh.css">
<link rel=stylesheet href="/nocache.css"><link rel=stylesheet href="/missing.css"><p id=p>x</p>`))
	mux.HandleFunc("GET /{name}", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		counts[r.URL.Path]++
		mu.Unlock()
		switch r.URL.Path {
		case "/missing.css":
			http.NotFound(w, r)
			return
		case "/fresh.css":
			w.Header().Set("Cache-Control", "private, no-store")
		case "/nocache.css":
			w.Header().Set("Cache-Control", "No-Cache")
		}
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprint(w, `#p { display: none }`)
	})
	inBothModes(t, mux, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		clear(counts)
		for i := range 3 {
			p := mustOpen(t, s, fmt.Sprintf("/page/%d", i))
			if el(t, p.Document(), "#p").IsRendered() {
				t.Errorf("page %d: #p is rendered; the cached sheet hides it", i)
			}
		}
		mu.Lock()
		want := map[string]int{"/fw.css": 1, "/fresh.css": 3, "/nocache.css": 3, "/missing.css": 3}
		if diff := cmp.Diff(want, counts); diff != "" {
			t.Errorf("requests per sheet mismatch (-want +got):\n%s", diff)
		}
		mu.Unlock()
		// A new session has its own cache.
		s2, _ := modes[0].session(t, mux, browse.Options{})
		mustOpen(t, s2, "/page/x")
		mu.Lock()
		defer mu.Unlock()
		if counts["/fw.css"] != 2 {
			t.Errorf("a new session: /fw.css fetched %d times in all, want 2", counts["/fw.css"])
		}
	})
}

// A menu hidden by a linked sheet shows once a click adds the class the
// sheet shows it with.
func TestStyleSheetMenuToggle(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /", htmlPage(`<!DOCTYPE html><link rel=stylesheet href="/site.css">
<button id=toggle>Menu</button><nav id=menu class=menu><a href="/a">A</a></nav>`))
	mux.HandleFunc("GET /site.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		fmt.Fprint(w, `.menu { display: none } .menu.open { display: block }`)
	})
	s, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		t.Fatal(err)
	}
	p := mustOpen(t, s, "/")
	doc := p.Document()
	menu, toggle := el(t, doc, "#menu"), el(t, doc, "#toggle")
	toggle.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { _, _ = menu.ClassList().Toggle("open") }))
	if menu.IsRendered() {
		t.Fatalf("the menu is rendered before the click; StyleSheetErrors: %v", p.StyleSheetErrors())
	}
	if err := userevent.New(doc).Click(toggle); err != nil {
		t.Fatal(err)
	}
	if !menu.IsRendered() {
		t.Errorf("the menu is not rendered after the click; class=%q", menu.ClassName())
	}
	link := el(t, doc, "#menu a")
	if !link.IsFocusable() {
		t.Errorf("the menu's link is not focusable once the menu shows")
	}
}

// Bad sheets: too large, an import bomb, a server that does not answer
// before the context ends. Each fails with an error that says so, and
// the page is there.
func TestStyleSheetBadInput(t *testing.T) {
	t.Run("too large", func(t *testing.T) {
		mux := http.NewServeMux()
		mux.HandleFunc("GET /", htmlPage(`<link rel=stylesheet href="/big.css"><p id=p>x</p>`))
		mux.HandleFunc("GET /big.css", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/css")
			fmt.Fprint(w, "#p { display: none }"+strings.Repeat(" ", 5000))
		})
		inBothModes(t, mux, browse.Options{MaxBodyBytes: 4096}, func(t *testing.T, s *browse.Session, base string) {
			p := mustOpen(t, s, "/")
			errs := p.StyleSheetErrors()
			if len(errs) != 1 || !errors.Is(errs[0], css.ErrSheetTooLarge) || !errors.Is(errs[0], browse.ErrTooLarge) {
				t.Fatalf("StyleSheetErrors = %v; want one matching css.ErrSheetTooLarge and browse.ErrTooLarge", errs)
			}
			if want := "response body longer than 4096 bytes"; !strings.Contains(errs[0].Error(), want) {
				t.Errorf("error %q does not say %q", errs[0], want)
			}
			if !el(t, p.Document(), "#p").IsRendered() {
				t.Errorf("#p is hidden by a sheet that did not load")
			}
		})
	})
	t.Run("import bomb", func(t *testing.T) {
		// Every sheet imports ten new ones: 10^16 sheets 16 deep.
		var sent int
		mux := http.NewServeMux()
		mux.HandleFunc("GET /", htmlPage(`<link rel=stylesheet href="/b/x.css"><p id=p>x</p>`))
		mux.HandleFunc("GET /b/{name}", func(w http.ResponseWriter, r *http.Request) {
			sent++
			w.Header().Set("Content-Type", "text/css")
			name := strings.TrimSuffix(r.PathValue("name"), ".css")
			for i := range 10 {
				fmt.Fprintf(w, "@import %q;\n", fmt.Sprintf("%s%d.css", name, i))
			}
			fmt.Fprint(w, "#p { color: red }")
		})
		s, err := browse.New(browse.Options{Handler: mux})
		if err != nil {
			t.Fatal(err)
		}
		p := mustOpen(t, s, "/")
		if sent != browse.MaxPageStyleSheets {
			t.Errorf("the bomb sent %d requests, want browse.MaxPageStyleSheets (%d)", sent, browse.MaxPageStyleSheets)
		}
		var budget int
		for _, e := range p.StyleSheetErrors() {
			if errors.Is(e, css.ErrLoadBudget) {
				budget++
			}
		}
		if budget == 0 {
			t.Errorf("no StyleSheetError matches css.ErrLoadBudget: %v", p.StyleSheetErrors()[:3])
		}
	})
	t.Run("import permutations", func(t *testing.T) {
		// Ten URLs that each import the ten: few requests, and the
		// document stops at css.DefaultMaxImports sheets.
		var sent int
		mux := http.NewServeMux()
		mux.HandleFunc("GET /", htmlPage(`<link rel=stylesheet href="/p.css?0"><p id=p>x</p>`))
		mux.HandleFunc("GET /p.css", func(w http.ResponseWriter, r *http.Request) {
			sent++
			w.Header().Set("Content-Type", "text/css")
			for i := range 10 {
				fmt.Fprintf(w, "@import \"p.css?%d\";\n", i)
			}
			fmt.Fprint(w, "#p { display: none }")
		})
		s, err := browse.New(browse.Options{Handler: mux})
		if err != nil {
			t.Fatal(err)
		}
		p := mustOpen(t, s, "/")
		if sent != 10 {
			t.Errorf("%d requests, want one for each of the 10 URLs", sent)
		}
		var budget bool
		for _, e := range p.StyleSheetErrors() {
			budget = budget || (errors.Is(e, css.ErrLoadBudget) && strings.Contains(e.Error(), "more than 1024 imported sheets"))
		}
		if !budget {
			t.Errorf("no StyleSheetError says more than 1024 imported sheets")
		}
		if el(t, p.Document(), "#p").IsRendered() {
			t.Errorf("#p is rendered; the sheets that loaded hide it")
		}
	})
	t.Run("context ends", func(t *testing.T) {
		// The sheet's handler ends the load's context itself and waits
		// for it, as a slow server would: no clock involved.
		var cancelLoad context.CancelFunc
		calls := 0
		mux := http.NewServeMux()
		mux.HandleFunc("GET /", htmlPage(`<link rel=stylesheet href="/slow.css"><p id=p>x</p>`))
		mux.HandleFunc("GET /slow.css", func(w http.ResponseWriter, r *http.Request) {
			calls++
			cancelLoad()
			<-r.Context().Done()
		})
		for _, isolate := range []bool{false, true} {
			calls = 0
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cancelLoad = cancel
			s, err := browse.New(browse.Options{Handler: mux, IsolateHandler: isolate})
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Open(ctx, "/")
			if err != nil || p == nil {
				t.Fatalf("Open = %v, %v; want the page, whose sheet did not load", p, err)
			}
			errs := p.StyleSheetErrors()
			if len(errs) != 1 || !errors.Is(errs[0], context.Canceled) {
				t.Fatalf("StyleSheetErrors = %v; want one matching context.Canceled", errs)
			}
			var re *browse.RequestError
			if !errors.As(errs[0], &re) {
				t.Errorf("%v is no *RequestError", errs[0])
			}
			// Later questions do not wait for the server again.
			el(t, p.Document(), "#p").IsRendered()
			p.StyleSheetErrors()
			if calls != 1 {
				t.Errorf("IsolateHandler=%v: the slow sheet was asked for %d times, want 1", isolate, calls)
			}
		}
	})
}

// A vdom.WithStyleSheetLoader in Options.ParseOptions replaces the
// session's loader.
func TestStyleSheetParseOptionsLoader(t *testing.T) {
	rec := record(htmlPage(`<link rel=stylesheet href="/app.css"><p id=p>x</p>`))
	loader := css.LoaderFunc(func(_ context.Context, url string, _ int64) (css.Resource, error) {
		return css.Resource{Body: []byte(`#p { display: none }`)}, nil
	})
	s, err := browse.New(browse.Options{Handler: rec, ParseOptions: []vdom.ParseOption{vdom.WithStyleSheetLoader(loader)}})
	if err != nil {
		t.Fatal(err)
	}
	p := mustOpen(t, s, "/")
	if el(t, p.Document(), "#p").IsRendered() {
		t.Errorf("#p is rendered; the given loader's sheet hides it")
	}
	if got := len(rec.take()); got != 1 {
		t.Errorf("%d requests, want the page's alone", got)
	}
}
