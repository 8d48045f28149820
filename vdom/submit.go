package vdom

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// isForm reports an HTML form element.
func (n *Node) isForm() bool {
	return n.h.Type == html.ElementNode && n.h.DataAtom == atom.Form && n.h.Namespace == ""
}

// RequestSubmit is the form's requestSubmit(submitter): it submits the form
// as a click on submitter would, with constraint validation and the submit
// event. A nil submitter submits from the form itself. A submitter that is
// not a submit button is an ErrType error (the standard's TypeError), one
// whose form owner is another form an ErrNotFound error. Called on an
// element that is not a form it returns an ErrType error. Other errors are
// those of the listeners of the events fired and of the navigation handler.
func (n *Node) RequestSubmit(submitter *Node) error {
	if !n.isForm() {
		return domErrorf(ErrType, "RequestSubmit on %s, which is not a form", n.describe())
	}
	if submitter != nil {
		if !submitter.isSubmitButton() {
			return domErrorf(ErrType, "the submitter %s is not a submit button", submitter.describe())
		}
		if submitter.Form() != n {
			return domErrorf(ErrNotFound, "the submitter %s belongs to another form", submitter.describe())
		}
	} else {
		submitter = n
	}
	return n.submitForm(submitter, false)
}

// Submit is the form's submit(): it submits the form at once, without
// constraint validation and without firing the submit event.
func (n *Node) Submit() error {
	if !n.isForm() {
		return domErrorf(ErrType, "Submit on %s, which is not a form", n.describe())
	}
	return n.submitForm(n, true)
}

// Reset is the form's reset(): it fires a cancelable "reset" event at the
// form and, unless a listener cancels it, runs the reset algorithm of each
// of its resettable elements (input, output, select, textarea), restoring
// their default values, checkedness and selectedness.
func (n *Node) Reset() error {
	if !n.isForm() {
		return domErrorf(ErrType, "Reset on %s, which is not a form", n.describe())
	}
	return n.resetForm()
}

// resetForm is HTML §4.10.21.5 "reset" with reset()'s "locked for reset"
// flag, so a reset listener that resets the form again does nothing.
func (n *Node) resetForm() error {
	p := n.doc.page()
	if p.resetting[n.h] {
		return nil
	}
	if p.resetting == nil {
		p.resetting = make(map[*html.Node]bool)
	}
	p.resetting[n.h] = true
	defer delete(p.resetting, n.h)
	e := makeEvent("reset", flagInitialized, ifaceEvent, nil)
	e.setInit(true, true, false)
	ok, err := dispatchAs(n, e, true)
	if !ok {
		return err
	}
	for _, c := range n.ownedElements() {
		switch c.h.DataAtom {
		case atom.Input, atom.Output, atom.Select, atom.Textarea:
			c.resetAlgorithm()
		}
	}
	return err
}

// ownedElements returns the listed elements whose form owner is the form
// n, in tree order: its descendants and the elements of its tree that name
// it in a form attribute. Image buttons are included (form.elements leaves
// them out; submission and reset do not).
func (n *Node) ownedElements() []*Node {
	hs := n.doc.formControls(n)
	out := make([]*Node, len(hs))
	for i, h := range hs {
		out[i] = n.doc.wrap(h)
	}
	return out
}

// cannotNavigate is HTML "cannot navigate" for a form: a document without a
// browsing context (no Window) or a form that is not connected.
func (n *Node) cannotNavigate() bool { return n.doc.window == nil || !n.IsConnected() }

