package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"testing/iotest"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/scenario"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// badInput is one row of the table of bad inputs in docs/limits.md: what is
// given, the sentinel or type that errors.Is or errors.As finds, and a
// function that gives the input and returns the error.
type badInput struct {
	pkg, input, match string
	run               func() error
}

// badInputs are the rows, package by package. Each runs for real: the
// messages in the document are what the library says.
func badInputs() []badInput {
	el := func(doc *vdom.Document, id string) *vdom.Node { return doc.GetElementByID(id) }
	page := func() *vdom.Document {
		return vdom.ParseString(`<div id="a"><p id="b">text</p></div>`)
	}
	ctx := context.Background()
	return []badInput{
		{"vdom", "a reader that fails (Parse, ParseFragment); malformed or deeply nested HTML is never an error", "the reader's error", func() error {
			_, err := vdom.Parse(iotest.ErrReader(errReadFailed))
			return err
		}},
		{"vdom", "misnested formatting tags that would re-open more than 1,048,576 elements (Parse, ParseFragment, SetInnerHTML, SetOuterHTML)", "vdom.ErrTreeTooLarge", func() error {
			// 2,048 <b>s left open, then 513 paragraphs that each re-open them.
			var b strings.Builder
			b.WriteString("<p>")
			for i := range 2048 {
				fmt.Fprintf(&b, "<b class=c%d>", i)
			}
			b.WriteString("</p>" + strings.Repeat("<p>x</p>", 513))
			_, err := vdom.Parse(strings.NewReader(b.String()))
			return err
		}},
		{"vdom", "misnested formatting tags that would copy more than 4,194,304 attributes into re-opened elements (Parse, ParseFragment, SetInnerHTML, SetOuterHTML)", "vdom.ErrTreeTooLarge", func() error {
			// One <b> with 4,096 attributes left open, then 1,025
			// paragraphs that each re-open it.
			var b strings.Builder
			b.WriteString("<p><b")
			for i := range 4096 {
				fmt.Fprintf(&b, " a%d", i)
			}
			b.WriteString("></p>" + strings.Repeat("<p>x</p>", 1025))
			_, err := vdom.Parse(strings.NewReader(b.String()))
			return err
		}},
		{"vdom", "a node inserted into itself or its descendant", "vdom.ErrHierarchyRequest", func() error {
			doc := page()
			_, err := el(doc, "b").AppendChild(el(doc, "a"))
			return err
		}},
		{"vdom", "a second element in the document", "vdom.ErrHierarchyRequest", func() error {
			doc := page()
			p, _ := doc.CreateElement("p")
			_, err := doc.AppendChild(p)
			return err
		}},
		{"vdom", "a child for a text node", "vdom.ErrHierarchyRequest", func() error {
			doc := page()
			_, err := el(doc, "b").FirstChild().AppendChild(doc.CreateTextNode("x"))
			return err
		}},
		{"vdom", "a reference node that is not a child (InsertBefore, RemoveChild, ReplaceChild)", "vdom.ErrNotFound", func() error {
			doc := page()
			_, err := el(doc, "b").RemoveChild(el(doc, "a"))
			return err
		}},
		{"vdom", "an invalid element or attribute name", "vdom.ErrInvalidCharacter", func() error {
			_, err := page().CreateElement("1st")
			return err
		}},
		{"vdom", "a class token with white space", "vdom.ErrInvalidCharacter", func() error {
			return el(page(), "a").ClassList().Add("two words")
		}},
		{"vdom", "an empty class token", "vdom.ErrSyntax", func() error {
			return el(page(), "a").ClassList().Add("")
		}},
		{"vdom", "an invalid selector (QuerySelector, Matches, Closest, QueryScoped)", "vdom.ErrSyntax, selector.ErrSyntax", func() error {
			_, err := page().QuerySelector("div[")
			return err
		}},
		{"vdom", "an event interface CreateEvent does not know", "vdom.ErrNotSupported", func() error {
			_, err := page().CreateEvent("PointerEvent")
			return err
		}},
		{"vdom", "inner HTML of a node that is not an element", "vdom.ErrNotSupported", func() error {
			return el(page(), "b").FirstChild().SetInnerHTML("<b>")
		}},
		{"vdom", "outer HTML of the document element", "vdom.ErrInvalidState", func() error {
			return page().DocumentElement().SetOuterHTML("<p>")
		}},
		{"vdom", "dispatching an event that is being dispatched", "vdom.ErrInvalidState", func() error {
			doc := page()
			var err error
			el(doc, "a").AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
				_, err = el(doc, "b").DispatchEvent(e)
			}))
			el(doc, "a").DispatchEvent(vdom.NewEvent("click"))
			return err
		}},
		{"vdom", "dispatching an event never initialized", "vdom.ErrInvalidState", func() error {
			doc := page()
			e, _ := doc.CreateEvent("Event")
			_, err := el(doc, "a").DispatchEvent(e)
			return err
		}},
		{"vdom", "dispatches nested more than 1,000 levels", "vdom.ErrNestingLimit", func() error {
			doc := page()
			var err error
			el(doc, "a").AddEventListener("again", vdom.NewListener(func(*vdom.Event) {
				if _, e := el(doc, "a").DispatchEvent(vdom.NewEvent("again")); e != nil {
					err = e
				}
			}))
			el(doc, "a").DispatchEvent(vdom.NewEvent("again"))
			return err
		}},
		{"vdom", "a listener that panics (the others still run)", "*vdom.ListenerError", func() error {
			doc := page()
			el(doc, "b").AddEventListener("click", vdom.NewListener(func(*vdom.Event) { panic("boom") }))
			_, err := el(doc, "b").DispatchEvent(vdom.NewEvent("click"))
			return err
		}},
		{"vdom", "a posted task that panics (Await, RunTasks)", "*vdom.TaskError", func() error {
			doc := page()
			doc.Post(func() { panic("boom") })
			_, err := doc.RunTasks()
			return err
		}},
		{"vdom", "Await past its context's deadline", "context.DeadlineExceeded", func() error {
			ctx, cancel := context.WithTimeout(ctx, time.Millisecond)
			defer cancel()
			return page().Await(ctx, vdom.NewPromise())
		}},
		{"vdom", "history.pushState to a URL of another origin (PushState, ReplaceState)", "vdom.ErrSecurity", func() error {
			doc, err := vdom.Parse(strings.NewReader(`<p>page</p>`), vdom.WithURL("http://example.com/items"))
			if err != nil {
				return err
			}
			return doc.Window().PushState(nil, "http://evil.example/items")
		}},
		{"selector", "a selector cut short", "selector.ErrSyntax (*selector.Error)", func() error {
			_, err := selector.Compile("li[data-id=")
			return err
		}},
		{"selector", "an empty selector", "selector.ErrSyntax", func() error {
			_, err := selector.Compile("")
			return err
		}},
		{"selector", "a selector list with an empty selector", "selector.ErrSyntax", func() error {
			_, err := selector.Compile("a,,b")
			return err
		}},
		{"selector", "an unknown pseudo-class", "selector.ErrSyntax", func() error {
			_, err := selector.Compile("li:hovered")
			return err
		}},
		{"selector", "a pseudo-element (they match no element)", "selector.ErrSyntax", func() error {
			_, err := selector.Compile("p::before")
			return err
		}},
		{"selector", "arguments to a pseudo-class of state", "selector.ErrSyntax", func() error {
			_, err := selector.Compile("input:checked(yes)")
			return err
		}},
		{"selector", ":is(), :not(), :where(), :has() nested more than 64 levels", "selector.ErrSyntax", func() error {
			_, err := selector.Compile(strings.Repeat(":is(", 65) + "a" + strings.Repeat(")", 65))
			return err
		}},
		{"perk settings", "settings that are not JSON", "perk.ErrInvalidSettings (perk.SettingsErrors)", func() error {
			_, err := perk.DecodeEventSettings([]byte(`{"events": {"save": }`))
			return err
		}},
		{"perk settings", "an unknown key, a misspelt one", "perk.ErrInvalidSettings", func() error {
			_, err := perk.DecodeEventSettings([]byte(`{"events": {"save": {"handlers": {"click": {"handler": "onSave", "listerOptions": {}}}}}}`))
			return err
		}},
		{"perk settings", "a value of the wrong type", "perk.ErrInvalidSettings", func() error {
			_, err := perk.DecodeEventSettings([]byte(`{"events": {"save": {"handlers": {"click": {"handler": "onSave", "order": "5"}}}}}`))
			return err
		}},
		{"perk settings", "a handler object without handler", "perk.ErrInvalidSettings", func() error {
			_, err := perk.DecodeEventSettings([]byte(`{"events": {"save": {"handlers": {"click": {"order": 5}}}}}`))
			return err
		}},
		{"perk settings", "an invalid rootNode selector", "perk.ErrInvalidSettings", func() error {
			_, err := perk.DecodeEventSettings([]byte(`{"events": {"items": {"rootNode": "li[", "handlers": {"click": "onItem"}}}}`))
			return err
		}},
		{"perk settings", "a duplicate key", "perk.ErrInvalidSettings", func() error {
			_, err := perk.DecodeEventSettings([]byte(`{"events": {"save": {"handlers": {"click": "a", "click": "b"}}}}`))
			return err
		}},
		{"perk", "a handler naming a method the unit lacks, when the event runs", "perk.ErrMethodNotFound (*perk.HandlerError)", func() error {
			return triggerOn(`{"events": {"this": {"handlers": {"ping": "onPing"}}}}`, nil, ctx)
		}},
		{"perk", "a handler that panics", "*perk.PanicError (in *perk.HandlerError)", func() error {
			return triggerOn(`{"events": {"this": {"handlers": {"ping": "onPing"}}}}`, unit.Methods{
				"onPing": unit.Sync(func(any, *vdom.Event, unit.Ex) error { panic("boom") }),
			}, ctx)
		}},
		{"perk", "work a handler returned that does not finish before the context ends", "context.DeadlineExceeded (in *perk.HandlerError)", func() error {
			// The deadline starts after the unit has started, so that only
			// the wait for the handler's work can run into it, however slow
			// the machine.
			var u *unit.Unit
			if err := startUnit(`{"events": {"this": {"handlers": {"ping": "onPing"}}}}`, unit.Methods{
				"onPing": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
					return vdom.NewPromise(), nil
				},
			}, context.Background(), &u); err != nil {
				return err
			}
			defer u.Stop(context.Background())
			ctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			defer cancel()
			return u.Cast(ctx, "event.trigger", "ping")
		}},
		{"perk", "triggers nested more than 64 levels (EventPerk.MaxNesting)", "perk.ErrNestingLimit (*perk.NestingError)", func() error {
			var u *unit.Unit
			return triggerWith(`{"events": {"this": {"handlers": {"ping": "onPing"}}}}`, unit.Methods{
				"onPing": func(ctx context.Context, _ any, _ *vdom.Event, _ unit.Ex) (vdom.Awaitable, error) {
					return nil, u.Cast(ctx, "event.trigger", "ping")
				},
			}, ctx, &u)
		}},
		{"perk", "a nil handler given to event.add", "perk.ErrNilHandler", func() error {
			var u *unit.Unit
			startUnit(`{}`, nil, ctx, &u)
			p, _ := perk.Events(u)
			return p.Add("click", []perk.HandlerInfo{{}}, nil, nil)
		}},
		{"perk", "event.init of an entry the settings lack", "perk.ErrNoEntry", func() error {
			var u *unit.Unit
			startUnit(`{}`, nil, ctx, &u)
			return u.Use(ctx, "event.init", "nope")
		}},
		{"perk", "an operation of a stopped unit's EventPerk", "perk.ErrNotAttached", func() error {
			var u *unit.Unit
			startUnit(`{}`, nil, ctx, &u)
			p, _ := perk.Events(u)
			u.Stop(ctx)
			return p.Trigger(ctx, "ping", nil, nil)
		}},
		{"unit", "a skill or spell argument of the wrong type", "unit.ErrBadArguments (*unit.ArgError)", func() error {
			var u *unit.Unit
			startUnit(`{}`, nil, ctx, &u)
			return u.Use(ctx, "event.add", 7, "onSave")
		}},
		{"unit", "an unknown skill", "unit.ErrUnknownSkill", func() error {
			var u *unit.Unit
			startUnit(`{}`, nil, ctx, &u)
			return u.Use(ctx, "event.nope")
		}},
		{"unit", "a second unit on one element", "unit.ErrUnitExists", func() error {
			var u *unit.Unit
			startUnit(`{}`, nil, ctx, &u)
			_, err := unit.New(u.Document(), u.Root(), unit.Options{})
			return err
		}},
		{"unit", "Start or Stop of a stopped unit", "unit.ErrStopped", func() error {
			var u *unit.Unit
			startUnit(`{}`, nil, ctx, &u)
			u.Stop(ctx)
			return u.Stop(ctx)
		}},
		{"browse", "Options New cannot use (a negative MaxRedirects, both Handler and Client, a BaseURL that is not absolute)", "browse.ErrBadOptions", func() error {
			_, err := browse.New(browse.Options{Handler: http.NotFoundHandler(), MaxRedirects: -1})
			return err
		}},
		{"browse", "a redirect loop, or more redirects than Options.MaxRedirects (20 by default)", "browse.ErrTooManyRedirects (*browse.RedirectError)", func() error {
			return openWith(browse.Options{MaxRedirects: 3}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				next := map[string]string{"/a": "/b", "/b": "/a"}[r.URL.Path]
				http.Redirect(w, r, next, http.StatusFound)
			}), "/a")
		}},
		{"browse", "a redirect whose Location does not parse or is not http(s): a megabyte one (messages quote 200 bytes of it)", "browse.ErrBadRequest", func() error {
			return openWith(browse.Options{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Location", "http://["+strings.Repeat("a", 1<<20))
				w.WriteHeader(http.StatusFound)
			}), "/a")
		}},
		{"browse", "a request to another host with Options.StayOnHost (--same-host): a redirect, link, form or Open", "browse.ErrOtherHost", func() error {
			return openWith(browse.Options{StayOnHost: true}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, "//evil.example/", http.StatusFound)
			}), "/a")
		}},
		{"browse", "an Options.Header field that would add a header line (CR, LF or another control character but tab)", "browse.ErrBadOptions", func() error {
			_, err := browse.New(browse.Options{Handler: http.NotFoundHandler(), Header: http.Header{"X-Team": {"a\r\nX-Admin: 1"}}})
			return err
		}},
		{"browse", "a response body longer than Options.MaxBodyBytes (4 MiB by default): a 5 MB page", "browse.ErrTooLarge (*browse.TooLargeError)", func() error {
			return openWith(browse.Options{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.Write([]byte("<!DOCTYPE html><p>" + strings.Repeat("x", 5_000_000)))
			}), "/big")
		}},
		{"browse", "a response that is not HTML (the page still loads, its text in a <pre>)", "browse.ErrNotHTML (*browse.NotHTMLError)", func() error {
			return openWith(browse.Options{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Write([]byte(`{"ok": true}`))
			}), "/api/status")
		}},
		{"browse", "an error status (the page still loads)", "browse.ErrStatus (*browse.StatusError)", func() error {
			return openWith(browse.Options{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(http.StatusUnprocessableEntity)
				w.Write([]byte("<!DOCTYPE html><title>Fix the form</title>"))
			}), "/items")
		}},
		{"browse", "an in-process handler that panics (the page is a 500 page naming the panic)", "browse.ErrHandlerPanic (*browse.PanicError)", func() error {
			return openWith(browse.Options{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				panic("database is gone")
			}), "/items")
		}},
		{"browse", "a handler that does not answer within Options.Timeout (30 s by default) or the caller's context", "context.DeadlineExceeded (*browse.RequestError)", func() error {
			return openWith(browse.Options{Timeout: 20 * time.Millisecond}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				<-r.Context().Done()
			}), "/slow")
		}},
		{"browse", "Back at the first page of the history (Forward at the last)", "browse.ErrNoHistory", func() error {
			sess, err := browse.New(browse.Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.Write([]byte("<!DOCTYPE html><title>Home</title>"))
			})})
			if err != nil {
				return err
			}
			if _, err := sess.Open(ctx, "/"); err != nil {
				return err
			}
			_, err = sess.Back(ctx)
			return err
		}},
		{"htmx", "a response that pushes a URL of another origin (HX-Push-Url, hx-push-url, HX-Location...): nothing pushed or swapped", "htmx.ErrHistory, vdom.ErrSecurity (*htmx.Error)", func() error {
			opts := browse.Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				if r.URL.Path == "/more" {
					w.Header().Set("HX-Push-Url", "http://evil.example/more")
					w.Write([]byte("<li>more</li>"))
					return
				}
				w.Write([]byte(`<!DOCTYPE html><script src="/htmx.min.js"></script><button hx-get="/more" hx-target="#list">More</button><ul id="list"></ul>`))
			})}
			if err := htmx.Attach(&opts, htmx.Options{}); err != nil {
				return err
			}
			sess, err := browse.New(opts)
			if err != nil {
				return err
			}
			p, err := sess.Open(ctx, "/")
			if err != nil {
				return err
			}
			button, _ := p.Document().QuerySelector("button")
			return userevent.New(p.Document()).Click(button)
		}},
		{"scenario", "a scenario file that is not JSON (every other input error: docs/cli.md)", "scenario.ErrBadInput (scenario.InputErrors)", func() error {
			return loadScenario(`{"units": [}`)
		}},
		{"scenario", "a page on a server that cannot be loaded: an error status (likewise a response that is not HTML, too large, too many redirects, no answer in time)", "scenario.ErrBadInput, browse.ErrStatus (*scenario.InputError, Result.LoadError)", func() error {
			s, err := scenario.Parse("scenario.json", []byte(`{"page": "http://example.com/gone", "steps": []}`))
			if err != nil {
				return err
			}
			res := s.Run(ctx, scenario.Options{Handler: http.NotFoundHandler()})
			if le := res.LoadError(); le != nil {
				return le
			}
			return nil
		}},
		{"scenario", "a step that needs a server (open, back, forward, reload; the checks status and cookies) in a scenario whose page is a file", "scenario.ErrBadInput (scenario.InputErrors)", func() error {
			return loadScenario(`{"html": "<p>", "steps": ["back"]}`)
		}},
		{"scenario", "a step waiting past the scenario's timeout", "exit code 1", func() error {
			return runScenario(`{"html": "<main id=app></main>", "timeout": "20ms",
				"units": [{"element": "#app", "settings": {"event": {"events": {"this": {"handlers": {"load": "fetch"}}}}},
				           "methods": {"fetch": [{"waitFor": "response"}]}}],
				"steps": [{"trigger": "load"}]}`)
		}},
	}
}

