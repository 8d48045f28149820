package vdom_test

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// pageHistory is a session history of one document: the URLs of its entries
// and the current one, which is what package browse keeps for a page.
type pageHistory struct {
	urls    []string
	current int
}

func (h *pageHistory) AddEntry(url string, replace bool) error {
	if replace {
		h.urls[h.current] = url
		return nil
	}
	h.urls = append(h.urls[:h.current+1], url)
	h.current++
	return nil
}

func (h *pageHistory) Length() int { return len(h.urls) }

// Two links within the page make two entries; going back to the first
// moves the document to its URL without loading anything: :target
// follows, popstate fires at once and hashchange from the task queue.
func ExampleWindow_Traverse() {
	doc, err := vdom.Parse(strings.NewReader(`<a id="l1" href="#intro">Intro</a> <a id="l2" href="#faq">FAQ</a>
		<h2 id="intro">Intro</h2> <h2 id="faq">FAQ</h2>`), vdom.WithURL("http://example.com/guide"))
	if err != nil {
		fmt.Println(err)
		return
	}
	win := doc.Window()
	h := &pageHistory{urls: []string{doc.URL()}}
	win.SetSessionHistory(h)
	for _, typ := range []string{"popstate", "hashchange"} {
		win.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			if hc, ok := e.AsHashChange(); ok {
				fmt.Println(e.Type(), hc.OldURL, "->", hc.NewURL)
				return
			}
			fmt.Println(e.Type(), doc.URL())
		}))
	}
	for _, id := range []string{"l1", "l2"} {
		if err := doc.GetElementByID(id).Click(); err != nil {
			fmt.Println(err)
		}
	}
	if _, err := doc.RunTasks(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("entries:", win.HistoryLength())

	// Back.
	h.current--
	if err := win.Traverse(vdom.Traversal{URL: h.urls[h.current]}); err != nil {
		fmt.Println(err)
	}
	if _, err := doc.RunTasks(); err != nil {
		fmt.Println(err)
	}
	target, _ := doc.QuerySelector(":target")
	fmt.Println(win.LocationHash(), target.TextContent())
	// Output:
	// popstate http://example.com/guide#intro
	// popstate http://example.com/guide#faq
	// hashchange http://example.com/guide -> http://example.com/guide#intro
	// hashchange http://example.com/guide#intro -> http://example.com/guide#faq
	// entries: 3
	// popstate http://example.com/guide#intro
	// hashchange http://example.com/guide#faq -> http://example.com/guide#intro
	// #intro Intro
}
