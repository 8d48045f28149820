package main

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// shop is the small web application the scenarios of testdata/web run
// against: a list of items with a form that adds one (POST, then a 303 to
// the new item's page), a search form (GET), links, a cookie set on login,
// a page behind that cookie (/account, which redirects to a sign-in
// page without it), a page behind a header (/admin), and the pages that
// go wrong: a 404, a 500, JSON, a page too large, a
// redirect loop, a redirect to the same server under another host name
// and a page that never answers.
type shop struct {
	mu    sync.Mutex
	items []string
}

// page writes an HTML page with a title and a body.
func page(w http.ResponseWriter, status int, title, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<!doctype html><html><head><title>%s</title></head><body>%s</body></html>", html.EscapeString(title), body)
}

func (s *shop) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch p := r.URL.Path; {
	case p == "/" && r.Method == http.MethodGet:
		var li strings.Builder
		for i, it := range s.items {
			fmt.Fprintf(&li, `<li><a href="/items/%d">%s</a></li>`, i+1, html.EscapeString(it))
		}
		page(w, 200, "Items", `<main id="app">
<h1>Items</h1>
<ul id="items">`+li.String()+`</ul>
<form id="add" method="post" action="/items">
  <label>Name <input id="name" name="name"></label>
  <button id="add-btn">Add</button>
</form>
<form id="search" action="/search"><input id="q" name="q" aria-label="Search"><button id="go">Search</button></form>
<a id="login" href="/login">Log in</a> <a id="report" href="/report.csv" download>Report</a>
</main>`)
	case p == "/items" && r.Method == http.MethodPost:
		name := strings.TrimSpace(r.PostFormValue("name"))
		if name == "" {
			page(w, http.StatusUnprocessableEntity, "Invalid", `<p id="error">A name is required</p><a id="home" href="/">Back</a>`)
			return
		}
		s.items = append(s.items, name)
		http.SetCookie(w, &http.Cookie{Name: "flash", Value: "added", Path: "/"})
		http.Redirect(w, r, "/items/"+strconv.Itoa(len(s.items)), http.StatusSeeOther)
	case strings.HasPrefix(p, "/items/"):
		n, err := strconv.Atoi(strings.TrimPrefix(p, "/items/"))
		if err != nil || n < 1 || n > len(s.items) {
			http.NotFound(w, r)
			return
		}
		name := html.EscapeString(s.items[n-1])
		page(w, 200, "Item "+s.items[n-1], `<article id="item"><h1>`+name+`</h1><button id="like">Like</button></article><a id="home" href="/">All items</a>`)
	case p == "/search":
		q := r.URL.Query().Get("q")
		var li strings.Builder
		for _, it := range s.items {
			if strings.Contains(strings.ToLower(it), strings.ToLower(q)) {
				fmt.Fprintf(&li, "<li>%s</li>", html.EscapeString(it))
			}
		}
		page(w, 200, "Search: "+q, `<ul id="results">`+li.String()+`</ul><a id="home" href="/">All items</a>`)
	case p == "/login":
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "abc123", Path: "/"})
		http.Redirect(w, r, "/", http.StatusFound)
	case p == "/report.csv":
		w.Header().Set("Content-Type", "text/csv")
		fmt.Fprintln(w, "name")
		for _, it := range s.items {
			fmt.Fprintln(w, it)
		}
	case p == "/account":
		// Behind a sign-in: the session cookie /login sets, or a
		// redirect to the sign-in page.
		if c, err := r.Cookie("session"); err != nil || c.Value != "abc123" {
			http.Redirect(w, r, "/signin?next=%2Faccount", http.StatusSeeOther)
			return
		}
		page(w, 200, "Account", `<main id="account"><h1>Your account</h1><button id="pay">Pay</button></main>`)
	case p == "/signin":
		page(w, 200, "Sign in", `<form id="signin" method="post" action="/login"><label>Name <input id="user" name="user"></label><button id="go-in">Sign in</button></form>`)
	case p == "/admin":
		// Behind a header: a token an API gateway would check.
		if r.Header.Get("X-Role") != "admin" {
			page(w, http.StatusForbidden, "Forbidden", `<p id="denied">Admins only</p>`)
			return
		}
		page(w, 200, "Admin", `<main id="admin"><button id="purge">Purge</button></main>`)
	case p == "/boom":
		page(w, http.StatusInternalServerError, "Error", "<p>Something broke</p>")
	case p == "/data.json":
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"items": []}`)
	case p == "/big":
		page(w, 200, "Big", strings.Repeat("<p>filler text</p>", 200))
	case p == "/elsewhere":
		// The same server under another name: another host.
		_, port, _ := strings.Cut(r.Host, ":")
		http.Redirect(w, r, "http://localhost:"+port+"/", http.StatusFound)
	case p == "/loop":
		http.Redirect(w, r, "/loop-again", http.StatusFound)
	case p == "/loop-again":
		http.Redirect(w, r, "/loop", http.StatusFound)
	case p == "/styled":
		page(w, 200, "Styled", `<link rel="stylesheet" href="/css/site.css"><link rel="stylesheet" href="/css/missing.css">
<link rel="stylesheet" href="/css/plain.css">
<main id="app"><button id="open">Open the menu</button><nav id="menu" class="menu"><a id="docs" href="/">Items</a></nav></main>`)
	case p == "/css/site.css":
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprint(w, `@import "theme.css"; .menu { display: none } .menu.open { display: block }`)
	case p == "/css/theme.css":
		http.Error(w, "theme.css failed", http.StatusInternalServerError)
	case p == "/css/plain.css":
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, `main { display: none }`)
	case p == "/slow":
		s.mu.Unlock()
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
		s.mu.Lock()
		page(w, 200, "Slow", "<p>at last</p>")
	default:
		http.NotFound(w, r)
	}
}

// startShop serves a new shop for the test and returns its URL. The
// server, and the connections the command's client kept open to it, close
// when the test ends.
func startShop(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(&shop{})
	t.Cleanup(func() {
		srv.Close()
		http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	})
	return srv.URL
}
