package vdom

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
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
	// State is the entry's state, which PushState or ReplaceState gave
	// it: the document's HistoryState and popstate's State.
	State any
	// NewDocument reports a document just loaded for the entry (Back,
	// Forward or Reload to an entry whose document was discarded): it
	// takes the State only, and nothing fires (HTML "update document for
	// history step application" with documentIsNew).
	NewDocument bool
}

// Traverse moves the document to another of its session history entries,
// as Back and Forward do between entries of one page: the document takes
// the entry's URL (Document.URL, LocationHash and :target follow it) and
// its State (HistoryState), popstate is fired at the Window with the
// State, then, with ScrollToFragment, the focus moves as for a
// followed link, and a hashchange is queued when the fragment changed
// (HTML §7.4.6.2 "update document for history step application"). Nothing
// is requested and HistoryLength does not change. With NewDocument the
// document only takes the State. The error is that of a
// listener, or one matching ErrSyntax for a URL that does not parse or is
// not absolute. A document without a Window has no history: Traverse
// does nothing.
func (w *Window) Traverse(t Traversal) error {
	d := w.doc
	if d.window == nil {
		return nil
	}
	if t.NewDocument {
		d.page().state = t.State
		return nil
	}
	u, err := parseURL(t.URL, nil)
	if err != nil {
		return fmt.Errorf("vdom: Traverse to %q: %w", t.URL, err)
	}
	err = d.applyHistoryEntry(u, u.Fragment == "" && u.RawFragment == "" && hasFragmentDelimiter(t.URL), t.State)
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
	// State is the entry's state object, as PushState or ReplaceState
	// gave it; nil stands for null.
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

// StateHistory is a SessionHistory that also keeps the entries
// history.pushState and history.replaceState make (PushState,
// ReplaceState). Package browse's sessions are one. A Window whose
// SessionHistory is not one counts the entries PushState adds itself.
type StateHistory interface {
	SessionHistory
	// AddStateEntry is called before the document takes url (absolute,
	// serialized as Document.URL gives it) and state: replace reports
	// ReplaceState, which replaces the current entry, where PushState adds
	// one after it. An error stops the call: the document keeps its URL
	// and state, and PushState or ReplaceState returns the error.
	AddStateEntry(url string, state any, replace bool) error
}

// PushState is history.pushState(state, "", rawURL): a new session
// history entry of the document, after the current one, with rawURL
// (resolved against the document's base URL; "" keeps the document's
// URL) and state. Nothing is loaded and no event fires: the document
// takes the URL (Document.URL, LocationHash; :target follows it, where
// Chromium keeps the element it had) and HistoryState returns state
// until another entry is gone to. Back and Forward to the entry give the
// state to popstate (Traversal.State). A URL that does not parse, or one
// the document's URL cannot be rewritten to (another scheme, host or
// port; HTML §7.2.4 "can have its URL rewritten"), gives an error matching
// ErrSecurity, as history.pushState throws a SecurityError, and changes
// nothing.
func (w *Window) PushState(state any, rawURL string) error {
	return w.updateState(state, rawURL, false)
}

// ReplaceState is history.replaceState(state, "", rawURL): PushState's
// steps, but the current entry takes the URL and state instead of a new
// one being added.
func (w *Window) ReplaceState(state any, rawURL string) error {
	return w.updateState(state, rawURL, true)
}

// HistoryState returns the state of the document's current session
// history entry (history.state): what PushState or ReplaceState gave it,
// or what a traversal to the entry brought (Traversal.State); nil (null)
// for an entry made otherwise.
func (w *Window) HistoryState() any {
	if p := w.doc.pageIfAny(); p != nil {
		return p.state
	}
	return nil
}

// updateState is HTML §7.2.4 "shared history push/replace state steps"
// and "URL and history update steps" for the document's own navigable.
func (w *Window) updateState(state any, rawURL string, replace bool) error {
	d := w.doc
	name := "PushState"
	if replace {
		name = "ReplaceState"
	}
	docURL := d.documentURL()
	newURL, empty := docURL, false
	if p := d.pageIfAny(); p != nil {
		empty = p.emptyFragment
	}
	if rawURL != "" {
		u, err := parseURL(rawURL, d.BaseURL())
		if err != nil {
			return fmt.Errorf("vdom: %s(%q): %w", name, rawURL,
				domErrorf(ErrSecurity, "the URL does not parse: %v", err))
		}
		if !canRewriteURL(docURL, u) {
			return fmt.Errorf("vdom: %s(%q): %w", name, rawURL,
				domErrorf(ErrSecurity, "a history entry of the document %s cannot have the URL %s", d.URL(), u))
		}
		newURL = u
		empty = u.Fragment == "" && u.RawFragment == "" && strings.HasSuffix(rawURL, "#")
	}
	p := d.page()
	serialized := serializeURL(newURL, empty)
	if h, ok := p.history.(StateHistory); ok {
		if err := h.AddStateEntry(serialized, state, replace); err != nil {
			return err
		}
	} else if !replace {
		p.historyAdded++
	}
	p.url, p.emptyFragment, p.state = newURL, empty, state
	d.liveChanged()
	return nil
}

// canRewriteURL is HTML §7.2.4 "can have its URL rewritten": a document's
// URL may become target only within its origin: an http(s) URL in its
// path, query and fragment, a file: URL in its query and fragment, any
// other only in its fragment.
func canRewriteURL(doc, target *url.URL) bool {
	if !strings.EqualFold(doc.Scheme, target.Scheme) || doc.User.String() != target.User.String() ||
		!strings.EqualFold(doc.Host, target.Host) {
		return false
	}
	switch strings.ToLower(target.Scheme) {
	case "http", "https":
		return true
	case "file":
		return doc.EscapedPath() == target.EscapedPath()
	}
	return doc.EscapedPath() == target.EscapedPath() && doc.Opaque == target.Opaque && doc.RawQuery == target.RawQuery
}
