package vdomtest_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// ExpectURL checks where a page is, by path, by path and query, or by the
// whole URL: here, where a form's POST redirected.
func ExampleScreen_ExpectURL() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><form method="post" action="/notes"><button>Add</button></form>`)
	})
	mux.HandleFunc("POST /notes", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/notes?added=1", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /notes", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<h1>Notes</h1>`)
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		panic(err)
	}
	if _, err := sess.Open(context.Background(), "/"); err != nil {
		panic(err)
	}
	test(func(t testing.TB) {
		s := vdomtest.Follow(t, sess.Document)
		s.Click(s.GetByRole("button", query.Name("Add")))
		s.ExpectURL("/notes")                           // the path
		s.ExpectURL("/notes?added=1")                   // the path and the query
		s.ExpectURL("http://example.com/notes?added=1") // the whole URL
		s.ExpectURL("/notes?")                          // no query: fails
	})
	// Output:
	// FAIL: vdomtest: ExpectURL("/notes?"): the query is "added=1", want none
}
