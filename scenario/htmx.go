package scenario

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/internal/weburl"
)

// HTMXRequest is one request htmx sent from a page of the run, as the
// trace shows it once its response was taken in.
type HTMXRequest struct {
	// Method and URL are the request's, URL absolute, without fragment
	// and password.
	Method, URL string
	// Source names the element that sent it ("" for none, as for
	// HX-Location's request).
	Source string
	// Status is the response's status, 0 when none came.
	Status int
	// TimedOut reports a request whose timeout passed before its
	// response was taken in.
	TimedOut bool
}

// HTMXSwap is one swap of content htmx made into a page of the run.
type HTMXSwap struct {
	// Kind is "main" (a response's content), "oob" (an out-of-band
	// element) or "partial" (htmx 4's <hx-partial>).
	Kind string
	// Target names the element the content went into, or replaced;
	// Style is the swap style (innerHTML, outerHTML, beforeend, ...).
	Target, Style string
}

// attachHTMX makes the pages of the session opts builds run htmx as o
// says, with each request and swap an item of the step during which it
// happened (o's own OnResponse and OnSwap are called too).
func (r *runner) attachHTMX(opts *browse.Options, o htmx.Options) error {
	if o.Off {
		return nil
	}
	onResponse, onSwap, configRequest := o.OnResponse, o.OnSwap, o.ConfigRequest
	// The source is named as the request is sent: in flight it wears
	// htmx's request class, which would show in its name.
	sources := map[*htmx.Request]string{}
	o.ConfigRequest = func(rq *htmx.Request) error {
		if rq.Source != nil {
			sources[rq] = describe(rq.Source)
		}
		if configRequest != nil {
			return configRequest(rq)
		}
		return nil
	}
	o.OnResponse = func(rq *htmx.Request) {
		it := &HTMXRequest{Method: rq.Method, URL: r.htmxURL(rq.URL), TimedOut: rq.TimedOut()}
		if name, ok := sources[rq]; ok {
			it.Source = name
			delete(sources, rq)
		} else if rq.Source != nil {
			it.Source = describe(rq.Source)
		}
		if rq.Response != nil {
			it.Status = rq.Response.Status
		}
		r.addItem(Item{Kind: ItemHTMXRequest, HTMXRequest: it})
		if onResponse != nil {
			onResponse(rq)
		}
	}
	o.OnSwap = func(s htmx.Swap) {
		r.addItem(Item{Kind: ItemHTMXSwap, HTMXSwap: &HTMXSwap{Kind: s.Kind, Target: describe(s.Target), Style: s.Style}})
		if onSwap != nil {
			onSwap(s)
		}
	}
	return htmx.Attach(opts, o)
}

// addItem adds it to the current step.
func (r *runner) addItem(it Item) {
	if r.cur != nil {
		r.cur.Items = append(r.cur.Items, it)
	}
}

// htmxURL is the absolute form of a URL htmx sent, resolved as the page's
// fetch resolved it: against the document's base URL (a <base href>
// counts), with the URL standard's parser.
func (r *runner) htmxURL(raw string) string {
	var base *url.URL
	if r.sess != nil && r.sess.Document() != nil {
		base = r.sess.Document().BaseURL()
	}
	u, err := weburl.Parse(raw, base)
	if err != nil {
		return raw
	}
	u.Fragment, u.RawFragment = "", ""
	return u.Redacted()
}

// htmxFlag is --htmx: how the run's pages that load htmx run it.
type htmxFlag struct {
	name string
	o    htmx.Options
}

func (f *htmxFlag) String() string {
	if f.name == "" {
		return "auto"
	}
	return f.name
}

func (f *htmxFlag) Set(s string) error {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "auto":
		f.o = htmx.Options{}
	case "2":
		f.o = htmx.Options{Version: htmx.V2, Force: true}
	case "4":
		f.o = htmx.Options{Version: htmx.V4, Force: true}
	case "off":
		f.o = htmx.Options{Off: true}
	default:
		return fmt.Errorf("want auto, 2, 4 or off, got %q", s)
	}
	f.name = strings.ToLower(strings.TrimSpace(s))
	return nil
}
