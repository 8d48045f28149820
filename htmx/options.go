package htmx

import (
	"context"
	"errors"
	"fmt"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/vdom"
)

// Options configure how htmx runs on a session's pages. The zero value
// runs every page that loads htmx as its script's version says, htmx 2
// when it says none, answering every confirm and prompt with yes.
type Options struct {
	// Version is the htmx a page runs when the src of its htmx script
	// names no version (0: DefaultVersion). A version named in the src
	// (htmx-2.0.11.min.js, htmx.org@4.0.1) wins.
	Version Version
	// Force makes Version win over the version the script names.
	Force bool
	// Off leaves every page alone, htmx or not.
	Off bool
	// Confirm answers the question of hx-confirm, as window.confirm does:
	// true sends the request. Nil answers true.
	Confirm func(d Dialog) bool
	// Prompt answers hx-prompt, as window.prompt does: the text and true,
	// or false for a cancelled prompt (nothing is sent). Nil answers
	// "" and true.
	Prompt func(d Dialog) (string, bool)
	// ConfigRequest is called for every request after htmx has built it
	// and its configRequest event has run, before it is sent: the Go
	// form of an htmx:configRequest listener. It may change the
	// request's Method, Path, Header and Params; an error cancels the
	// request and is reported as the engine's error.
	ConfigRequest func(r *Request) error
	// Hold is asked about every response as it arrives: true keeps it
	// from the page until Engine.Release, so that a test can look at the
	// page while the request is in flight.
	Hold func(r *Request) bool
	// Trace sees every event the engine dispatches, just before it is
	// dispatched (htmx 2's kebab-case repeats included).
	Trace func(e *vdom.Event, target vdom.EventTarget)
	// OnResponse is told of each request when the page takes its
	// response in, before htmx handles it (the swap, the events), and
	// of a request whose Timeout passed first (Request.TimedOut, no
	// Response): what a trace of the page's requests shows, the
	// eventperk command's among them.
	OnResponse func(r *Request)
	// OnSwap is told of each swap of content into the page as it is
	// made, once nothing can stop it, while the target is still in its
	// place (an outerHTML swap replaces it): a response's main content,
	// an out-of-band element, a partial.
	OnSwap func(s Swap)
}

// Swap is one swap of content into the page, as Options.OnSwap sees it.
type Swap struct {
	// Kind is "main" (the content of a response, or of htmx 2's
	// partial), "oob" (an out-of-band element) or "partial" (htmx 4's
	// <hx-partial>).
	Kind string
	// Target is the element the content goes into, or replaces; Style
	// the swap style (innerHTML, outerHTML, beforeend, ...).
	Target *vdom.Node
	Style  string
}

// Dialog is a question hx-confirm or hx-prompt asks.
type Dialog struct {
	// Element is the element whose request asks.
	Element *vdom.Node
	// Attribute is "hx-confirm" or "hx-prompt".
	Attribute string
	// Message is the question.
	Message string
}

// engineKey keys a document's Engine in its per-document values.
type engineKey struct{}

// Of returns the Engine running htmx on doc, nil when doc runs none.
func Of(doc *vdom.Document) *Engine {
	if doc == nil {
		return nil
	}
	e, _ := domext.Value(doc, engineKey{}).(*Engine)
	return e
}

// Attach makes a session built with opts run htmx on its pages: it adds
// a page hook (browse.Options.PageHooks) that starts an Engine on every
// page whose document loads htmx (a <script> whose src names htmx) and
// processes its body, as htmx does when the page loads. Pages without
// htmx are left alone. It returns an ErrBadOptions error for options
// that cannot be used (an unsupported Version).
func Attach(opts *browse.Options, o Options) error {
	if opts == nil {
		return fmt.Errorf("%w: nil browse.Options", ErrBadOptions)
	}
	if o.Version != 0 {
		if _, err := behaviourOf(o.Version); err != nil {
			return fmt.Errorf("%w: Options.Version: %w", ErrBadOptions, err)
		}
	}
	opts.PageHooks = append(opts.PageHooks, func(ctx context.Context, s *browse.Session, p *browse.Page) error {
		return attachPage(o, s, p)
	})
	return nil
}

// attachPage starts an Engine on p when its document loads htmx.
func attachPage(o Options, s *browse.Session, p *browse.Page) error {
	doc := p.Document()
	if o.Off || doc == nil {
		return nil
	}
	src, found := findScript(doc)
	if !found {
		return nil
	}
	v := o.Version
	if v == 0 {
		v = DefaultVersion
	}
	if n := scriptVersion(src); n != 0 && !o.Force {
		v = Version(n)
	}
	b, err := behaviourOf(v)
	if err != nil {
		return &Error{Kind: ErrUnsupportedVersion, Attribute: "script src", Value: src, Offset: -1,
			Detail: fmt.Sprintf("the page loads htmx %d; the package runs htmx 2 and htmx 4", int(v))}
	}
	e := newEngine(b, o, s, p)
	domext.SetValue(doc, engineKey{}, e)
	e.start()
	return e.takeErrors()
}

// findScript returns the src of the page's htmx script, if any.
func findScript(doc *vdom.Document) (string, bool) {
	scripts, err := doc.QuerySelectorAll("script[src]")
	if err != nil {
		return "", false
	}
	for _, s := range scripts {
		src, _ := s.GetAttribute("src")
		if isHTMXScript(src) {
			return src, true
		}
	}
	return "", false
}

func init() {
	domext.AddPendingWork(func(d any) error {
		doc, _ := d.(*vdom.Document)
		e := Of(doc)
		if e == nil {
			return nil
		}
		return e.Settle()
	})
}

// errorsJoin joins errs, nil for none.
func errorsJoin(errs []error) error { return errors.Join(errs...) }
