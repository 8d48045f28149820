// Package contacts is a small htmx application written as Go web apps
// with htmx usually are (html/template, http.ServeMux patterns, an
// in-memory store behind a mutex, fragments for htmx's requests and whole
// pages for the browser's), together with the tests that use it as a
// person does, through its real handler: package browse loads its pages,
// package htmx runs their hx- attributes as htmx 2 or htmx 4 does, and
// vdomtest's actions click and type.
//
// The five interactions of htmx's own examples:
//
//   - search as you type: the search field asks for the matching rows
//     300 ms after the last keystroke (hx-trigger="input changed
//     delay:300ms"), and the URL follows the search (hx-push-url);
//   - click to load more: the last row is a button that replaces itself
//     with the next page of rows;
//   - inline edit: a row's Edit button swaps in a row of fields, whose
//     Save puts them and swaps the row back, or the fields with the
//     server's error;
//   - delete with a confirmation: Delete asks (hx-confirm), then the row
//     fades for 200 ms (swap:200ms) and goes;
//   - bulk update: checkboxes and Activate and Deactivate buttons put the
//     form and get back a status line and the changed rows, swapped out
//     of band.
//
// The page loads htmx from its script tag (Options.HTMX names the
// version); in a browser that script runs, in the tests package htmx reads
// the version from it and does what it would do. Nothing in the
// application is there for the tests.
//
// Files: contacts.go (App, New, the routes), store.go (the contacts,
// search, pages, validation), pages.go (the templates and how a request
// chooses a page or a fragment). The tests: contacts_test.go (the five
// interactions, in htmx 2 and htmx 4), example_test.go; README.md walks
// through them.
package contacts

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Options configure an App.
type Options struct {
	// HTMX is the htmx version the page's script tag loads: "2.0.11"
	// (the default) or "4.0.1".
	HTMX string
	// Contacts are the contacts the app starts with, in order; their
	// IDs are given by New (1, 2, ...).
	Contacts []Contact
	// PageSize is how many rows a page of the list shows (default 10).
	PageSize int
}

// App is the contacts application: an http.Handler with its own store, so
// that every test starts from a fresh one.
type App struct {
	mux   *http.ServeMux
	store *store
	htmx  string
	size  int
}

// New returns an App with opts' contacts. Its handler is safe for
// concurrent use, as a server needs.
func New(opts Options) *App {
	a := &App{mux: http.NewServeMux(), store: newStore(opts.Contacts), htmx: opts.HTMX, size: opts.PageSize}
	if a.htmx == "" {
		a.htmx = "2.0.11"
	}
	if a.size <= 0 {
		a.size = 10
	}
	a.mux.HandleFunc("GET /{$}", a.list)
	a.mux.HandleFunc("GET /contacts", a.list)
	a.mux.HandleFunc("GET /contacts/{id}", a.row)
	a.mux.HandleFunc("GET /contacts/{id}/edit", a.editRow)
	a.mux.HandleFunc("PUT /contacts/{id}", a.update)
	a.mux.HandleFunc("DELETE /contacts/{id}", a.remove)
	a.mux.HandleFunc("PUT /contacts/activate", a.bulk(true))
	a.mux.HandleFunc("PUT /contacts/deactivate", a.bulk(false))
	return a
}

func (a *App) ServeHTTP(w http.ResponseWriter, r *http.Request) { a.mux.ServeHTTP(w, r) }

// Contacts returns the contacts as they are now, in order.
func (a *App) Contacts() []Contact { return a.store.all() }

// list is the page, or for htmx's requests the rows of a search or of
// the next page.
func (a *App) list(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	page := 1
	if p, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && p > 1 {
		page = p
	}
	found := a.store.search(q)
	if !isHTMX(r) {
		// A whole page: the first pages up to the one asked for, so
		// that a reload or a pushed URL shows what the user saw.
		a.render(w, http.StatusOK, "page", a.listing(found, q, 1, page))
		return
	}
	a.render(w, http.StatusOK, "rows", a.listing(found, q, page, page))
}

// listing is the rows of pages from to to of found, and the next page's
// number when there are more.
func (a *App) listing(found []Contact, q string, from, to int) listView {
	start, end := (from-1)*a.size, to*a.size
	v := listView{HTMX: a.htmx, Query: q}
	if start < len(found) {
		v.Rows = found[start:min(end, len(found))]
	}
	if end < len(found) {
		v.Next = to + 1
	}
	return v
}

// row is one row as it shows (Cancel of an edit asks for it).
func (a *App) row(w http.ResponseWriter, r *http.Request) {
	c, ok := a.contact(w, r)
	if ok {
		a.render(w, http.StatusOK, "row", c)
	}
}

// editRow is a row of fields.
func (a *App) editRow(w http.ResponseWriter, r *http.Request) {
	c, ok := a.contact(w, r)
	if ok {
		a.render(w, http.StatusOK, "edit", editView{Contact: c})
	}
}

// update saves an edited row: the row as it shows now, or the fields
// again with what is wrong (200, so that both htmx versions swap it).
func (a *App) update(w http.ResponseWriter, r *http.Request) {
	c, ok := a.contact(w, r)
	if !ok {
		return
	}
	c.Name, c.Email = strings.TrimSpace(r.FormValue("name")), strings.TrimSpace(r.FormValue("email"))
	if msg := c.problem(); msg != "" {
		a.render(w, http.StatusOK, "edit", editView{Contact: c, Error: msg})
		return
	}
	a.store.put(c)
	a.render(w, http.StatusOK, "row", c)
}

// remove deletes a contact; the empty answer swaps its row away.
func (a *App) remove(w http.ResponseWriter, r *http.Request) {
	c, ok := a.contact(w, r)
	if !ok {
		return
	}
	a.store.remove(c.ID)
	w.WriteHeader(http.StatusOK)
}

// bulk activates or deactivates the checked contacts: a status line,
// and each changed row out of band.
func (a *App) bulk(active bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var ids []int
		for _, s := range r.Form["ids"] {
			if id, err := strconv.Atoi(s); err == nil {
				ids = append(ids, id)
			}
		}
		changed := a.store.setActive(ids, active)
		verb := "Deactivated"
		if active {
			verb = "Activated"
		}
		a.render(w, http.StatusOK, "bulk", bulkView{Status: fmt.Sprintf("%s %s.", verb, count(len(changed), "contact")), Rows: changed})
	}
}

// contact is the contact the path's {id} names, or a 404.
func (a *App) contact(w http.ResponseWriter, r *http.Request) (Contact, bool) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err == nil {
		if c, ok := a.store.get(id); ok {
			return c, true
		}
	}
	http.NotFound(w, r)
	return Contact{}, false
}

// isHTMX reports a request htmx sent (not its history restore, which
// wants the whole page).
func isHTMX(r *http.Request) bool {
	return r.Header.Get("HX-Request") == "true" && r.Header.Get("HX-History-Restore-Request") != "true"
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
