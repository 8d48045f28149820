package scenario

import (
	"fmt"
	"io"
	"strings"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
)

// exploration is what "eventperk fire PAGE" reports when it is given no
// unit: the page's elements with an id, the elements that look like unit
// hosts, and, for --event at --target, the elements the event would pass
// through, in order.
type exploration struct {
	Page string `json:"page"`
	// IDs are the elements with an id, in document order.
	IDs []exploredElement `json:"ids"`
	// Units are the elements marked data-unit, and custom elements (a tag
	// name with a hyphen), where units usually live.
	Units []exploredElement `json:"units"`
	// Event, Target and Path: the event, where it fires, and the elements
	// it would reach: "capture", "target" and "bubble" (only capture and
	// target when it does not bubble). Empty without --target.
	Event  string         `json:"event,omitempty"`
	Target string         `json:"target,omitempty"`
	Path   []exploredStop `json:"path,omitempty"`
	// URL is the URL of the page explored, for a page from a server:
	// where Page led, after redirects. Requests are the requests its
	// load sent, each redirect its own.
	URL      string        `json:"url,omitempty"`
	Requests []jsonRequest `json:"requests,omitempty"`
	// loadLine is the load as the trace shows it.
	loadLine string
}

// pageLoad is how a page from a server was loaded: its final URL, the
// requests sent, and the trace's line for them.
type pageLoad struct {
	url        string
	requests   []jsonRequest
	line       string
	redirected bool
}

// loadOf describes the load of the session's current page, its first.
func loadOf(sess *browse.Session) *pageLoad {
	nav := &Navigation{Cause: "load", Followed: true, Status: sess.Page().Status()}
	l := &pageLoad{url: sess.Page().URL().String(), redirected: len(sess.Page().Redirects()) > 0}
	for _, rec := range sess.Requests() {
		if rec.StyleSheet {
			continue
		}
		rq := Request{Method: rec.Method, URL: rec.URL.String(), Status: rec.Status}
		nav.Requests = append(nav.Requests, rq)
		l.requests = append(l.requests, jsonRequest(rq))
	}
	if len(nav.Requests) > 0 {
		nav.Method, nav.URL = nav.Requests[0].Method, nav.Requests[0].URL
	}
	tw := &textWriter{origin: runOrigin(sess)}
	l.line = tw.navigation(nav)
	return l
}

// where names the page loaded for messages: the URL it was given as,
// or, when that redirected, the URL of the page and where it came from,
// so that an error about an element names the page it looked in.
func (l *pageLoad) where(given string) string {
	if !l.redirected {
		return given
	}
	return fmt.Sprintf("%s (where %s redirected)", l.url, given)
}

// exploredElement is one element: its name (a selector for it), its tag,
// and its data-unit value, if any.
type exploredElement struct {
	Name     string `json:"name"`
	Tag      string `json:"tag"`
	DataUnit string `json:"dataUnit,omitempty"`
}

// exploredStop is one element an event reaches, in one phase.
type exploredStop struct {
	Phase   string `json:"phase"`
	Element string `json:"element"`
}

// explore looks at a page without units. name is the page as given,
// where the page as messages name it (after redirects, its URL).
func explore(name, where string, doc *vdom.Document, event, target string, bubbles bool) (*exploration, error) {
	x := &exploration{Page: name, IDs: []exploredElement{}, Units: []exploredElement{}}
	for n := range doc.Descendants() {
		if n.NodeType() != vdom.ElementNode {
			continue
		}
		el := exploredElement{Name: describe(n), Tag: n.LocalName()}
		du, isUnit := n.GetAttribute("data-unit")
		el.DataUnit = du
		if n.ID() != "" {
			x.IDs = append(x.IDs, el)
		}
		if isUnit || strings.Contains(n.LocalName(), "-") {
			x.Units = append(x.Units, el)
		}
	}
	if target == "" {
		return x, nil
	}
	if err := checkSelector(target); err != nil {
		return nil, InputErrors{{File: "eventperk fire", Msg: "--target: " + err.Error(), offset: -1}}
	}
	t, _ := doc.QuerySelector(target)
	if t == nil {
		return nil, InputErrors{{File: "eventperk fire", Msg: fmt.Sprintf("--target %s matches no element in %s", quoteJSON(target), where), Hint: suggestSelector(doc, target), offset: -1}}
	}
	x.Event, x.Target = event, describe(t)
	var up []string // from the target to the document
	for n := t; n != nil; n = n.ParentNode() {
		up = append(up, describeValue(n))
	}
	for i := len(up) - 1; i > 0; i-- {
		x.Path = append(x.Path, exploredStop{"capture", up[i]})
	}
	x.Path = append(x.Path, exploredStop{"target", up[0]})
	if bubbles {
		for _, e := range up[1:] {
			x.Path = append(x.Path, exploredStop{"bubble", e})
		}
	}
	return x, nil
}

// writeText writes the exploration for people.
func (x *exploration) writeText(w io.Writer) {
	fmt.Fprintf(w, "== explore %s\n", x.Page)
	if x.loadLine != "" {
		fmt.Fprintf(w, "   %s\n", x.loadLine)
		if len(x.Requests) > 1 {
			fmt.Fprintf(w, "   explored: %s\n", x.URL)
		}
	}
	fmt.Fprintln(w, "   no units given: with --unit SELECTOR and --settings (or --settings with \"units\"),")
	fmt.Fprintln(w, "   fire starts them and shows which handlers run; --spy records handlers without methods")
	list := func(title string, els []exploredElement) {
		fmt.Fprintf(w, "\n%s (%d)\n", title, len(els))
		width := 0
		for _, e := range els {
			width = max(width, len(e.Name))
		}
		for _, e := range els {
			line := fmt.Sprintf("  %-*s  %s", width, e.Name, e.Tag)
			if e.DataUnit != "" {
				line += fmt.Sprintf("  data-unit=%q", e.DataUnit)
			}
			fmt.Fprintln(w, line)
		}
	}
	list("elements with an id", x.IDs)
	list("unit hosts (data-unit, custom elements)", x.Units)
	if x.Target == "" {
		fmt.Fprintln(w, "\nGive --event TYPE --target SELECTOR to see the elements an event reaches.")
		return
	}
	fmt.Fprintf(w, "\n%s at %s reaches, in order (a listener or unit handler on any of these receives it):\n", x.Event, x.Target)
	for _, s := range x.Path {
		fmt.Fprintf(w, "  %-7s  %s\n", s.Phase, s.Element)
	}
}
