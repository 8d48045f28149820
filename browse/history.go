package browse

import (
	"context"
	"net/url"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/weburl"
	"github.com/eventperk/eventperk-go/vdom"
)

// entry is one session history entry.
type entry struct {
	// req loads the entry's document again; its URL has the entry's
	// fragment.
	req request
	// url is the entry's URL as the document has it (an empty
	// fragment's "#" kept, which req.url cannot show).
	url string
	// doc is the document state the entries of one document share.
	doc *docState
	// state is the entry's state (history.state), which the page's
	// pushState or replaceState gave it (vdom.Window.PushState).
	state any
}

// docState is what the entries of one document share (HTML's "document
// state"): the page that shows the document while the session is on it.
// The session has no back-forward cache: once it leaves the document,
// page is nil, and the first of the entries it goes back to loads the
// document again, for all of them.
type docState struct {
	page *Page
}

// HistoryEntry is one entry of a session's history.
type HistoryEntry struct {
	// Method is "GET", or "POST" for a page that answered a POST without
	// redirecting to a GET.
	Method string
	// URL is the entry's URL: the page's final URL, with the fragment
	// of the load or of the navigation within the page that made the
	// entry (an empty fragment, "x#", shows as none); a password in it
	// is "xxxxx", as in Requests and errors (Page.URL has it).
	URL *url.URL
}

// Back goes to the previous history entry. An entry of the current
// page's document (a fragment navigation made it) is gone to without a
// request: the document takes the entry's URL (Page.URL, Document.URL,
// :target), popstate fires, a hashchange is queued when the fragment
// changes, and the focus moves as Chromium moves it (see the package
// documentation, "History"); the error is then a listener's. An entry of
// another document is loaded again by re-sending its request (a POST with
// its body, as a browser without a back-forward cache whose user confirms
// the resubmission), as Navigate loads a page, and the entries of that
// document show the new page. At the first entry it returns an error
// matching ErrNoHistory. When a load fails without a page the current
// entry does not change.
func (s *Session) Back(ctx context.Context) (*Page, error) {
	if s.index <= 0 {
		return nil, errkind.Errorf("browse: back: %w: at the first entry", ErrNoHistory)
	}
	return s.traverse(ctx, s.index-1)
}

// Forward goes to the next history entry, as Back does. At the last entry
// it returns an error matching ErrNoHistory.
func (s *Session) Forward(ctx context.Context) (*Page, error) {
	if s.index+1 >= len(s.history) {
		return nil, errkind.Errorf("browse: forward: %w: at the last entry", ErrNoHistory)
	}
	return s.traverse(ctx, s.index+1)
}

// Reload loads the current history entry's document again, re-sending
// its request as Back does for an entry of another document; the entries
// of the old document show the new page. Before the first load it returns
// an error matching ErrNoHistory.
func (s *Session) Reload(ctx context.Context) (*Page, error) {
	if s.index < 0 {
		return nil, errkind.Errorf("browse: reload: %w: no page loaded", ErrNoHistory)
	}
	return s.traverse(ctx, s.index)
}

// traverse makes history entry i current (HTML "apply the history
// step"): within the current document when the entry is one of its own
// and i is another entry, else by loading its document again.
func (s *Session) traverse(ctx context.Context, i int) (*Page, error) {
	if ctx == nil {
		return nil, errkind.Errorf("browse: history: %w: nil context", ErrBadRequest)
	}
	e := s.history[i]
	if i != s.index && s.current != nil && e.doc.page == s.current {
		return s.traverseWithin(i)
	}
	if err := s.enter(e.req); err != nil {
		return nil, err
	}
	defer s.leave()
	p, err := s.fetchPage(ctx, e.req)
	if p == nil {
		return nil, err
	}
	s.leaveDocument()
	next := pageRequest(p, e.req)
	if withoutFragment(next.url).String() == withoutFragment(e.req.url).String() {
		e.doc.page = p
	} else {
		// Redirected elsewhere: the entry's document is another one
		// than its siblings had.
		s.history[i].doc = &docState{page: p}
	}
	s.history[i].req, s.history[i].url = next, p.doc.URL()
	s.index = i
	if w := p.doc.Window(); w != nil && s.history[i].state != nil {
		// The new document's history.state is the entry's.
		_ = w.Traverse(vdom.Traversal{NewDocument: true, State: s.history[i].state})
	}
	// Chromium restores the scroll position it saved for the entry,
	// and does not scroll to (or focus) the fragment.
	p.restored = true
	return s.show(ctx, p, err, false)
}

