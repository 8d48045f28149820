package perk_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// exampleUnit starts a unit on #app of page and returns it with its
// EventPerk.
func exampleUnit(page string, opts unit.Options) (*vdom.Document, *unit.Unit, *perk.EventPerk) {
	doc := vdom.ParseString(page)
	u, err := unit.New(doc, doc.GetElementByID("app"), opts)
	if err != nil {
		panic(err)
	}
	if err := u.Start(context.Background()); err != nil {
		panic(err)
	}
	p, err := perk.Events(u)
	if err != nil {
		panic(err)
	}
	return doc, u, p
}

// say is a handler that prints what it is called with.
func say(label string) unit.Method {
	return unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error {
		fmt.Printf("%s: %s on %v, options %v\n", label, e.Type(), sender, ex.Options)
		return nil
	})
}

func ExampleEventPerk_Add() {
	doc, _, p := exampleUnit(`<main id="app"><button id="save">Save</button></main>`, unit.Options{
		Methods: unit.Methods{"onSave": say("onSave")},
	})
	save := doc.GetElementByID("save")
	audit := perk.NewFunc("audit", say("audit"))
	// A method by name, and a func with options that runs first.
	err := p.Add("click", []perk.HandlerInfo{
		{Handler: perk.MethodName("onSave")},
		{Handler: audit, Order: 10, Options: map[string]any{"level": "info"}},
	}, save, nil)
	if err != nil {
		panic(err)
	}
	if _, err := save.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		panic(err)
	}
	if err := p.Settle(context.Background()); err != nil {
		panic(err)
	}
	// Output:
	// audit: click on button#save, options map[level:info]
	// onSave: click on button#save, options map[]
}

func ExampleEventPerk_Init() {
	doc, u, p := exampleUnit(`<main id="app"><ul id="list"></ul></main>`, unit.Options{
		Settings: unit.Settings{"event": `{"events": {"items": {"rootNode": "li", "handlers": {"select": "onSelect"}}}}`},
		Methods:  unit.Methods{"onSelect": say("onSelect")},
	})
	// The items come later; init installs the entry on them.
	if err := doc.GetElementByID("list").SetInnerHTML(`<li id="a">a</li><li id="b">b</li>`); err != nil {
		panic(err)
	}
	if err := p.Init("items", nil, nil); err != nil {
		panic(err)
	}
	for _, id := range []string{"a", "b"} {
		if err := u.Cast(context.Background(), "event.trigger", "select", nil, doc.GetElementByID(id)); err != nil {
			panic(err)
		}
	}
	// Output:
	// onSelect: select on li#a, options map[]
	// onSelect: select on li#b, options map[]
}

