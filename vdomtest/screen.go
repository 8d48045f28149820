package vdomtest

import (
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// A Screen is a page under test seen by a user: a root to search under (the
// whole document, or one element with Within), a User that acts on the
// document, and the testing.TB that every failure goes to. Its methods
// call t.Helper, so a failure points at the test's line, and fail the test
// with a message that says what was looked for or expected and shows the
// part of the page involved. A Screen belongs to the goroutine that owns its
// document, as the document does.
type Screen struct {
	t    testing.TB
	doc  *vdom.Document
	root *vdom.Node
	user *userevent.User
	cfg  *config
	// follow is set on the Screens of Follow, whose document is the one
	// a function returns at each call (follow.go); doc and root are then
	// nil, but for a root given to Within, and user is nil but for one
	// given to WithUser.
	follow *follower
}

// config is shared by a Screen and the Screens Within makes from it.
type config struct {
	timeout    time.Duration
	fakeLimit  time.Duration
	actionWait time.Duration
	poll       time.Duration
}

// Defaults of the options.
const (
	// DefaultTimeout is how long WaitFor, the Find queries and Settle wait
	// in real time.
	DefaultTimeout = time.Second
	// DefaultFakeLimit is how far Settle and WaitFor move a FakeClock at
	// most.
	DefaultFakeLimit = time.Minute
	// DefaultActionWait is how long an action waits in real time for the
	// unit handlers it started to finish, before it leaves the rest to
	// Settle or WaitFor; on a document with a FakeClock it waits
	// fakeActionWait, since work waiting for a fake timer cannot finish
	// before the test moves the clock.
	DefaultActionWait = time.Second
	fakeActionWait    = 10 * time.Millisecond
	// pollInterval is how often WaitFor retries on the real clock.
	pollInterval = 10 * time.Millisecond
)

// An Option changes how a Screen waits.
type Option func(*config)

// Timeout sets how long WaitFor, the Find queries and Settle wait in real
// time (DefaultTimeout).
func Timeout(d time.Duration) Option { return func(c *config) { c.timeout = max(d, 0) } }

// FakeLimit sets how far Settle, WaitFor and the Find queries move the
// document's FakeClock at most (DefaultFakeLimit).
func FakeLimit(d time.Duration) Option { return func(c *config) { c.fakeLimit = max(d, 0) } }

// ActionWait sets how long an action waits, in real time, for the work of
// the unit handlers it started (DefaultActionWait); 0 leaves all of it to
// Settle and WaitFor.
func ActionWait(d time.Duration) Option { return func(c *config) { c.actionWait = max(d, 0) } }

// New returns a Screen of doc that reports to t; its root is the document
// node, and its actions go through userevent.New(doc) (WithUser gives
// another User).
func New(t testing.TB, doc *vdom.Document, opts ...Option) *Screen {
	t.Helper()
	if doc == nil {
		t.Fatal("vdomtest.New: no document (nil)")
		return nil
	}
	return &Screen{t: t, doc: doc, root: &doc.Node, user: userevent.New(doc), cfg: newConfig(opts)}
}

// newConfig returns the defaults changed by opts.
func newConfig(opts []Option) *config {
	cfg := &config{timeout: DefaultTimeout, fakeLimit: DefaultFakeLimit, actionWait: DefaultActionWait, poll: pollInterval}
	for _, o := range opts {
		o(cfg)
	}
	return cfg
}

// WithUser returns a Screen like s that acts through u, a User made with
// its own options (userevent.SkipChecks, ...) for the same document.
func (s *Screen) WithUser(u *userevent.User) *Screen {
	s.t.Helper()
	if u == nil {
		s.t.Fatal("vdomtest: WithUser: no User (nil)")
		return s
	}
	c := *s
	c.user = u
	return &c
}

// Within returns a Screen whose queries search under el only (Testing
// Library's within); actions, waiting and assertions are s's. It fails the
// test when el is nil or not in s's document.
func (s *Screen) Within(el *vdom.Node) *Screen {
	s.t.Helper()
	switch {
	case el == nil:
		s.t.Fatal("vdomtest: Within: no element (nil)")
		return s
	case el.OwnerDocument() != s.document() && el != &s.document().Node:
		s.t.Fatalf("vdomtest: Within %s: the element belongs to another document", describe(el))
		return s
	}
	c := *s
	c.root = el
	return &c
}

// T returns the testing.TB s reports to.
func (s *Screen) T() testing.TB { return s.t }

// Document returns the document of s: for a Screen of Follow, the one
// its function gives now.
func (s *Screen) Document() *vdom.Document { return s.document() }

// Root returns the node s's queries search under: the document node, or
// the element given to Within.
func (s *Screen) Root() *vdom.Node { return s.rootNode() }

// User returns the User s's actions go through, for an action whose error
// the test wants to see rather than fail on.
func (s *Screen) User() *userevent.User { return s.actor() }

// Parse parses page into a document and fails t when it cannot (a page
// whose markup would make the parser build more than vdom's limits).
func Parse(t testing.TB, page string, opts ...vdom.ParseOption) *vdom.Document {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader(page), opts...)
	if err != nil {
		t.Fatalf("vdomtest.Parse: %v", err)
		return nil
	}
	return doc
}

// Render parses page and returns a Screen of it: Parse then New.
func Render(t testing.TB, page string, opts ...Option) *Screen {
	t.Helper()
	doc := Parse(t, page)
	if doc == nil {
		return nil
	}
	return New(t, doc, opts...)
}
