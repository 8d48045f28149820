// Package shoppinglist is the page of docs/testing.md: a server-rendered
// shopping list (html/template) with a form to add an item and a unit that
// adds and removes items in the page, tested end to end in
// shoppinglist_test.go with package vdomtest.
package shoppinglist

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"time"

	_ "github.com/eventperk/eventperk-go/perk" // EventPerk: the "event" settings need it
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

var page = template.Must(template.New("list").Parse(`<!DOCTYPE html>
<html lang="en">
<head><title>{{.Title}}</title></head>
<body>
<main id="app">
  <h1>{{.Title}}</h1>
  <form id="add" action="/items" method="post">
    <label for="item">New item</label>
    <input id="item" name="item" required>
    <label><input type="checkbox" name="urgent" value="yes"> Urgent</label>
    <button>Add</button>
  </form>
  <ul id="items" aria-label="Items">
    {{- range .Items}}
    <li><span class="name">{{.}}</span> <button type="button" class="remove" aria-label="Remove {{.}}">×</button></li>
    {{- end}}
  </ul>
  <p id="status" role="status">Items: {{len .Items}}</p>
</main>
</body>
</html>`))

// Render writes the page with the items, as the server sends it.
func Render(w io.Writer, title string, items []string) error {
	return page.Execute(w, struct {
		Title string
		Items []string
	}{title, items})
}

// settings wire the unit: submitting the form adds an item, a click in the
// list (on a remove button) removes one.
var settings = json.RawMessage(`{"events": {
	"add":   {"handlers": {"submit": "onAdd"}},
	"items": {"handlers": {"click": "onRemove"}}
}}`)

// Start starts the list's unit on the page: what the page's script does in
// a browser.
func Start(ctx context.Context, doc *vdom.Document) (*unit.Unit, error) {
	app := doc.GetElementByID("app")
	if app == nil {
		return nil, fmt.Errorf("shoppinglist: the page has no #app")
	}
	form, input, list, status := doc.GetElementByID("add"), doc.GetElementByID("item"),
		doc.GetElementByID("items"), doc.GetElementByID("status")
	count := func() {
		status.SetTextContent(fmt.Sprintf("Items: %d", len(list.Children())))
	}
	u, err := unit.New(doc, app, unit.Options{
		Settings: unit.Settings{"event": settings},
		Methods: unit.Methods{
			"onAdd": unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error {
				e.PreventDefault() // added in the page; no request
				fd, err := vdom.NewFormData(form, nil)
				if err != nil {
					return err
				}
				name, _ := fd.Get("item")
				li, err := doc.CreateElement("li")
				if err != nil {
					return err
				}
				if err := li.SetInnerHTML(`<span class="name"></span> <button type="button" class="remove">×</button>`); err != nil {
					return err
				}
				li.FirstElementChild().SetTextContent(name.Value)
				if err := li.LastElementChild().SetAttribute("aria-label", "Remove "+name.Value); err != nil {
					return err
				}
				if fd.Has("urgent") {
					if err := li.SetClassName("urgent"); err != nil {
						return err
					}
				}
				if _, err := list.AppendChild(li); err != nil {
					return err
				}
				if err := form.Reset(); err != nil {
					return err
				}
				// The status says what was added, then the count again.
				status.SetTextContent("Added " + name.Value)
				doc.SetTimeout(3*time.Second, count)
				return input.Focus()
			}),
			"onRemove": unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error {
				btn, ok := e.Target().(*vdom.Node)
				if !ok || !btn.ClassList().Contains("remove") {
					return nil
				}
				btn.ParentElement().Remove()
				count()
				return nil
			}),
		},
	})
	if err != nil {
		return nil, err
	}
	return u, u.Start(ctx)
}