func ExampleEventPerk_Remove() {
	_, _, p := exampleUnit(`<main id="app"></main>`, unit.Options{
		Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"refresh": ["load", "draw"]}}}}`},
		Methods:  unit.Methods{"load": say("load"), "draw": say("draw")},
	})
	ctx := context.Background()
	if err := p.Trigger(ctx, "refresh", nil, nil); err != nil {
		panic(err)
	}
	if err := p.Remove("refresh", []perk.HandlerInfo{{Handler: perk.MethodName("load")}}, nil); err != nil {
		panic(err)
	}
	fmt.Println("-- load removed")
	if err := p.Trigger(ctx, "refresh", nil, nil); err != nil {
		panic(err)
	}
	// Output:
	// load: refresh on main#app, options map[]
	// draw: refresh on main#app, options map[]
	// -- load removed
	// draw: refresh on main#app, options map[]
}

func ExampleEventPerk_Reset() {
	doc, _, p := exampleUnit(`<main id="app"><button id="save">Save</button></main>`, unit.Options{
		Settings: unit.Settings{"event": `{"events": {"save": {"handlers": {"click": "onSave", "focus": "onFocus"}}}}`},
		Methods:  unit.Methods{"onSave": say("onSave"), "onFocus": say("onFocus")},
	})
	ctx := context.Background()
	save := doc.GetElementByID("save")
	fire := func() {
		for _, ev := range []string{"click", "focus"} {
			if err := p.Trigger(ctx, ev, nil, save); err != nil {
				panic(err)
			}
		}
	}
	fire()
	if err := p.Reset("save", nil, nil); err != nil {
		panic(err)
	}
	fmt.Println("-- reset")
	fire()
	// Output:
	// onSave: click on button#save, options map[]
	// onFocus: focus on button#save, options map[]
	// -- reset
}

func ExampleEventPerk_Trigger() {
	var doc *vdom.Document
	// load finishes later on another goroutine and hands its result back
	// to the document with Post; show runs only after that.
	load := func(_ context.Context, _ any, e *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
		id := e.Detail().(map[string]any)["id"]
		done := vdom.NewPromise()
		go func() {
			time.Sleep(10 * time.Millisecond) // a slow fetch
			doc.Post(func() {
				ex.Element.SetTextContent(fmt.Sprintf("item %v loaded", id))
				done.Resolve()
			})
		}()
		return done, nil
	}
	show := unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		fmt.Println("show:", ex.Element.TextContent())
		return nil
	})
	doc, _, p := exampleUnit(`<main id="app">empty</main>`, unit.Options{
		Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"refresh": ["load", "show"]}}}}`},
		Methods:  unit.Methods{"load": load, "show": show},
	})
	if err := p.Trigger(context.Background(), "refresh", map[string]any{"id": 7}, nil); err != nil {
		panic(err)
	}
	fmt.Println("trigger returned:", doc.GetElementByID("app").TextContent())
	// Output:
	// show: item 7 loaded
	// trigger returned: item 7 loaded
}

func ExampleEventPerk_TriggerSync() {
	release := make(chan struct{})
	slow := func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
		fmt.Println("slow: started")
		return vdom.Go(func() error {
			<-release
			return errors.New("slow failed")
		}), nil
	}
	_, _, p := exampleUnit(`<main id="app"></main>`, unit.Options{
		Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"refresh": ["slow", "next"]}}}}`},
		Methods:  unit.Methods{"slow": slow, "next": say("next")},
	})
	ctx := context.Background()
	// next does not wait for slow's work.
	if err := p.TriggerSync(ctx, "refresh", nil, nil); err != nil {
		panic(err)
	}
	fmt.Println("triggerSync returned")
	close(release)
	// Settle waits for the work and reports how it ended.
	err := p.Settle(ctx)
	var he *perk.HandlerError
	if errors.As(err, &he) {
		fmt.Printf("settled: handler %s: %v\n", he.Handler, he.Err)
	}
	// Output:
	// slow: started
	// next: refresh on main#app, options map[]
	// triggerSync returned
	// settled: handler slow: slow failed
}

// The skills and the spell are called by name on the unit, with the
// arguments of the specification.
func Example_skillsByName() {
	doc, u, _ := exampleUnit(`<main id="app"><button id="save">Save</button></main>`, unit.Options{
		Settings: unit.Settings{"event": `{"events": {"save": {"handlers": {"click": "onSave"}}}}`},
		Methods:  unit.Methods{"onSave": say("onSave"), "onPing": say("onPing")},
	})
	ctx := context.Background()
	save := doc.GetElementByID("save")
	check := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	fmt.Println("skills:", strings.Join(u.Skills(), " "), "spells:", strings.Join(u.Spells(), " "))
	// event.add(eventName, handlerInfo, element?, bindTo?)
	check(u.Use(ctx, "event.add", "ping", "onPing"))
	// event.trigger(eventName, options?, element?)
	check(u.Cast(ctx, "event.trigger", "ping", map[string]any{"sender": "me"}))
	// event.triggerSync(eventName, options?, element?)
	check(u.Use(ctx, "event.triggerSync", "click", nil, save))
	// event.remove(eventName, handlerInfo, element?)
	check(u.Use(ctx, "event.remove", "ping", "onPing"))
	check(u.Cast(ctx, "event.trigger", "ping"))
	// event.reset(elementName, eventInfo?, rootNode?) and event.init
	check(u.Use(ctx, "event.reset", "save"))
	check(u.Cast(ctx, "event.trigger", "click", nil, save))
	check(u.Use(ctx, "event.init", "save"))
	check(u.Cast(ctx, "event.trigger", "click", nil, save))
	// Mistakes.
	fmt.Println(errors.Is(u.Use(ctx, "event.fire", "click"), unit.ErrUnknownSkill))
	fmt.Println(u.Use(ctx, "event.add", "click", 42))
	// Output:
	// skills: event.add event.init event.remove event.reset event.triggerSync spells: event.trigger
	// onPing: ping on me, options map[]
	// onSave: click on button#save, options map[]
	// onSave: click on button#save, options map[]
	// true
	// event.add: argument 1 (handlerInfo): want a method name, a perk.Handler, a perk.HandlerInfo or a slice of them (wrap funcs with perk.NewFunc), got int
}

// A page rendered on the server with html/template, parsed, and brought
// to life by a unit whose settings are JSON: a click on a toggle button
// marks the item done and updates the count.
func Example_htmlTemplate() {
	type item struct {
		ID    int
		Label string
		Done  bool
	}
	tmpl := template.Must(template.New("todo").Parse(`<!DOCTYPE html>
