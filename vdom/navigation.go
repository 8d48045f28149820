package vdom

import (
	"net/url"
	"slices"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// NavigationRequest is a navigation the page asks for: a followed link or a
// submitted form, as the request a browser would send. vdom loads nothing; it
// hands the request to the Window's navigation handler.
type NavigationRequest struct {
	// Method is "GET" or "POST".
	Method string
	// URL is absolute, resolved against the document's base URL, without
	// the fragment (a request line carries none); a GET form submission
	// carries its entries in the query.
	URL *url.URL
	// Header holds the request's own headers: Content-Type for a POST.
	// It is never nil. http.Header(req.Header) converts it for net/http.
	Header Header
	// Body is the encoded entry list of a POST, nil otherwise.
	Body []byte
	// Target is the navigable the request asks for: the submitter's
	// formtarget, the form's or link's target attribute, or the target of
	// the first <base target>; "" means the document's own.
	Target string
	// Source is the element that asked: the form, the a or area element.
	Source *Node
	// Download reports a hyperlink with a download attribute: a browser
	// downloads the resource instead of navigating. DownloadName is that
	// attribute's value, the suggested file name ("" lets the browser
	// choose).
	Download     bool
	DownloadName string
}

// SetNavigationHandler makes h receive every navigation the document asks
// for, in place of the Window's record; its error is returned by the call
// that caused the navigation (Click, RequestSubmit, Submit, or the
// DispatchEvent whose activation behaviour navigated). A nil h restores the
// default: the Window records the requests, read with Navigations.
func (w *Window) SetNavigationHandler(h func(NavigationRequest) error) {
	w.doc.page().navHandler = h
}

// Navigations returns the requests recorded so far, oldest first, when no
// navigation handler is set.
func (w *Window) Navigations() []NavigationRequest {
	if p := w.doc.pageIfAny(); p != nil {
		return slices.Clone(p.navs)
	}
	return nil
}

// navigate hands req to the document's Window. A document without one has
// no browsing context and cannot navigate (HTML "cannot navigate"): the
// request goes nowhere.
func (d *Document) navigate(req NavigationRequest) error {
	if d.window == nil {
		return nil
	}
	if req.Header == nil {
		req.Header = Header{}
	}
	req.URL.Fragment, req.URL.RawFragment = "", ""
	p := d.page()
	if p.navHandler != nil {
		return p.navHandler(req)
	}
	p.navs = append(p.navs, req)
	return nil
}

// followHyperlink is the activation behaviour of a and area elements with
// an href (HTML §4.6.4 "following hyperlinks" and "downloading hyperlinks"),
// with the hyperlink suffix of a click on an img ismap inside a link.
func (n *Node) followHyperlink(suffix string) error {
	href, ok := n.GetAttribute("href")
	if !ok {
		return nil
	}
	// "Cannot navigate": an element other than a that is not connected.
	if n.h.DataAtom != atom.A && !n.IsConnected() {
		return nil
	}
	u, err := n.doc.resolveURL(href)
	if err != nil {
		// The standard returns without navigating when the URL does not
		// parse.
		return nil
	}
	if suffix != "" {
		// "Append hyperlinkSuffix to urlString": to the serialized URL.
		if v, err := url.Parse(u.String() + suffix); err == nil {
			u = v
		}
	}
	if u.Scheme == "javascript" {
		// A javascript: URL runs script, which vdom has none of.
		return nil
	}
	if hasFragment := hasFragmentDelimiter(href); n.doc.fragmentNavigation(u, hasFragment) {
		// A URL that differs from the document's only in its fragment is
		// a navigation to that fragment: nothing is sent (fragment.go).
		return n.doc.navigateToFragment(u, hasFragment, true)
	}
	req := NavigationRequest{Method: "GET", URL: u, Source: n, Target: n.elementTarget("")}
	if name, ok := n.GetAttribute("download"); ok {
		req.Download, req.DownloadName = true, name
	}
	return n.doc.navigate(req)
}

// elementTarget is HTML "get an element's target": the override (a
// submitter's formtarget) if present, else the element's own target
// attribute, else the first <base target>.
func (n *Node) elementTarget(override string) string {
	if override != "" {
		return override
	}
	if t, ok := n.GetAttribute("target"); ok {
		return t
	}
	return n.doc.baseTarget()
}

// isImgIsmap reports an img element with an ismap attribute.
func isImgIsmap(h *html.Node) bool {
	if h.Type != html.ElementNode || h.DataAtom != atom.Img || h.Namespace != "" {
		return false
	}
	for _, a := range h.Attr {
		if a.Namespace == "" && a.Key == "ismap" {
			return true
		}
	}
	return false
}
