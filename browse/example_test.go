package browse_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// loginApp is the application of the examples: a login form that sets a
// cookie and redirects to the account page.
func loginApp() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /login", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<title>Log in</title>
<form method="post" action="/login"><label>Name <input name="name"></label><button>Log in</button></form>`)
	})
	mux.HandleFunc("POST /login", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "user", Value: r.FormValue("name"), Path: "/"})
		http.Redirect(w, r, "/account", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /account", func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie("user")
		if err != nil {
			http.Redirect(w, r, "/login", http.StatusFound)
			return
		}
		fmt.Fprintf(w, `<title>Account</title><h1>Hello, %s</h1><a href="/report.csv" download>Report</a>`, c.Value)
	})
	mux.HandleFunc("GET /report.csv", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv")
		fmt.Fprint(w, "day,visits\nmon,3\n")
	})
	return mux
}

// A session over an in-process handler: open a page, fill in its form as
// a user does, and the submission's POST, redirect and GET load the next
// page.
func ExampleSession_Open() {
	sess, err := browse.New(browse.Options{Handler: loginApp()})
	if err != nil {
		panic(err)
	}
	page, err := sess.Open(context.Background(), "/login")
	if err != nil {
		panic(err)
	}
	doc := page.Document()
	user := userevent.New(doc)
	input, _ := doc.QuerySelector("input[name=name]")
	button, _ := doc.QuerySelector("button")
	if err := user.Type(input, "Ada"); err != nil {
		panic(err)
	}
	// The click submits the form; the session loads the response before
	// Click returns, and its error would come back from Click.
	if err := user.Click(button); err != nil {
		panic(err)
	}
	h1, _ := sess.Document().QuerySelector("h1")
	fmt.Println(sess.Page().URL(), h1.TextContent())
	for _, r := range sess.Requests() {
		fmt.Println(r.Method, r.URL, r.Status)
	}
	// Output:
	// http://example.com/account Hello, Ada
	// GET http://example.com/login 200
	// POST http://example.com/login 303
	// GET http://example.com/account 200
}

// A session over a real server: BaseURL and the server's Client.
func ExampleNew_server() {
	srv := httptest.NewServer(loginApp())
	defer srv.Close()
	sess, err := browse.New(browse.Options{BaseURL: srv.URL, Client: srv.Client()})
	if err != nil {
		panic(err)
	}
	page, err := sess.Open(context.Background(), "/account")
	if err != nil {
		panic(err)
	}
	// Not logged in: redirected to the login page.
	fmt.Println(page.Document().Title(), page.URL().Path, len(page.Redirects()))
	// Output:
	// Log in /login 1
}

// Options are checked when the session is made; the error names the
// field.
func ExampleNew_badOptions() {
	_, err := browse.New(browse.Options{BaseURL: "example.com"})
	fmt.Println(errors.Is(err, browse.ErrBadOptions))
	fmt.Println(err)
	// Output:
	// true
	// browse: new session: bad options: Options.BaseURL: "example.com" is not an absolute http or https URL
}

// Navigate sends a request made by hand as the page's own navigations
// are sent.
func ExampleSession_Navigate() {
	sess, err := browse.New(browse.Options{Handler: loginApp()})
	if err != nil {
		panic(err)
	}
	u, _ := url.Parse("http://example.com/login")
	req := vdom.NavigationRequest{Method: "POST", URL: u, Header: vdom.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, Body: []byte("name=Grace")}
	page, err := sess.Navigate(context.Background(), req)
	if err != nil {
		panic(err)
	}
	fmt.Println(page.Method(), page.URL(), page.Document().Title())
	cookies, _ := sess.Cookies("/")
	fmt.Println(cookies[0].Name, cookies[0].Value)
	// Output:
	// GET http://example.com/account Account
	// user Grace
}

// Back, Forward and Reload send the entry's request again.
func ExampleSession_Back() {
	sess, err := browse.New(browse.Options{Handler: loginApp()})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	for _, path := range []string{"/login", "/report.csv"} {
		sess.Open(ctx, path) // the second is not HTML: an error, and a page
	}
	if _, err := sess.Back(ctx); err != nil {
		panic(err)
	}
	fmt.Println(sess.HistoryIndex(), sess.History())
	_, err = sess.Back(ctx)
	fmt.Println(errors.Is(err, browse.ErrNoHistory))
	// Output:
	// 0 [{GET http://example.com/login} {GET http://example.com/report.csv}]
	// true
}

// An error status, a response that is not HTML and a handler's panic
// give the page and an error: the page is current, for the test to read.
func ExamplePage_Err() {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no such page", http.StatusNotFound)
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		panic(err)
	}
	page, err := sess.Open(context.Background(), "/missing")
	fmt.Println(errors.Is(err, browse.ErrStatus), errors.Is(err, browse.ErrNotHTML), page.Err() == err)
	var serr *browse.StatusError
	if errors.As(err, &serr) {
		fmt.Println(serr.Status)
	}
	pre, _ := page.Document().QuerySelector("pre")
	fmt.Printf("%q\n", pre.TextContent())
	// Output:
	// true true true
	// 404
	// "no such page\n"
}

// Links with a download attribute are fetched into Downloads, without
// navigating.
func ExampleSession_Downloads() {
	sess, err := browse.New(browse.Options{Handler: loginApp()})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	sess.Navigate(ctx, vdom.NavigationRequest{Method: "POST", URL: &url.URL{Scheme: "http", Host: "example.com", Path: "/login"},
		Header: vdom.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, Body: []byte("name=Ada")})
	link, _ := sess.Document().QuerySelector("a[download]")
	if err := link.Click(); err != nil {
		panic(err)
	}
	d := sess.Downloads()[0]
	fmt.Printf("%s %d %q\n", d.URL, d.Status, d.Body)
	fmt.Println(sess.Page().URL())
	// Output:
	// http://example.com/report.csv 200 "day,visits\nmon,3\n"
	// http://example.com/account
}

// Units of every page: the session attaches the definitions after
// parsing each page.
func ExampleOptions_definitions() {
	defs, err := unit.NewDefinitions(unit.Definition{Tag: "x-clock", New: func(u *unit.Unit) (any, error) {
		u.Root().SetTextContent("12:00")
		return nil, nil
	}})
	if err != nil {
		panic(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<p>It is <x-clock></x-clock>.</p>`)
	})
	sess, err := browse.New(browse.Options{Handler: mux, Definitions: defs})
	if err != nil {
		panic(err)
	}
	page, err := sess.Open(context.Background(), "/")
	if err != nil {
		panic(err)
	}
	p, _ := page.Document().QuerySelector("p")
	fmt.Println(p.TextContent(), len(unit.Units(page.Document())))
	// Output:
	// It is 12:00. 1
}
