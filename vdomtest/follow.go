package vdomtest

import (
	"testing"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// Follow returns a Screen whose queries, actions, waits and assertions use
// the document current returns at each call, so that one Screen follows a
// page that navigates: with a browse.Session, Follow(t, sess.Document)
// searches the page the last click loaded. Its actions go through a
// userevent.User of the current document, made anew when the document
// changes (the pointer and keyboard state of the old page go with it).
// Elements belong to their page: an action on an element found before a
// navigation fails the test with a message that names the page it is on
// and the current one; find the element again.
//
// Screens made from it with Within search under their element, whichever
// document is current; WithUser gives a User that stays with its own
// document. A call made while current returns nil fails the test.
func Follow(t testing.TB, current func() *vdom.Document, opts ...Option) *Screen {
	t.Helper()
	if current == nil {
		t.Fatal("vdomtest.Follow: no function giving the document (nil)")
		return nil
	}
	return &Screen{t: t, cfg: newConfig(opts), follow: &follower{t: t, current: current}}
}

// follower is the state Follow's Screens share: the function giving the
// document, and the User of the document it gave last.
type follower struct {
	t       testing.TB
	current func() *vdom.Document
	// empty stands for the document while current returns nil, after
	// the test was failed, so that no caller dereferences nil.
	empty *vdom.Document
	doc   *vdom.Document
	user  *userevent.User
	// seen are the URLs of the documents current gave, in the order
	// they came, a document's again when its URL changed since (a
	// fragment link, Back within the page): ExpectURL's failures show
	// them. last is the document seen last.
	seen []string
	last *vdom.Document
}

// document returns the current document.
func (f *follower) document() *vdom.Document {
	f.t.Helper()
	doc := f.current()
	if doc == nil {
		f.t.Fatal("vdomtest: Follow: the function giving the document returned nil (no page loaded?)")
		if f.empty == nil {
			f.empty = vdom.NewDocument()
		}
		return f.empty
	}
	if u := doc.URL(); doc != f.last || u != f.seen[len(f.seen)-1] {
		f.last = doc
		f.seen = append(f.seen, u)
	}
	return doc
}

// actor returns the User of the current document.
func (f *follower) actor() *userevent.User {
	f.t.Helper()
	doc := f.document()
	if doc != f.doc || f.user == nil {
		f.doc, f.user = doc, userevent.New(doc)
	}
	return f.user
}

// document returns the document s works on: its own, or the one its
// follower gives now.
func (s *Screen) document() *vdom.Document {
	s.t.Helper()
	if s.follow != nil {
		return s.follow.document()
	}
	return s.doc
}

// rootNode returns the node s's queries search under: the element given
// to Within, or the document node of the document s works on.
func (s *Screen) rootNode() *vdom.Node {
	s.t.Helper()
	if s.root != nil {
		return s.root
	}
	return &s.document().Node
}

// actor returns the User s's actions go through: the one given to
// WithUser, or the one of the document s works on.
func (s *Screen) actor() *userevent.User {
	s.t.Helper()
	if s.user != nil || s.follow == nil {
		return s.user
	}
	return s.follow.actor()
}
