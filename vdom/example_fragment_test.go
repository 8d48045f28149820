package vdom_test

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// A link to a fragment of the page moves within it: the URL takes the
// fragment, the target matches :target and, when focusable, gets the
// focus; hashchange follows from the task queue.
func ExampleWindow_LocationHash() {
	doc, err := vdom.Parse(strings.NewReader(`<a id="toc" href="#q">Question</a> <input id="q">`),
		vdom.WithURL("http://example.com/faq"))
	if err != nil {
		fmt.Println(err)
		return
	}
	win := doc.Window()
	win.AddEventListener("hashchange", vdom.NewListener(func(e *vdom.Event) {
		hc, _ := e.AsHashChange()
		fmt.Println("hashchange to", hc.NewURL)
	}))
	if err := doc.GetElementByID("toc").Click(); err != nil {
		fmt.Println(err)
	}
	target, _ := doc.QuerySelector(":target")
	fmt.Println(doc.URL(), win.LocationHash(), target, doc.ActiveElement(), win.HistoryLength())
	if _, err := doc.RunTasks(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// http://example.com/faq#q #q input#q input#q 2
	// hashchange to http://example.com/faq#q
}
