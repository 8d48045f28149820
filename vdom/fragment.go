package vdom

import (
	"errors"
	"net/url"

	"github.com/eventperk/eventperk-go/internal/htmltree"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Fragment navigation: a followed link whose URL differs from the
// document's only in its fragment moves within the page instead of
// loading one (HTML §7.4.2.3.3 "navigate to a fragment" and §7.4.6.4
// "scroll to the fragment"). What Chromium 148 does was recorded
// (testdata/browser, fragment-*):
//   - the document's URL takes the new fragment at once (Document.URL,
//     Window.LocationHash, :target), a new session history entry is
//     added unless the URL is the one the document has already (the
//     standard's "replace"), popstate is fired at the Window, and a
//     hashchange HashChangeEvent is queued at it when the fragment
//     changed;
//   - the indicated element (Document's target element) is revealed: the
//     details elements around it open (each queues its toggle), and the
//     hidden=until-found elements on its ancestor chain, itself included,
//     get a bubbling beforematch and lose the hidden attribute;
//   - a focusable target gets the focus as focus() gives it; otherwise
//     the focused element loses it and the target becomes the starting
//     point of sequential focus navigation, so the next Tab goes to the
//     first focusable element after it;
//   - a fragment that indicates nothing (no element, "top", the empty
//     fragment) changes the URL only: the focus stays where it is.

// fragmentNavigation reports whether following u, a link's URL whose input
// had a '#' (hasFragment), is a navigation to a fragment of the document
// itself: u equals the document's URL with fragments excluded, and u has a
// fragment (HTML §7.4.2.3 "navigate", step 15).
func (d *Document) fragmentNavigation(u *url.URL, hasFragment bool) bool {
	if !hasFragment {
		return false
	}
	doc, v := d.documentURL(), *u
	doc.Fragment, doc.RawFragment, v.Fragment, v.RawFragment = "", "", "", ""
	return doc.String() == v.String()
}

// navigateToFragment is HTML "navigate to a fragment" for the document's
// own navigable: u is the new URL, emptyFragment says its fragment is ""
// (u ending in "#", which net/url cannot tell from none). sameReplaces
// makes a URL equal to the document's replace its entry, as a followed
// link does ("navigate" step 14); the address bar always adds one.
func (d *Document) navigateToFragment(u *url.URL, emptyFragment, sameReplaces bool) error {
	if d.window == nil {
		// No browsing context: the document cannot navigate.
		return nil
	}
	p := d.page()
	v := *u
	empty := emptyFragment && v.Fragment == "" && v.RawFragment == ""
	newURL := serializeURL(&v, empty)
	replace := sameReplaces && newURL == d.URL()
	// "Finalize a same-document navigation": the session history takes
	// the entry. The standard appends it after the document's update;
	// asking first lets a session refuse the navigation of a page it has
	// left (only the active document navigates) before anything changes,
	// and makes HistoryLength count the entry in the popstate listeners,
	// as history.length does.
	if p.history != nil {
		if err := p.history.AddEntry(newURL, replace); err != nil {
			return err
		}
	} else if !replace {
		p.historyAdded++
	}
	return errors.Join(d.applyHistoryEntry(&v, empty, nil), d.scrollToFragment())
}

// applyHistoryEntry is HTML "update document for history step
// application" for an entry of the document itself (documentIsNew false):
// the document takes the entry's URL (and :target follows) and its state
// (history.state), popstate is fired at the Window with that state, and a
// hashchange is queued when the fragment changed. Chromium 148 fires
// popstate for a followed fragment link too, before the focus moves.
func (d *Document) applyHistoryEntry(u *url.URL, emptyFragment bool, state any) error {
	p := d.page()
	p.state = state
	oldURL := d.URL()
	oldHash, oldHas := d.fragmentString()
	p.url, p.emptyFragment = u, emptyFragment
	newURL := d.URL()
	newHash, newHas := d.fragmentString()
	d.liveChanged() // :target follows the URL
	w := d.window
	pop := NewPopStateEvent("popstate", PopStateEventInit{PopStateEvent: PopStateEvent{State: state}})
	_, err := dispatchAs(w, pop, true)
	if newHash != oldHash || newHas != oldHas {
		d.Post(func() {
			e := NewHashChangeEvent("hashchange", HashChangeEventInit{HashChangeEvent: HashChangeEvent{OldURL: oldURL, NewURL: newURL}})
			if _, err := dispatchAs(w, e, true); err != nil {
				panic(err)
			}
		})
	}
	return err
}

// serializeURL serializes u, with the "#" of an empty fragment.
func serializeURL(u *url.URL, emptyFragment bool) string {
	if emptyFragment {
		return u.String() + "#"
	}
	return u.String()
}

// fragmentString returns the fragment of the document's URL as written
// in it (percent-encoded), and whether the URL has one ("" with has true
// is the empty fragment).
func (d *Document) fragmentString() (frag string, has bool) {
	p := d.pageIfAny()
	if p == nil || p.url == nil {
		return "", false
	}
	if p.url.Fragment == "" && p.url.RawFragment == "" {
		return "", p.emptyFragment
	}
	return p.url.EscapedFragment(), true
}

// scrollToFragment is HTML "scroll to the fragment" without the scrolling
// (there is no layout): for an indicated element, reveal it, then focus it
// or, when it is not focusable, move the focus to the viewport and the
// sequential focus navigation starting point to it, as Chromium's fragment
// anchor does. The top of the document, and a fragment that indicates
// nothing, change no focus.
func (d *Document) scrollToFragment() error {
	target := d.targetElement()
	if target == nil {
		return nil
	}
	err := d.revealAncestors(target)
	if !d.connected(target) {
		// A beforematch listener removed it.
		return err
	}
	// "Run the focusing steps for target, with the Document's viewport
	// as the fallback target": Chromium asks whether the element itself
	// is focusable (a label does not hand the focus to its control here).
	if d.focusable(target) {
		d.focus.autofocusDone = true
		if d.focus.node == target {
			return err
		}
		return errors.Join(err, d.moveFocus(target, focusScript, false))
	}
	if d.focus.node != nil {
		err = errors.Join(err, d.moveFocus(nil, focusScript, false))
	}
	// "Move the sequential focus navigation starting point to target."
	// After the blur: moveFocus makes the element that lost the focus the
	// starting point.
	if d.focus.node == nil && d.connected(target) {
		d.focus.start = target
	}
	return err
}

// revealAncestors is HTML's "ancestor revealing algorithm" in Chromium's
// order: first every details element whose content holds the target
// opens (the target's own details content counts; a details that is the
// target stays closed), then each element on the target's inclusive
// ancestor chain with hidden=until-found gets a bubbling beforematch and
// loses its hidden attribute, nearest first.
func (d *Document) revealAncestors(target *html.Node) error {
	for c := target; c != nil && c.Parent != nil; c = c.Parent {
		if p := c.Parent; isHTML(p, atom.Details) && c != detailsSummary(p) && !hasAttr(p, "open") {
			d.wrap(p).reflectBool("open", true)
		}
	}
	var errs []error
	for c := target; c != nil && c.Type == html.ElementNode; c = c.Parent {
		v, ok := attrVal(c, "hidden")
		if !ok || !htmltree.EqualFoldASCII(v, "until-found") {
			continue
		}
		n := d.wrap(c)
		if _, err := dispatchAs(n, NewEventWith("beforematch", EventInit{Bubbles: true}), true); err != nil {
			errs = append(errs, err)
		}
		// A listener may have moved things; the attribute goes all the
		// same, as the standard's steps say.
		n.RemoveAttribute("hidden")
	}
	return errors.Join(errs...)
}

// LocationHash returns the fragment of the document's URL as the DOM's
// location.hash gives it: "#" and the fragment as written in the URL
// (percent-encoded), or "" when the URL has no fragment or an empty one.
func (w *Window) LocationHash() string {
	if frag, _ := w.doc.fragmentString(); frag != "" {
		return "#" + frag
	}
	return ""
}

// HistoryLength returns the number of session history entries, as
// history.length counts them. A Window with a SessionHistory (package
// browse's pages have one) reports its Length. Without one it counts for
// a page opened in a new tab: 1 for the document itself, plus one for
// each fragment navigation to a URL other than the document's (following
// a link to the fragment the URL has already replaces the entry).
func (w *Window) HistoryLength() int {
	p := w.doc.pageIfAny()
	switch {
	case p == nil:
		return 1
	case p.history != nil:
		return p.history.Length()
	}
	return 1 + p.historyAdded
}

// HashChangeEvent holds the members of the HTML HashChangeEvent interface,
// the event a fragment navigation fires at the Window.
type HashChangeEvent struct {
	OldURL string // the document's URL before the navigation
	NewURL string // its URL after
}

// HashChangeEventInit holds the members of the HashChangeEventInit
// dictionary.
type HashChangeEventInit struct {
	EventInit
	HashChangeEvent
}

// NewHashChangeEvent returns an initialized HashChangeEvent, the Go form
// of new HashChangeEvent(typ, init).
func NewHashChangeEvent(typ string, init HashChangeEventInit) *Event {
	o := &struct {
		ev Event
		m  HashChangeEvent
	}{m: init.HashChangeEvent}
	return newTyped(&o.ev, typ, ifaceHashChange, &o.m, init.EventInit)
}

// AsHashChange returns the members of a HashChangeEvent; false for other
// events.
func (e *Event) AsHashChange() (HashChangeEvent, bool) {
	if e.iface != ifaceHashChange {
		return HashChangeEvent{}, false
	}
	return *e.detail.(*HashChangeEvent), true
}
