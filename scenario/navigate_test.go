package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// site is a handler of a few pages: a home page with a link, a form that
// posts and is answered with a 303, a page with two .card elements, and
// the pages that fail.
func site() http.Handler {
	mux := http.NewServeMux()
	html := func(w http.ResponseWriter, status int, body string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		html(w, 200, `<title>Home</title><main id="app"><a id="next" href="/next">Next</a>
			<a id="blank" href="/next" target="_blank">New window</a>
			<a id="dl" href="/file.txt" download="f.txt">File</a> <a id="frag" href="#top">Top</a>
			<form id="f" method="post" action="/post"><input name="n" value="1"><button id="send">Send</button></form></main>`)
	})
	mux.HandleFunc("GET /next", func(w http.ResponseWriter, r *http.Request) {
		html(w, 200, `<title>Next</title><section id="other"><button id="b">B</button></section>`)
	})
	mux.HandleFunc("POST /post", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "n", Value: r.PostFormValue("n"), Path: "/"})
		http.Redirect(w, r, "/done", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /done", func(w http.ResponseWriter, r *http.Request) {
		html(w, 200, `<title>Done</title><p id="msg">done</p>`)
	})
	mux.HandleFunc("GET /cards", func(w http.ResponseWriter, r *http.Request) {
		html(w, 200, `<div class="card">1</div><div class="card">2</div>`)
	})
	mux.HandleFunc("GET /file.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "hello")
	})
	mux.HandleFunc("GET /json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{}`)
	})
	mux.HandleFunc("GET /big", func(w http.ResponseWriter, r *http.Request) {
		html(w, 200, strings.Repeat("<p>x</p>", 1000))
	})
	mux.HandleFunc("GET /loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("GET /hang", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	return mux
}

// loadURL loads the scenario body (without "page") with its page at url.
func loadURL(t *testing.T, url, body string) *Scenario {
	t.Helper()
	s, err := parseWith("s.json", []byte("{"+body+"}"), &goPage{url: url}, nil, (&inputReader{}).read, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// navSummary is a Navigation without its error, for comparison.
type navSummary struct {
	Step, Cause, Method, URL, Source, Target string
	Download, Followed                       bool
	Requests                                 []Request
	Status                                   int
	Units                                    []string
}

func navigations(res *Result) []navSummary {
	var out []navSummary
	for _, s := range res.Steps {
		for _, it := range s.Items {
			if n := it.Navigation; n != nil {
				out = append(out, navSummary{s.Path, n.Cause, n.Method, n.URL, n.Source, n.Target, n.Download, n.Followed, n.Requests, n.Status, n.Units})
			}
		}
	}
	return out
}

// TestServerPageFollowsNavigations runs on pages of an in-process handler:
// a followed link, a form answered with a redirect, the history steps,
// units made on each page their selector matches, and the checks of the
// page.
func TestServerPageFollowsNavigations(t *testing.T) {
	s := loadURL(t, "/", `"units": [
		{"name": "app", "element": "#app", "settings": {"event": {"events": {"f": {"handlers": {"submit": "onSubmit"}}}}}, "methods": {"onSubmit": ["record"]}},
		{"name": "other", "element": "#other", "settings": {"event": {"events": {"b": {"handlers": {"click": "onB"}}}}}, "methods": {"onB": ["record"]}}],
		"steps": [
			{"click": "#next"},
			{"click": "#b"},
			{"expect": {"url": "/next", "status": 200, "title": "Next", "calls": ["click #b onB"]}},
			"back",
			{"submit": "#send"},
			{"expect": {"url": "http://example.com/done", "title": "Done", "cookies": {"n": "1", "other": null}}},
			{"open": "next"},
			{"expect": {"url": "/next"}},
			"back", "forward", "reload"
		]`)
	res := s.Run(context.Background(), Options{Handler: site()})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	home, next, done := "http://example.com/", "http://example.com/next", "http://example.com/done"
	get := func(url string) []Request { return []Request{{"GET", url, 200}} }
	want := []navSummary{
		{"page", "load", "GET", home, "", "", false, true, get(home), 200, []string{"app"}},
		{"steps[0]", "link", "GET", next, "#next", "", false, true, get(next), 200, []string{"other"}},
		{"steps[3]", "back", "GET", home, "", "", false, true, get(home), 200, []string{"app"}},
		{"steps[4]", "form", "POST", "http://example.com/post", "#f", "", false, true,
			[]Request{{"POST", "http://example.com/post", 303}, {"GET", done, 200}}, 200, nil},
		{"steps[6]", "open", "GET", next, "", "", false, true, get(next), 200, []string{"other"}},
		{"steps[8]", "back", "GET", done, "", "", false, true, get(done), 200, nil},
		{"steps[9]", "forward", "GET", next, "", "", false, true, get(next), 200, []string{"other"}},
		{"steps[10]", "reload", "GET", next, "", "", false, true, get(next), 200, []string{"other"}},
	}
	if diff := cmp.Diff(want, navigations(res)); diff != "" {
		t.Errorf("navigations mismatch (-want +got):\n%s", diff)
	}
	var b strings.Builder
	res.WriteText(&b, Format{})
	for _, line := range []string{
		"  navigate GET /next (#next): 200 OK · units other\n",
		"  navigate POST /post (#f): 303 See Other → GET /done: 200 OK\n",
	} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("the trace lacks %q:\n%s", line, b.String())
		}
	}
}