// openWith opens path in a new session over h with opts.
func openWith(opts browse.Options, h http.Handler, path string) error {
	opts.Handler = h
	sess, err := browse.New(opts)
	if err != nil {
		return err
	}
	_, err = sess.Open(context.Background(), path)
	return err
}

// startUnit makes and starts a unit on <main id=app> with the event
// settings and methods.
func startUnit(settings string, methods unit.Methods, ctx context.Context, u **unit.Unit) error {
	doc := vdom.ParseString(`<main id="app"><button id="save">Save</button></main>`)
	var err error
	*u, err = unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Name: "app", Settings: unit.Settings{"event": settings}, Methods: methods,
	})
	if err != nil {
		return err
	}
	return (*u).Start(ctx)
}

// triggerWith starts a unit and triggers "ping" on it.
func triggerWith(settings string, methods unit.Methods, ctx context.Context, u **unit.Unit) error {
	if err := startUnit(settings, methods, context.Background(), u); err != nil {
		return err
	}
	defer (*u).Stop(context.Background())
	return (*u).Cast(ctx, "event.trigger", "ping")
}

func triggerOn(settings string, methods unit.Methods, ctx context.Context) error {
	var u *unit.Unit
	return triggerWith(settings, methods, ctx, &u)
}

// loadScenario loads src as the file scenario.json.
func loadScenario(src string) error {
	_, err := scenario.LoadFS(fstest.MapFS{"scenario.json": {Data: []byte(src)}}, "scenario.json")
	return err
}

