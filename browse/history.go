package browse

import (
	"context"
	"net/url"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// entry is one history entry: the request that loaded it, to re-send.
type entry struct {
	req request
}

// HistoryEntry is one entry of a session's history.
type HistoryEntry struct {
	// Method is "GET", or "POST" for a page that answered a POST without
	// redirecting to a GET.
	Method string
	// URL is the page's final URL, with its fragment; a password in it
	// is "xxxxx", as in Requests and errors (Page.URL has it).
	URL *url.URL
}

// Back loads the previous history entry again, re-sending its request (a
// POST with its body, as a browser without a back-forward cache whose user
// confirms the resubmission). At the first entry it returns an error
// matching ErrNoHistory. When the load fails without a page the current
// entry does not change.
func (s *Session) Back(ctx context.Context) (*Page, error) {
	if s.index <= 0 {
		return nil, errkind.Errorf("browse: back: %w: at the first entry", ErrNoHistory)
	}
	return s.traverse(ctx, s.index-1)
}

// Forward loads the next history entry again, as Back does. At the last
// entry it returns an error matching ErrNoHistory.
func (s *Session) Forward(ctx context.Context) (*Page, error) {
	if s.index+1 >= len(s.history) {
		return nil, errkind.Errorf("browse: forward: %w: at the last entry", ErrNoHistory)
	}
	return s.traverse(ctx, s.index+1)
}

// Reload loads the current history entry again, as Back does. Before the
// first load it returns an error matching ErrNoHistory.
func (s *Session) Reload(ctx context.Context) (*Page, error) {
	if s.index < 0 {
		return nil, errkind.Errorf("browse: reload: %w: no page loaded", ErrNoHistory)
	}
	return s.traverse(ctx, s.index)
}

// traverse re-sends the request of history entry i and makes it current.
func (s *Session) traverse(ctx context.Context, i int) (*Page, error) {
	if ctx == nil {
		return nil, errkind.Errorf("browse: history: %w: nil context", ErrBadRequest)
	}
	if err := s.enter(s.history[i].req); err != nil {
		return nil, err
	}
	defer s.leave()
	p, err := s.fetchPage(ctx, s.history[i].req)
	if p == nil {
		return nil, err
	}
	s.history[i].req = pageRequest(p, s.history[i].req)
	s.index = i
	return s.show(ctx, p, err)
}

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
