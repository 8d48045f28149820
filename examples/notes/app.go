// Package notes is a small server-rendered app, written as a Go web app
// usually is (html/template, http.ServeMux patterns, an in-memory store
// behind a mutex, a session cookie), together with the tests that drive it
// through its real handler as a user would, with package browse: sign in,
// add, edit and remove notes with forms, follow links, go back, and check
// what the server saw.
//
// The pages use two custom elements that a browser would run as script:
// <char-count>, which shows how many characters a field has left, and
// <confirm-submit>, which holds a form's submission until a second click.
// Here they are units (package unit), defined once in Definitions: a test
// session given those definitions hydrates them on every page it loads and
// in everything inserted into a page later, as a browser upgrades custom
// elements.
//
// Files: app.go (App, New, the routes, the cross-origin check), store.go
// (the notes and their validation), session.go (sign-in, the session and
// flash cookies), notes.go (the list, its search, forms and export),
// pages.go (the templates), trace.go (the call trace), units.go (the
// units of the pages). The tests: quick_test.go (the shortest useful one), e2e_test.go
// (the app as a user, in process and over a server), units_test.go (the
// units alone), handler_test.go (one request at a time with httptest),
// example_test.go; README.md walks through them.
package notes

import (
	"net/http"
	"sync"
)

// Options configure an App.
type Options struct {
	// Users are the accounts that may sign in, name to password. The
	// passwords are compared as given: this is an example's account list,
	// not a password store.
	Users map[string]string
	// Notes are the notes the list starts with, in order.
	Notes []string
}

// App is the notes app: an http.Handler with its own store, sessions and
// call trace, so that every test can start from a fresh one.
type App struct {
	mux     *http.ServeMux
	handler http.Handler // mux behind the cross-origin check and the trace
	store   *store
	users   map[string]string

	mu       sync.Mutex
	sessions map[string]string // session token → user name
	trace    []string
}

// New returns an App with the given accounts and notes. Its handler is
// safe for concurrent use, as a server needs.
func New(opts Options) *App {
	a := &App{
		mux:      http.NewServeMux(),
		store:    newStore(opts.Notes),
		users:    make(map[string]string, len(opts.Users)),
		sessions: make(map[string]string),
	}
	for name, pw := range opts.Users {
		a.users[name] = pw
	}
	a.routes()
	a.handler = a.traced(crossOrigin.Handler(a.mux))
	return a
}

func (a *App) routes() {
	a.mux.HandleFunc("GET /login", a.loginForm)
	a.mux.HandleFunc("POST /login", a.login)
	a.mux.HandleFunc("POST /logout", a.logout)
	a.mux.HandleFunc("GET /{$}", a.signedIn(a.list))
	a.mux.HandleFunc("POST /items", a.signedIn(a.add))
	a.mux.HandleFunc("GET /items/{id}/edit", a.signedIn(a.editForm))
	a.mux.HandleFunc("POST /items/{id}", a.signedIn(a.update))
	a.mux.HandleFunc("POST /items/{id}/delete", a.signedIn(a.remove))
	a.mux.HandleFunc("GET /notes.txt", a.signedIn(a.export))
	a.mux.HandleFunc("/", a.notFound)
}

// crossOrigin refuses state-changing requests that a browser marks as
// coming from another site (Sec-Fetch-Site, or an Origin whose host is not
// the request's), the protection a form-based app needs against
// cross-site request forgery.
var crossOrigin = http.NewCrossOriginProtection()

// ServeHTTP serves the app's pages and records each call in the trace.
func (a *App) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.handler.ServeHTTP(w, r)
}