// runScenario runs src and returns the error of the step that failed, with
// its path, and the exit code.
func runScenario(src string) error {
	s, err := scenario.LoadFS(fstest.MapFS{"scenario.json": {Data: []byte(src)}}, "scenario.json")
	if err != nil {
		return err
	}
	res := s.Run(context.Background(), scenario.Options{})
	for _, st := range res.Steps {
		if st.Err != nil {
			return fmt.Errorf("%w (exit code %d)", st.Err, res.ExitCode())
		}
	}
	return fmt.Errorf("no step failed (exit code %d)", res.ExitCode())
}

// errReadFailed is the error of the failing reader in badInputs.
var errReadFailed = errors.New("read page.html: input/output error")

// badInputChecks test an error against what the table says it matches.
var badInputChecks = map[string]func(error) bool{
	"the reader's error":       isErr(errReadFailed),
	"vdom.ErrTreeTooLarge":     isErr(vdom.ErrTreeTooLarge),
	"vdom.ErrHierarchyRequest": isErr(vdom.ErrHierarchyRequest),
	"vdom.ErrNotFound":         isErr(vdom.ErrNotFound),
	"vdom.ErrInvalidCharacter": isErr(vdom.ErrInvalidCharacter),
	"vdom.ErrSyntax":           isErr(vdom.ErrSyntax),
	"vdom.ErrSyntax, selector.ErrSyntax": func(err error) bool {
		return errors.Is(err, vdom.ErrSyntax) && errors.Is(err, selector.ErrSyntax)
	},
	"vdom.ErrNotSupported":     isErr(vdom.ErrNotSupported),
	"vdom.ErrInvalidState":     isErr(vdom.ErrInvalidState),
	"vdom.ErrNestingLimit":     isErr(vdom.ErrNestingLimit),
	"*vdom.ListenerError":      asErr[*vdom.ListenerError](),
	"*vdom.TaskError":          asErr[*vdom.TaskError](),
	"context.DeadlineExceeded": isErr(context.DeadlineExceeded),
	"selector.ErrSyntax":       func(err error) bool { return errors.Is(err, selector.ErrSyntax) && asErr[*selector.Error]()(err) },
	"perk.ErrInvalidSettings": func(err error) bool {
		return errors.Is(err, perk.ErrInvalidSettings) && asErr[perk.SettingsErrors]()(err)
	},
	"perk.ErrMethodNotFound": func(err error) bool {
		return errors.Is(err, perk.ErrMethodNotFound) && asErr[*perk.HandlerError]()(err)
	},
	"*perk.PanicError":     func(err error) bool { return asErr[*perk.PanicError]()(err) && asErr[*perk.HandlerError]()(err) },
	"perk.ErrNestingLimit": func(err error) bool { return errors.Is(err, perk.ErrNestingLimit) && asErr[*perk.NestingError]()(err) },
	"perk.ErrNilHandler":   isErr(perk.ErrNilHandler),
	"perk.ErrNoEntry":      isErr(perk.ErrNoEntry),
	"perk.ErrNotAttached":  isErr(perk.ErrNotAttached),
	"unit.ErrBadArguments": func(err error) bool { return errors.Is(err, unit.ErrBadArguments) && asErr[*unit.ArgError]()(err) },
	"unit.ErrUnknownSkill": isErr(unit.ErrUnknownSkill),
	"unit.ErrUnitExists":   isErr(unit.ErrUnitExists),
	"unit.ErrStopped":      isErr(unit.ErrStopped),
	"scenario.ErrBadInput": isErr(scenario.ErrBadInput),
	"browse.ErrBadOptions": isErr(browse.ErrBadOptions),
	"browse.ErrBadRequest": isErr(browse.ErrBadRequest),
	"browse.ErrOtherHost":  isErr(browse.ErrOtherHost),
	"browse.ErrTooManyRedirects": func(err error) bool {
		return errors.Is(err, browse.ErrTooManyRedirects) && asErr[*browse.RedirectError]()(err)
	},
	"browse.ErrTooLarge": func(err error) bool {
		return errors.Is(err, browse.ErrTooLarge) && asErr[*browse.TooLargeError]()(err)
	},
	"browse.ErrNotHTML": func(err error) bool {
		return errors.Is(err, browse.ErrNotHTML) && asErr[*browse.NotHTMLError]()(err)
	},
	"browse.ErrStatus": func(err error) bool {
		return errors.Is(err, browse.ErrStatus) && asErr[*browse.StatusError]()(err)
	},
	"browse.ErrHandlerPanic": func(err error) bool {
		return errors.Is(err, browse.ErrHandlerPanic) && asErr[*browse.PanicError]()(err)
	},
	"browse.ErrNoHistory": isErr(browse.ErrNoHistory),
	"vdom.ErrSecurity":    isErr(vdom.ErrSecurity),
	"htmx.ErrHistory, vdom.ErrSecurity": func(err error) bool {
		return errors.Is(err, htmx.ErrHistory) && errors.Is(err, vdom.ErrSecurity) && asErr[*htmx.Error]()(err)
	},
	"scenario.ErrBadInput, browse.ErrStatus": func(err error) bool {
		return errors.Is(err, scenario.ErrBadInput) && errors.Is(err, browse.ErrStatus) && asErr[*scenario.InputError]()(err)
	},
}