// TestServerPageOverClient runs on a real server through an http.Client.
func TestServerPageOverClient(t *testing.T) {
	srv := httptest.NewServer(site())
	defer srv.Close()
	s := loadURL(t, srv.URL+"/", `"steps": [
		{"submit": "#f"},
		{"expect": {"url": "/done", "target": "#msg", "text": "done", "cookies": {"n": true}}}]`)
	res := s.Run(context.Background(), Options{Client: srv.Client()})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	srv.Client().CloseIdleConnections()
}

// TestServerPageTargetsAndDownloads: a link with a target loads in the
// run's one window; a download link fetches and stays; a fragment link
// sends nothing and the page's URL takes the fragment; a URL opened with a
// fragment keeps it; opening another fragment of the page, and going back
// to the entry the first made, move within the page and send nothing.
func TestServerPageTargetsAndDownloads(t *testing.T) {
	s := loadURL(t, "/", `"steps": [{"click": "#dl"}, {"expect": {"url": "/"}}, {"click": "#frag"}, {"expect": {"url": "/#top"}},
		{"click": "#blank"}, {"expect": {"url": "/next"}}, {"open": "/#part"}, {"expect": {"url": "/#part"}},
		{"open": "/#top"}, {"expect": {"url": "/#top"}}, "back", {"expect": {"url": "/#part"}}]`)
	res := s.Run(context.Background(), Options{Handler: site()})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	got := navigations(res)[1:]
	want := []navSummary{
		{"steps[0]", "link", "GET", "http://example.com/file.txt", "#dl", "", true, true, []Request{{"GET", "http://example.com/file.txt", 200}}, 200, nil},
		{"steps[4]", "link", "GET", "http://example.com/next", "#blank", "_blank", false, true, []Request{{"GET", "http://example.com/next", 200}}, 200, nil},
		{"steps[6]", "open", "GET", "http://example.com/", "", "", false, true, []Request{{"GET", "http://example.com/", 200}}, 200, []string{}},
		{"steps[8]", "open", "", "http://example.com/#top", "", "", false, true, nil, 200, nil},
		{"steps[10]", "back", "", "http://example.com/#part", "", "", false, true, nil, 200, nil},
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("navigations mismatch (-want +got):\n%s", diff)
	}
	var b strings.Builder
	res.WriteText(&b, Format{})
	for _, line := range []string{"  navigate within the page to /#top\n", "  navigate within the page to /#part\n"} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("the trace lacks %q:\n%s", line, b.String())
		}
	}
	j, err := json.Marshal(res.toJSON(Format{}, false))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(j), `"cause":"back","url":"http://example.com/#part","followed":true,"withinPage":true,"status":200`) {
		t.Errorf("the JSON report does not mark the back within the page:\n%s", j)
	}
}

