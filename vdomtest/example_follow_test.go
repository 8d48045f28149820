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

// A Screen that follows a browse.Session searches the page the last click
// loaded.
func ExampleFollow() {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<h1>Shop</h1><a href="/cart">Cart</a>`)
	})
	mux.HandleFunc("/cart", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<h1>Your cart</h1><p>2 items</p>`)
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
		s.Click(s.GetByRole("link", query.Name("Cart")))
		s.ExpectText(s.GetByRole("heading"), "Your cart")
		fmt.Println(sess.Page().URL(), "shows", s.GetByText("2 items").TextContent())
	})
	// Output:
	// http://example.com/cart shows 2 items
}