// traverseWithin goes to history entry i of the current page's document
// (HTML "update document for history step application" with a document
// that stays): no request, the document takes the entry's URL. Whether
// the focus moves is Chromium's scroll restoration: in a document loaded
// by a navigation it has no scroll position to restore at the first
// traversal, and scrolls to the fragment instead, moving the focus as a
// link does; from then on, and in a document that Back, Forward or
// Reload loaded, it restores one and the focus stays (recorded in
// testdata/chromium/history.json).
func (s *Session) traverseWithin(i int) (*Page, error) {
	p, e := s.current, s.history[i]
	s.index = i
	p.url = cloneURL(e.req.url)
	scroll := !p.restored
	p.restored = true
	w := p.doc.Window()
	if w == nil {
		return p, nil
	}
	return p, w.Traverse(vdom.Traversal{URL: e.url, ScrollToFragment: scroll, State: e.state})
}

// leaveDocument drops the current page's document from its entries, as a
// browser without a back-forward cache discards a document it leaves.
func (s *Session) leaveDocument() {
	if s.index >= 0 {
		s.history[s.index].doc.page = nil
	}
}

// pageHistory is the session history of one page's window: the entries
// its fragment navigations add (vdom.SessionHistory).
type pageHistory struct {
	s *Session
	p *Page
}

// AddEntry adds the entry of a fragment navigation after the current
// one, dropping those forward of it, or replaces the current entry (HTML
// "navigate to a fragment" and "finalize a same-document navigation"):
// the document stays, so does the request that loads it again, with the
// new fragment. Only the current page navigates.
func (h pageHistory) AddEntry(rawURL string, replace bool) error {
	return h.add("fragment navigation", rawURL, nil, replace, true)
}

// AddStateEntry adds the entry of the page's history.pushState after the
// current one, dropping those forward of it, or replaces the current
// entry for replaceState (HTML "URL and history update steps"): an entry
// of the same document, whose request loads it again from the new URL.
// Only the current page changes the history.
func (h pageHistory) AddStateEntry(rawURL string, state any, replace bool) error {
	what := "pushState"
	if replace {
		what = "replaceState"
	}
	return h.add(what, rawURL, state, replace, false)
}

// add adds or replaces an entry of the page's document with rawURL and
// state; keepForm keeps the method and body that load the document again
// (a fragment navigation's entry does, Chromium keeps no form data in an
// entry pushState or replaceState made: loaded again, it is a GET).
func (h pageHistory) add(what, rawURL string, state any, replace, keepForm bool) error {
	s, p := h.s, h.p
	u, err := weburl.Parse(rawURL, nil)
	if err != nil {
		// vdom gives the URL it serialized: this does not happen.
		return errkind.Errorf("browse: %s to %s: %w: %v", what, quoteLong(rawURL), ErrBadRequest, err)
	}
	if p != s.current {
		now := "no page"
		if s.current != nil {
			now = shownURL(s.current.url)
		}
		return errkind.Errorf("browse: %s to %s asked for by %s: %w (the current page is %s); find the element again in Session.Document()",
			what, shownURL(u), shownURL(p.url), ErrInactivePage, now)
	}
	cur := s.history[s.index]
	e := entry{req: cur.req, url: rawURL, doc: cur.doc, state: state}
	e.req.url = u
	if !keepForm {
		e.req.method, e.req.body, e.req.contentType = "GET", nil, ""
	}
	if replace {
		s.history[s.index] = e
	} else {
		s.history = append(s.history[:s.index+1], e)
		s.index++
	}
	p.url = cloneURL(u)
	return nil
}

// Length returns the number of entries (history.length).
func (h pageHistory) Length() int { return len(h.s.history) }

// History returns the session's history entries, oldest first.
func (s *Session) History() []HistoryEntry {
	out := make([]HistoryEntry, len(s.history))
	for i, e := range s.history {
		out[i] = HistoryEntry{Method: e.req.method, URL: redactURL(e.req.url)}
	}
	return out
}

// HistoryIndex returns the index of the current entry in History, -1
// before the first load.
func (s *Session) HistoryIndex() int { return s.index }

// pageRequest is the request that loads p again: its final method and
// URL, with the body of the original request if it is still a POST.
func pageRequest(p *Page, orig request) request {
	r := request{method: p.method, url: cloneURL(p.url), referrer: orig.referrer, policy: orig.policy}
	if p.method == orig.method {
		r.body, r.contentType = orig.body, orig.contentType
	}
	return r
}