// TestServerPageLoadErrors: a page that cannot be loaded is an input error
// at "page", naming the URL and the reason, with the browse error behind.
func TestServerPageLoadErrors(t *testing.T) {
	tests := []struct {
		name, url string
		opts      Options
		is        error
		msg       string
	}{
		{"status", "/nowhere", Options{}, browse.ErrStatus, "s.json:1:10: page: cannot load the page: GET http://example.com/nowhere: status 404 Not Found"},
		{"not HTML", "/json", Options{}, browse.ErrNotHTML, `s.json:1:10: page: cannot load the page: GET http://example.com/json: response is "application/json", not HTML`},
		{"too large", "/big", Options{MaxPageBytes: 1000}, browse.ErrTooLarge, "s.json:1:10: page: cannot load the page: GET http://example.com/big: response body longer than 1000 bytes; raise the limit with --max-page-bytes (Options.MaxPageBytes)"},
		{"loop", "/loop", Options{}, browse.ErrTooManyRedirects, "s.json:1:10: page: cannot load the page: GET http://example.com/loop: more than 20 redirects: http://example.com/loop -> "},
		{"timeout", "/hang", Options{Timeout: 50 * time.Millisecond}, context.DeadlineExceeded, "s.json:1:10: page: cannot load the page: GET http://example.com/hang: context deadline exceeded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("s.json", []byte(`{"page": "http://example.com`+tt.url+`", "steps": []}`))
			if err != nil {
				t.Fatal(err)
			}
			tt.opts.Handler = site()
			res := s.Run(context.Background(), tt.opts)
			le := res.LoadError()
			switch {
			case le == nil:
				t.Fatalf("no load error:\n%s", text(res))
			case !errors.Is(le, ErrBadInput) || !errors.Is(le, tt.is):
				t.Errorf("errors.Is(%v, ErrBadInput and %v) is false", le, tt.is)
			case !strings.HasPrefix(le.Error(), tt.msg):
				t.Errorf("error\n%s\nwant it to start with\n%s", le, tt.msg)
			}
			if res.ExitCode() != ExitBadInput {
				t.Errorf("exit code %d, want %d", res.ExitCode(), ExitBadInput)
			}
		})
	}
}

// TestServerPageUnits: a unit missing from the current page is named as
// such; a selector that matches several elements without "each" fails the
// step that loaded the page; one that matched on no page fails the run.
func TestServerPageUnits(t *testing.T) {
	s := loadURL(t, "/", `"units": [{"name": "other", "element": "#other"}, {"name": "card", "element": ".card"}],
		"steps": [{"trigger": "x", "unit": "other", "expectError": "unit \"other\" is not on the current page /: \"#other\" matches no element there"},
			{"open": "/cards", "expectError": "units[1].element: \".card\" matches 2 elements on /cards; add \"each\": true"}]`)
	res := s.Run(context.Background(), Options{Handler: site()})
	var errs []string
	for _, st := range res.Steps {
		if st.Err != nil {
			errs = append(errs, st.Path+": "+st.Err.Error())
		}
		for _, f := range st.Failures {
			errs = append(errs, st.Path+": "+f)
		}
	}
	want := []string{
		`end: units[0].element: "#other" matched no element on any page the run loaded`,
		`end: units[1].element: ".card" matched no element on any page the run loaded`,
	}
	if diff := cmp.Diff(want, errs); diff != "" {
		t.Errorf("errors mismatch (-want +got):\n%s", diff)
	}
}