// submitForm is the form submission algorithm (HTML §4.10.21.3) for the form
// n, from submitter (a submit button, or n itself), with submittedFromSubmit
// set when it runs for submit(). Where the standard queues the navigation as
// a task, the request goes to the navigation hook at once: vdom has no
// later page that the task could replace.
func (n *Node) submitForm(submitter *Node, fromSubmit bool) error {
	// Steps 1-2.
	if n.cannotNavigate() {
		return nil
	}
	p := n.doc.page()
	if p.constructing[n.h] {
		return nil
	}
	var errs []error
	if !fromSubmit {
		// Step 6.1-6.2: the firing submission events flag.
		if p.firing[n.h] {
			return nil
		}
		if p.firing == nil {
			p.firing = make(map[*html.Node]bool)
		}
		p.firing[n.h] = true
		// Every submittable control of the form gets user validity
		// before validation (whatwg/html#10066; WebKit and Chromium do
		// so), whether or not the submission goes on.
		for _, h := range n.doc.formControls(n) {
			if c := n.doc.wrap(h); c.isSubmittable() {
				n.doc.state(h).userValid = true
			}
		}
		// Step 6.4: interactive validation unless the no-validate state.
		if !n.noValidate(submitter) {
			ok, err := n.interactivelyValidate()
			if err != nil {
				errs = append(errs, err)
			}
			if !ok {
				delete(p.firing, n.h)
				return joinErrs(errs)
			}
		}
		// Step 6.5-6.7: the submit event, cancelable.
		var sub *Node
		if submitter != n {
			sub = submitter
		}
		ok, err := dispatchAs(n, newSubmitEvent(sub), true)
		delete(p.firing, n.h)
		if err != nil {
			errs = append(errs, err)
		}
		if !ok || n.cannotNavigate() {
			return joinErrs(errs)
		}
	}
	// Method dialog closes the nearest dialog ancestor, before any entry
	// list is built (no formdata event, as in Chromium).
	method := n.formMethod(submitter)
	if method == "dialog" {
		if d := n.closestDialog(); d != nil {
			var result *string
			if submitter.h.DataAtom == atom.Input && submitter.Type() == "image" {
				c := p.coords[submitter.h]
				s := strconv.Itoa(c[0]) + "," + strconv.Itoa(c[1])
				result = &s
			} else if submitter != n {
				v := submitter.Value()
				result = &v
			}
			d.closeDialog(result)
		}
		return joinErrs(errs)
	}
	// The entry list (UTF-8 is the one encoding).
	entries, ok, err := n.constructEntryList(submitter)
	if err != nil {
		errs = append(errs, err)
	}
	if !ok || n.cannotNavigate() {
		return joinErrs(errs)
	}
	if err := n.navigateWithEntries(submitter, method, entries); err != nil {
		errs = append(errs, err)
	}
	return joinErrs(errs)
}

func joinErrs(errs []error) error { return errors.Join(errs...) }

// navigateWithEntries is steps 12-25: action, scheme, enctype and target,
// then the request the scheme's row of the table asks for.
func (n *Node) navigateWithEntries(submitter *Node, method string, entries []FormDataEntry) error {
	// Steps 12-14: the action, else the document's URL, parsed against the
	// base URL; a failure ends the submission.
	action := submitterAttr(n, submitter, "action", "formaction")
	var u *url.URL
	var err error
	if action == "" {
		u = n.doc.documentURL()
	} else if u, err = n.doc.resolveURL(action); err != nil {
		return nil
	}
	enctype := n.formEnctype(submitter)
	target := ""
	if submitter != n && submitter.isSubmitButton() {
		target, _ = submitter.GetAttribute("formtarget")
	}
	req := NavigationRequest{Method: "GET", URL: u, Header: Header{}, Target: n.elementTarget(target), Source: n}
	switch u.Scheme {
	case "http", "https", "data", "file":
		if method == "get" {
			// "Mutate action URL": the query is the entry list.
			// An empty list still sets the query: the URL ends in "?".
			u.RawQuery = string(encodeURLEncoded(entries))
			u.ForceQuery = u.RawQuery == ""
			break
		}
		if u.Scheme == "file" {
			// "Get action URL": a POST to a file URL sends nothing.
			break
		}
		if u.Scheme == "data" {
			return domErrorf(ErrNotSupported, "a POST form submission to a data: URL is not supported")
		}
		req.Method = "POST"
		switch enctype {
		case enctypeMultipart:
			boundary := newBoundary()
			req.Body = encodeMultipart(entries, boundary)
			req.Header.Set("Content-Type", enctypeMultipart+"; boundary="+boundary)
		case enctypeTextPlain:
			req.Header.Set("Content-Type", enctypeTextPlain)
			if n.formMethod(n) != "post" {
				// Chromium encodes the body as text/plain only when the
				// form's own method is POST; a submitter's formmethod=post
				// on another form sends urlencoded bytes under the
				// text/plain type.
				req.Body = encodeURLEncoded(entries)
				break
			}
			req.Body = encodeTextPlain(entries)
		default:
			req.Body = encodeURLEncoded(entries)
			req.Header.Set("Content-Type", enctypeURLEncoded)
		}
	case "ftp":
		// "Get action URL".
	default:
		// mailto: opens a mail client and javascript: runs script; vdom
		// has neither, nor any other scheme's handler.
		return domErrorf(ErrNotSupported, "form submission to a %s: URL is not supported", u.Scheme)
	}
	return n.doc.navigate(req)
}

