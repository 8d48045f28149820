package vdom

import (
	"errors"
	"fmt"
)

// Session history: a document moves between entries of its own without
// being loaded again (HTML §7.4 "session history"). vdom keeps the
// document's side of it (the URL, :target, popstate, hashchange, the
// focus); the entries and the traversal between them belong to whoever
// loads the documents, package browse, which gives each page's Window a
// SessionHistory.

// SessionHistory is the session history of a Window's navigable: the
// entries its fragment navigations add, and the length HistoryLength
// reports. Package browse's sessions give every page's Window one.
type SessionHistory interface {
	// AddEntry is called when the document navigates to a fragment of
	// its URL, before the document takes url (the new URL, serialized as
	// Document.URL gives it, an empty fragment's "#" included). replace
	// reports a URL equal to the document's, which replaces the current
	// entry instead of adding one after it. An error stops the
	// navigation: the document keeps its URL, nothing is fired, and the
	// call that caused the navigation returns the error.
	AddEntry(url string, replace bool) error
	// Length returns the number of entries (history.length).
	Length() int
}

// SetSessionHistory makes h the session history of the window's
// document: its fragment navigations go to h, and HistoryLength reports
// h's Length. A nil h restores the default, in which the Window counts
// the entries its fragment navigations add.
func (w *Window) SetSessionHistory(h SessionHistory) {
	w.doc.page().history = h
}

// Traversal is a history traversal to another entry of the window's
// document (HTML "apply the history step" with a document that stays).
type Traversal struct {
	// URL is the entry's URL, absolute; the document takes it.
	URL string
	// ScrollToFragment moves the focus to the element the URL's fragment
	// indicates, as a followed link does (Window.ScrollToFragment).
	// Chromium does so when it has no scroll position to restore for the
	// entry; when it restores one, the focus stays where it is.
	ScrollToFragment bool
}

// Traverse moves the document to another of its session history entries,
// as Back and Forward do between entries of one page: the document takes
// the entry's URL (Document.URL, LocationHash and :target follow it),
// popstate is fired at the Window (its state is nil: vdom has no
// pushState), then, with ScrollToFragment, the focus moves as for a
// followed link, and a hashchange is queued when the fragment changed
// (HTML §7.4.6.2 "update document for history step application"). Nothing
// is requested and HistoryLength does not change. The error is that of a
// listener, or one matching ErrSyntax for a URL that does not parse or is
// not absolute. A document without a Window has no history: Traverse
// does nothing.
func (w *Window) Traverse(t Traversal) error {
	d := w.doc
	if d.window == nil {
		return nil
	}
	u, err := parseURL(t.URL, nil)
	if err != nil {
		return fmt.Errorf("vdom: Traverse to %q: %w", t.URL, err)
	}
	err = d.applyHistoryEntry(u, u.Fragment == "" && u.RawFragment == "" && hasFragmentDelimiter(t.URL))
	if t.ScrollToFragment {
		err = errors.Join(err, d.scrollToFragment())
	}
	return err
}

// NavigateToFragment navigates the document to rawURL, a URL that differs
// from the document's only in its fragment, as a browser does for such a
// URL typed in its address bar: nothing is requested, the document takes
// the URL, popstate is fired, the indicated element is revealed and
// focused as for a followed link, and a hashchange is queued when the
// fragment changed. The session history gets a new entry even for the URL
// the document has already, as Chromium 148 adds one for a typed URL (a
// followed link to it replaces the entry instead). A URL that does not
// parse, is not absolute, or is not the document's with a fragment gives
// an error matching ErrSyntax; the error of a SessionHistory's AddEntry, or
// of a listener, is returned.
func (w *Window) NavigateToFragment(rawURL string) error {
	d := w.doc
	u, err := parseURL(rawURL, nil)
	if err != nil {
		return fmt.Errorf("vdom: NavigateToFragment(%q): %w", rawURL, err)
	}
	if !d.fragmentNavigation(u, hasFragmentDelimiter(rawURL)) {
		return fmt.Errorf("vdom: NavigateToFragment(%q): %w", rawURL,
			domErrorf(ErrSyntax, "not a fragment of the document's URL %s", d.URL()))
	}
	return d.navigateToFragment(u, true, false)
}

// ScrollToFragment is HTML's "try to scroll to the fragment", which a
// browser runs once a page it navigated to is parsed: the element the
// fragment of the document's URL indicates is revealed (closed details
// around it open, hidden=until-found ancestors get beforematch) and gets
// the focus when it is focusable; otherwise the focused element loses it
// and the element becomes the starting point of the next Tab. No
// scrolling: vdom has no layout. A URL without fragment, "#top", and a
// fragment that indicates nothing change nothing. Package browse calls it
// for every page a navigation loads; Chromium does not for a page that
// Back, Forward or Reload loads, whose scroll position it restores.
func (w *Window) ScrollToFragment() error {
	if w.doc.window == nil {
		return nil
	}
	return w.doc.scrollToFragment()
}

// PopStateEvent holds the members of the HTML PopStateEvent interface, the
// event a document gets when it moves to another of its session history
// entries.
type PopStateEvent struct {
	// State is the entry's state object; nil stands for null, which it
	// always is for the events vdom fires (it has no pushState).
	State any
	// HasUAVisualTransition reports that the user agent showed a visual
	// transition for the traversal; vdom shows none.
	HasUAVisualTransition bool
}

// PopStateEventInit holds the members of the PopStateEventInit
// dictionary.
type PopStateEventInit struct {
	EventInit
	PopStateEvent
}

// NewPopStateEvent returns an initialized PopStateEvent, the Go form of
// new PopStateEvent(typ, init).
func NewPopStateEvent(typ string, init PopStateEventInit) *Event {
	o := &struct {
		ev Event
		m  PopStateEvent
	}{m: init.PopStateEvent}
	return newTyped(&o.ev, typ, ifacePopState, &o.m, init.EventInit)
}

// AsPopState returns the members of a PopStateEvent; false for other
// events.
func (e *Event) AsPopState() (PopStateEvent, bool) {
	if e.iface != ifacePopState {
		return PopStateEvent{}, false
	}
	return *e.detail.(*PopStateEvent), true
}