// TestServerPageAbandonsWork: work a handler still waits for when its page
// is left is dropped, as a browser drops a page's scripts, and does not
// fail the run.
func TestServerPageAbandonsWork(t *testing.T) {
	for _, wait := range []string{`{"waitFor": "never"}`, `{"wait": "1h"}`} {
		t.Run(wait, func(t *testing.T) {
			s := loadURL(t, "/", `"units": [{"name": "app", "element": "#app",
				"settings": {"event": {"events": {"next": {"handlers": {"click": "onNext"}}}}},
				"methods": {"onNext": [`+wait+`, {"setText": "late", "target": "#next"}]}}],
				"steps": [{"click": "#next"}, {"expect": {"url": "/next"}}]`)
			res := s.Run(context.Background(), Options{Handler: site()})
			if !res.OK() {
				t.Fatalf("run failed:\n%s", text(res))
			}
			var abandoned []string
			for _, c := range res.Calls {
				if c.Abandoned {
					abandoned = append(abandoned, callLine(c))
				}
			}
			if diff := cmp.Diff([]string{"click #next onNext"}, abandoned); diff != "" {
				t.Errorf("abandoned calls mismatch (-want +got):\n%s", diff)
			}
			if !strings.Contains(text(res), "click #next onNext  order 0 · target · dispatch · unit app  … abandoned: the page was left") {
				t.Errorf("the trace does not show the abandoned call:\n%s", text(res))
			}
		})
	}
}

