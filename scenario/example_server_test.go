package scenario_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/scenario"
)

// signupApp is the server of the examples: a sign-up form, answered with a
// cookie and a 303 to a welcome page.
func signupApp() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<title>Sign up</title><form id="signup" method="post" action="/users">
			<label>Name <input name="name"></label><button>Sign up</button></form>`)
	})
	mux.HandleFunc("POST /users", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "user", Value: r.PostFormValue("name"), Path: "/"})
		http.Redirect(w, r, "/welcome", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /welcome", func(w http.ResponseWriter, r *http.Request) {
		c, _ := r.Cookie("user")
		fmt.Fprintf(w, `<title>Welcome %s</title><h1>Welcome</h1>`, c.Value)
	})
	return mux
}

// A scenario file without a page, run on the pages of a Go handler, in
// process: the form's submission is followed through its redirect, and the
// last step checks the page it led to.
func ExampleLoadPage_url() {
	s, err := scenario.LoadPage("testdata/signup.json", scenario.Page{URL: "/"})
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Run(context.Background(), scenario.Options{Handler: signupApp()})
	res.WriteText(os.Stdout, scenario.Format{})
	// Output:
	// == Sign up
	//    testdata/signup.json
	//    page /; units: form on #signup
	//
	// page  load /
	//   navigate GET /: 200 OK · units form
	//
	// units[0]  start form
	//
	// steps[0]  type "ada" into label text "Name"
	//   → value "ada"
	//
	// steps[1]  click role "button" with name "Sign up"
	//   submit #signup onSubmit  order 0 · target · dispatch · unit form  ok
	//   navigate POST /users (#signup): 303 See Other → GET /welcome: 200 OK
	//
	// steps[2]  expect
	//   ✓ the page's URL is "/welcome"
	//   ✓ the page's status is 200
	//   ✓ the page's title is "Welcome ada"
	//   ✓ cookie user is "ada"
	//
	// PASS testdata/signup.json (3 steps, 1 call, 4 checks)
}

// A page that cannot be loaded is bad input: the error names the file,
// the position of "page", the URL and the reason, and errors.Is finds the
// browse error behind it.
func ExampleResult_LoadError() {
	s, err := scenario.Parse("gone.json", []byte(`{"page": "http://example.com/gone", "steps": []}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Run(context.Background(), scenario.Options{Handler: signupApp()})
	err = res.LoadError()
	fmt.Println(err)
	fmt.Println(errors.Is(err, scenario.ErrBadInput), errors.Is(err, browse.ErrStatus), res.ExitCode())
	// Output:
	// gone.json:1:10: page: cannot load the page: GET http://example.com/gone: status 404 Not Found; GET http://example.com/gone: response is "text/plain; charset=utf-8", not HTML
	// true true 2
}

// The loads of a run are in its steps' items: every request sent, each
// redirect its own, with its status, and the units made on the new page.
func ExampleNavigation() {
	s, err := scenario.LoadPage("testdata/signup.json", scenario.Page{URL: "http://example.com/"})
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Run(context.Background(), scenario.Options{Handler: signupApp()})
	for _, st := range res.Steps {
		for _, it := range st.Items {
			if it.Kind != scenario.ItemNavigation {
				continue
			}
			n := it.Navigation
			fmt.Printf("%s: %s %s %s units=%v\n", st.Path, n.Cause, n.Method, n.URL, n.Units)
			for _, rq := range n.Requests {
				fmt.Printf("  %s %s %d\n", rq.Method, rq.URL, rq.Status)
			}
		}
	}
	// Output:
	// page: load GET http://example.com/ units=[form]
	//   GET http://example.com/ 200
	// steps[1]: form POST http://example.com/users units=[]
	//   POST http://example.com/users 303
	//   GET http://example.com/welcome 200
}

// A page behind a sign-in: Options.Cookies puts the session cookie in the
// jar for the page's host, and Options.Header goes with every request, so
// the page loads as signed in instead of redirecting to the sign-in page.
func ExampleOptions_cookies() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /account", func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie("session"); err != nil || c.Value != "abc123" || r.Header.Get("X-Tenant") != "acme" {
			http.Redirect(w, r, "/signin", http.StatusSeeOther)
			return
		}
		fmt.Fprint(w, `<title>Account</title><h1>Your account</h1>`)
	})
	mux.HandleFunc("GET /signin", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<title>Sign in</title><form method="post"><button>Sign in</button></form>`)
	})
	s, err := scenario.Parse("account.json", []byte(`{"page": "http://example.com/account", "steps": [{"expect": {"url": "/account", "title": "Account"}}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, opts := range []scenario.Options{
		{Handler: mux},
		{Handler: mux, Cookies: []*http.Cookie{{Name: "session", Value: "abc123"}}, Header: http.Header{"X-Tenant": {"acme"}}},
	} {
		res := s.Run(context.Background(), opts)
		fmt.Println(res.OK(), res.Steps[0].Items[0].Navigation.Requests)
	}
	// Output:
	// false [{GET http://example.com/account 303} {GET http://example.com/signin 200}]
	// true [{GET http://example.com/account 200}]
}