func isErr(target error) func(error) bool {
	return func(err error) bool { return errors.Is(err, target) }
}

func asErr[T error]() func(error) bool {
	return func(err error) bool {
		var v T
		return errors.As(err, &v)
	}
}

// badInputTable renders the rows as the Markdown table of docs/limits.md.
func badInputTable(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("| package | input | errors.Is / errors.As | message |\n|---|---|---|---|\n")
	for _, r := range badInputs() {
		err := r.run()
		if err == nil {
			t.Errorf("%s: %s: no error", r.pkg, r.input)
			continue
		}
		name, _, _ := strings.Cut(r.match, " (")
		if check, ok := badInputChecks[name]; ok && !check(err) {
			t.Errorf("%s: %s: error %q does not match %s", r.pkg, r.input, err, name)
		} else if !ok && name != "exit code 1" {
			t.Errorf("%s: %s: no check for %s", r.pkg, r.input, name)
		}
		msg := err.Error()
		// One line per row: joined errors and settings lists show their
		// first line, which names the place.
		if first, _, ok := strings.Cut(msg, "\n"); ok {
			msg = first + " …"
		}
		// Long messages (a selector nested 65 levels) lose their middle.
		if r := []rune(msg); len(r) > 200 {
			msg = string(r[:100]) + " … " + string(r[len(r)-80:])
		}
		msg = strings.ReplaceAll(msg, "|", `\|`)
		fmt.Fprintf(&b, "| %s | %s | `%s` | `%s` |\n", r.pkg, r.input, r.match, msg)
	}
	return b.String()
}

// TestDocsLimitsShowTheErrors checks that the table of bad inputs in
// docs/limits.md shows, word for word, the errors the library returns;
// go test ./cmd/eventperk -run TestDocsLimits -update rewrites it.
func TestDocsLimitsShowTheErrors(t *testing.T) {
	chdirRoot(t)
	const path = "docs/limits.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- bad-inputs: begin (go test ./cmd/eventperk -run TestDocsLimits -update) -->\n", "<!-- bad-inputs: end -->"
	before, rest, ok := strings.Cut(string(doc), begin)
	if !ok {
		t.Fatalf("%s lacks the marker %q", path, begin)
	}
	block, after, ok := strings.Cut(rest, end)
	if !ok {
		t.Fatalf("%s lacks the marker %q", path, end)
	}
	got := badInputTable(t)
	if *update {
		if err := os.WriteFile(path, []byte(before+begin+got+end+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(block, got); diff != "" {
		t.Errorf("%s shows other errors than the library returns (-docs +returned):\n%s", path, diff)
	}
}