<html><body>
<main id="todo">
  <h1>{{.Title}}</h1>
  <ul id="items">
  {{- range .Items}}
    <li class="item{{if .Done}} done{{end}}" data-id="{{.ID}}"><span>{{.Label}}</span> <button class="toggle">toggle</button></li>
  {{- end}}
  </ul>
  <p id="status"><span id="left">{{.Left}}</span> left</p>
</main>
</body></html>`))
	items := []item{{1, "Write tests", true}, {2, "Fix <bugs> & ship", false}, {3, "Rest", false}}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, map[string]any{"Title": "Things to do", "Items": items, "Left": 2}); err != nil {
		panic(err)
	}

	doc, err := vdom.Parse(&buf)
	if err != nil {
		panic(err)
	}
	u, err := unit.New(doc, doc.GetElementByID("todo"), unit.Options{
		Name: "todo",
		Settings: unit.Settings{"event": `{"events": {
			"toggles": {"rootNode": "button.toggle", "handlers": {"click": "toggle"}},
			"this": {"handlers": {"click": {"handler": "recount", "order": -1}}}
		}}`},
		Methods: unit.Methods{
			// On each toggle button: mark its item done or not.
			"toggle": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
				li, err := ex.Element.Closest("li")
				if err != nil {
					return err
				}
				_, err = li.ClassList().Toggle("done")
				return err
			}),
			// On the unit, after the click bubbled up: count what is left.
			"recount": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
				open, err := ex.Unit.Select("li.item:not(.done)")
				if err != nil {
					return err
				}
				doc.GetElementByID("left").SetTextContent(fmt.Sprint(len(open)))
				return nil
			}),
		},
	})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if err := u.Start(ctx); err != nil {
		panic(err)
	}

	button := doc.GetElementByID("items").MustQuerySelector(`li[data-id="2"] button`)
	if _, err := button.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		panic(err)
	}
	p, err := perk.Events(u)
	if err != nil {
		panic(err)
	}
	if err := p.Settle(ctx); err != nil {
		panic(err)
	}

	for _, li := range doc.GetElementByID("items").Children() {
		id, _ := li.GetAttribute("data-id")
		fmt.Printf("%s %-18q %s\n", id, li.FirstElementChild().TextContent(), li.ClassName())
	}
	fmt.Println(doc.GetElementByID("status").TextContent())
	if err := u.Stop(ctx); err != nil {
		panic(err)
	}
	// Output:
	// 1 "Write tests"      item done
	// 2 "Fix <bugs> & ship" item done
	// 3 "Rest"             item
	// 1 left
}