// TestFilePageRecordsNavigations: a page that is not fetched asks for
// navigations, which the trace records and nothing follows.
func TestFilePageRecordsNavigations(t *testing.T) {
	s, err := Parse("t.json", []byte(`{"html": "<title>T</title><a id=a href=/x?y=1>x</a><form id=f method=post action=/items><input name=n value=v></form>",
		"steps": [{"click": "#a"}, {"submit": "#f"}, {"expect": {"url": "/", "title": "T"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	res := s.Run(context.Background(), Options{})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	want := []navSummary{
		{Step: "steps[0]", Cause: "link", Method: "GET", URL: "http://example.com/x?y=1", Source: "#a"},
		{Step: "steps[1]", Cause: "form", Method: "POST", URL: "http://example.com/items", Source: "#f"},
	}
	if diff := cmp.Diff(want, navigations(res)); diff != "" {
		t.Errorf("navigations mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(text(res), "  navigate POST /items (#f): not followed: the page is not from a server\n") {
		t.Errorf("the trace lacks the recorded submission:\n%s", text(res))
	}
}

// TestSubmitStepErrors: submit names what it cannot submit.
func TestSubmitStepErrors(t *testing.T) {
	s, err := Parse("t.json", []byte(`{"html": "<form id=f><input id=i><button id=b type=button>b</button></form><p id=p></p>",
		"steps": [{"submit": "#p", "expectError": "submit: #p is neither a form nor a submit button of one"},
			{"submit": "#b", "expectError": "is not a submit button"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	res := s.Run(context.Background(), Options{})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
}

// TestServerPageRelativeWithoutBase: a relative Page.URL needs a base URL
// or a handler, and the error says so.
func TestServerPageRelativeWithoutBase(t *testing.T) {
	s := loadURL(t, "/", `"steps": []`)
	res := s.Run(context.Background(), Options{})
	const want = `s.json: cannot load the page: the URL "/" is relative: give Options.BaseURL, or Options.Handler to serve it in process`
	if le := res.LoadError(); le == nil || le.Error() != want {
		t.Errorf("load error %v, want %s", le, want)
	}
}

// TestServerPageUnitsThatNavigate: a unit that loads another page as it
// starts leads the run there, in the same step; one that does so on every
// page is stopped after a bound, with an error.
func TestServerPageUnitsThatNavigate(t *testing.T) {
	clickNext := func(ctx context.Context, _ any, _ *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
		return nil, ex.Unit.Document().GetElementByID("next").Click()
	}
	t.Run("once", func(t *testing.T) {
		s := loadURL(t, "/", `"units": [{"name": "app", "element": "#app", "settings": {"event": {"events": {"this": {"handlers": {"afterStart": "go"}}}}}},
			{"name": "other", "element": "#other"}],
			"steps": [{"expect": {"url": "/next", "title": "Next"}}]`)
		res := s.Run(context.Background(), Options{Handler: site(), Methods: map[string]unit.Methods{"app": {"go": clickNext}}})
		if !res.OK() {
			t.Fatalf("run failed:\n%s", text(res))
		}
		got := navigations(res)
		if len(got) != 2 || got[1].Step != "units[0]" || got[1].URL != "http://example.com/next" || !cmp.Equal(got[1].Units, []string{"other"}) {
			t.Errorf("navigations: %+v", got)
		}
	})
	t.Run("every page", func(t *testing.T) {
		loop := http.NewServeMux()
		loop.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<main id="app"><a id="next" href="/again">again</a></main>`)
		})
		s := loadURL(t, "/", `"units": [{"name": "app", "element": "#app", "settings": {"event": {"events": {"this": {"handlers": {"afterStart": "go"}}}}}}],
			"steps": []`)
		res := s.Run(context.Background(), Options{Handler: loop, Methods: map[string]unit.Methods{"app": {"go": clickNext}}})
		var errs []string
		for _, st := range res.Steps {
			if st.Err != nil {
				errs = append(errs, st.Path+": "+st.Err.Error())
			}
		}
		want := "the units of every page loaded another one as they started: stopped after 20 pages, at /again"
		if len(errs) == 0 || !strings.Contains(errs[0], want) {
			t.Errorf("errors %q, want one containing %q", errs, want)
		}
	})
}

// TestServerPageUploadsAFile: a file chosen with the upload step reaches
// the server in a multipart submission, and a GET form's entries in the
// query.
func TestServerPageUploadsAFile(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<form id="up" method="post" action="/upload" enctype="multipart/form-data">
			<input id="file" type="file" name="doc"><button id="send">Send</button></form>
			<form id="find" action="/find"><input id="q" name="q"><button id="go">Go</button></form>`)
	})
	mux.HandleFunc("POST /upload", func(w http.ResponseWriter, r *http.Request) {
		f, h, err := r.FormFile("doc")
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		defer f.Close()
		var b strings.Builder
		if _, err := io.Copy(&b, f); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<p id="got">%s %s %s</p>`, h.Filename, h.Header.Get("Content-Type"), b.String())
	})
	mux.HandleFunc("GET /find", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<p id="got">q=%s</p>`, r.URL.Query().Get("q"))
	})
	s := loadURL(t, "/", `"steps": [
		{"upload": {"name": "notes.txt", "type": "text/plain", "content": "hello"}, "target": "#file"},
		{"click": "#send"},
		{"expect": {"url": "/upload", "target": "#got", "text": "notes.txt text/plain hello"}},
		"back",
		{"type": "tea & cake{Enter}", "target": "#q"},
		{"expect": {"url": "/find?q=tea+%26+cake", "target": "#got", "text": "q=tea & cake"}}]`)
	res := s.Run(context.Background(), Options{Handler: mux})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
}

// TestCookiesStayOnTheirHost: Options.Cookies go to the host of the
// scenario's page only, on every path of it, as cookies that host set;
// Options.Header goes everywhere, and a header that could not be sent
// fails the load naming it.
func TestCookiesStayOnTheirHost(t *testing.T) {
	seen := map[string]string{}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen[r.Host+r.URL.Path] = r.Header.Get("Cookie") + " | " + r.Header.Get("X-Tenant")
		switch r.URL.Path {
		case "/deep/page":
			http.Redirect(w, r, "/other", http.StatusSeeOther)
		case "/other":
			http.Redirect(w, r, "http://elsewhere.example/end", http.StatusSeeOther)
		default:
			fmt.Fprint(w, `<!doctype html><title>End</title>`)
		}
	})
	s, err := Parse("test.json", []byte(`{"page": "http://example.com/deep/page", "steps": []}`))
	if err != nil {
		t.Fatal(err)
	}
	res := s.Run(context.Background(), Options{Handler: h, Header: http.Header{"X-Tenant": {"acme"}},
		Cookies: []*http.Cookie{{Name: "session", Value: "abc"}}})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	want := map[string]string{
		"example.com/deep/page": "session=abc | acme",
		"example.com/other":     "session=abc | acme",
		"elsewhere.example/end": " | acme",
	}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("what each request carried (-want +got):\n%s", diff)
	}

	res = s.Run(context.Background(), Options{Handler: h, Header: http.Header{"X-Tenant": {"acme\r\nX-Injected: 1"}}})
	if le := res.LoadError(); le == nil || !errors.Is(le, browse.ErrBadOptions) || !strings.Contains(le.Error(), "Options.Header") {
		t.Errorf("a header with CR LF: load error %v, want one naming Options.Header", le)
	}
}
