// Command quickstart loads the bundled todo page, listens for clicks at every
// level of the DOM, clicks a button deep inside the list, and prints which
// listeners ran, in which phase, on which object.
//
//	go run ./examples/quickstart
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/eventperk/eventperk-go/fixtures"
	"github.com/eventperk/eventperk-go/vdom"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	page, err := fixtures.Page("todo.html")
	if err != nil {
		return err
	}
	doc := vdom.ParseString(page)

	items := doc.GetElementByID("items")
	remove, err := items.QuerySelector(`li[data-id="2"] button.remove`)
	if err != nil {
		return err
	}
	if remove == nil {
		return fmt.Errorf("the page has no remove button for item 2")
	}

	trace := func(label string) vdom.Listener {
		return vdom.NewListener(func(e *vdom.Event) {
			fmt.Fprintf(w, "%-22s %-16s current=%-12v target=%v\n",
				label, e.EventPhase(), e.CurrentTarget(), e.Target())
		})
	}
	doc.Window().AddEventListenerWith("click", trace("window capture"), vdom.ListenerOptions{Capture: true})
	doc.AddEventListener("click", trace("document bubble"))
	items.AddEventListenerWith("click", trace("list capture"), vdom.ListenerOptions{Capture: true})
	// Event delegation, the common pattern: one listener on the list handles
	// every remove button and removes the item it belongs to.
	items.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
		btn, ok := e.Target().(*vdom.Node)
		if !ok {
			return
		}
		// Matches and Closest fail only for an invalid selector; these
		// are literals.
		if is, err := btn.Matches("button.remove"); err != nil || !is {
			return
		}
		li, err := btn.Closest("li")
		if err != nil || li == nil {
			return
		}
		fmt.Fprintf(w, "%-22s removing item %s\n", "list delegate", attr(li, "data-id"))
		li.Remove()
	}))
	remove.AddEventListener("click", trace("button"))

	notCancelled, err := remove.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true, Cancelable: true}))
	if err != nil {
		return err
	}
	left, err := items.QuerySelectorAll("li")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\ndispatch returned %v; %d items left\n%s\n", notCancelled, len(left), items.OuterHTML())
	return nil
}

func attr(n *vdom.Node, name string) string {
	v, _ := n.GetAttribute(name)
	return v
}