// submitterAttr returns the submitter's override attribute (formaction,
// formmethod, formenctype) when the submitter is a submit button that has
// it, else the form's own attribute.
func submitterAttr(form, submitter *Node, attr, override string) string {
	if submitter != nil && submitter != form && submitter.isSubmitButton() {
		if v, ok := submitter.GetAttribute(override); ok {
			return v
		}
	}
	v, _ := form.GetAttribute(attr)
	return v
}

// formMethod is the submitter's method: "get", "post" or "dialog"; both
// the missing and the invalid value default are GET.
func (n *Node) formMethod(submitter *Node) string {
	switch strings.ToLower(submitterAttr(n, submitter, "method", "formmethod")) {
	case "post":
		return "post"
	case "dialog":
		return "dialog"
	}
	return "get"
}

// formEnctype is the submitter's enctype; both defaults are
// application/x-www-form-urlencoded.
func (n *Node) formEnctype(submitter *Node) string {
	switch v := strings.ToLower(submitterAttr(n, submitter, "enctype", "formenctype")); v {
	case enctypeMultipart, enctypeTextPlain:
		return v
	}
	return enctypeURLEncoded
}

// noValidate is the submitter's no-validate state: formnovalidate on a
// submit button, or novalidate on the form.
func (n *Node) noValidate(submitter *Node) bool {
	if submitter != nil && submitter != n && submitter.isSubmitButton() && submitter.HasAttribute("formnovalidate") {
		return true
	}
	return n.HasAttribute("novalidate")
}

// interactivelyValidate is HTML §4.10.20.2 "interactively validate the
// constraints": statically validate (firing "invalid" at each invalid
// control), and on a negative result report the first unhandled control to
// the user, which here means focusing it.
func (n *Node) interactivelyValidate() (bool, error) {
	// staticallyValidate returns nil for a positive result and a non-nil
	// slice (empty when every invalid event was canceled) for a negative
	// one.
	unhandled, err := n.staticallyValidate()
	if unhandled == nil {
		return true, err
	}
	if len(unhandled) > 0 {
		if ferr := focusForReport(unhandled[0]); ferr != nil {
			err = errors.Join(err, ferr)
		}
	}
	return false, err
}

// closestDialog returns the nearest dialog ancestor of n, or nil.
func (n *Node) closestDialog() *Node {
	for h := n.h.Parent; h != nil; h = h.Parent {
		if h.Type == html.ElementNode && h.DataAtom == atom.Dialog && h.Namespace == "" {
			return n.doc.wrap(h)
		}
	}
	return nil
}

// closeDialog is HTML "close the dialog" with a result: the open attribute
// goes, the return value is set unless result is nil, and a ToggleEvent
// (open to closed) and then "close" fire from queued tasks.
func (n *Node) closeDialog(result *string) {
	if !n.HasAttribute("open") {
		return
	}
	n.queueToggle("open", "closed")
	if result != nil {
		n.SetReturnValue(*result)
	}
	n.doc.Post(func() {
		if err := n.fireSimple("close", false, false, false); err != nil {
			panic(err)
		}
	})
	// Without open the dialog's contents are not rendered, so a focused
	// element inside loses focus: Chromium does that at its next
	// rendering update, after the toggle and close tasks queued above,
	// and the fixup task this queues runs after them too.
	n.RemoveAttribute("open")
}

// ReturnValue is a dialog element's returnValue: set when a form with
// method=dialog inside it closes it (the submitter's value), "" before.
func (n *Node) ReturnValue() string {
	if p := n.doc.pageIfAny(); p != nil {
		return p.returnValues[n.h]
	}
	return ""
}

// SetReturnValue sets a dialog element's returnValue.
func (n *Node) SetReturnValue(v string) {
	p := n.doc.page()
	if p.returnValues == nil {
		p.returnValues = make(map[*html.Node]string)
	}
	p.returnValues[n.h] = v
}
