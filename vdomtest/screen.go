package vdomtest

import (
	"context"
	"io"
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
	// url is the URL option's value, for Render; nil: DefaultURL.
	url *string
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
	// DefaultURL is the URL of the documents Render and Parse make
	// unless told otherwise (the URL option, vdom.WithURL): the host
	// httptest.NewRequest and browse sessions over a handler use, so that
	// a page's relative links and form actions (action="/signup") resolve
	// as they do when a server sends the page. A document without a URL
	// is about:blank, against which a relative URL does not parse, and
	// HTML then ends the navigation: a click on such a link or submit
	// button would send nothing, and say nothing.
	DefaultURL = "http://example.com/"
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

// URL sets the URL of the document Render makes (DefaultURL), which the
// page's relative links and form actions resolve against; it must be
// absolute. It applies to Render and RenderComponent only: New fails the
// test when given it, since its document has its URL already (give it
// with vdom.WithURL when parsing).
func URL(raw string) Option { return func(c *config) { c.url = &raw } }

// New returns a Screen of doc that reports to t; its root is the document
// node, and its actions go through userevent.New(doc) (WithUser gives
// another User).
func New(t testing.TB, doc *vdom.Document, opts ...Option) *Screen {
	t.Helper()
	if doc == nil {
		t.Fatal("vdomtest.New: no document (nil)")
		return nil
	}
	cfg := newConfig(opts)
	if cfg.url != nil {
		t.Fatalf("vdomtest.New: the URL option (%q) applies to Render; parse the document with vdom.WithURL(%q) instead", *cfg.url, *cfg.url)
		return nil
	}
	return newScreen(t, doc, cfg)
}

func newScreen(t testing.TB, doc *vdom.Document, cfg *config) *Screen {
	return &Screen{t: t, doc: doc, root: &doc.Node, user: userevent.New(doc), cfg: cfg}
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

// Parse parses page into a document whose URL is DefaultURL, unless opts
// give vdom.WithURL, and fails t when it cannot (a URL that is not
// absolute, a page whose markup would make the parser build more than
// vdom's limits).
func Parse(t testing.TB, page string, opts ...vdom.ParseOption) *vdom.Document {
	t.Helper()
	return parse(t, "vdomtest.Parse", page, opts)
}

// parse is Parse, naming the function called in failures.
func parse(t testing.TB, fn, page string, opts []vdom.ParseOption) *vdom.Document {
	t.Helper()
	// The default goes first: a WithURL in opts replaces it.
	opts = append([]vdom.ParseOption{vdom.WithURL(DefaultURL)}, opts...)
	doc, err := vdom.Parse(strings.NewReader(page), opts...)
	if err != nil {
		t.Fatalf("%s: %v", fn, err)
		return nil
	}
	return doc
}

// Render parses page and returns a Screen of it: Parse then New. The
// document's URL is DefaultURL, or the one the URL option gives, so the
// page's relative links and form actions resolve as they do when a server
// sends it: a click on a submit button of <form method=post
// action="/signup"> records a POST to http://example.com/signup (read it
// with s.Document().Window().Navigations()).
func Render(t testing.TB, page string, opts ...Option) *Screen {
	t.Helper()
	return render(t, "vdomtest.Render", page, opts)
}

// render is Render, naming the function called in failures.
func render(t testing.TB, fn, page string, opts []Option) *Screen {
	t.Helper()
	cfg := newConfig(opts)
	var popts []vdom.ParseOption
	if cfg.url != nil {
		popts = append(popts, vdom.WithURL(*cfg.url))
	}
	doc := parse(t, fn, page, popts)
	if doc == nil {
		return nil
	}
	return newScreen(t, doc, cfg)
}

// A Component writes HTML to w: templ's templ.Component has this method,
// and so may any component renderer's type. Components are matched by
// this shape: vdomtest needs no import of the package that made them.
type Component interface {
	Render(ctx context.Context, w io.Writer) error
}

// RenderComponent renders c, with the test's context (t.Context), and
// returns a Screen of what it wrote, as Render does for a string. It fails
// t with c's error when c fails.
func RenderComponent(t testing.TB, c Component, opts ...Option) *Screen {
	t.Helper()
	page, ok := renderComponent(t, "vdomtest.RenderComponent", c)
	if !ok {
		return nil
	}
	return render(t, "vdomtest.RenderComponent", page, opts)
}

// ParseComponent renders c, with the test's context (t.Context), and
// parses what it wrote, as Parse does for a string. It fails t with c's
// error when c fails.
func ParseComponent(t testing.TB, c Component, opts ...vdom.ParseOption) *vdom.Document {
	t.Helper()
	page, ok := renderComponent(t, "vdomtest.ParseComponent", c)
	if !ok {
		return nil
	}
	return parse(t, "vdomtest.ParseComponent", page, opts)
}

// renderComponent returns what c writes, or fails t.
func renderComponent(t testing.TB, fn string, c Component) (string, bool) {
	t.Helper()
	if c == nil {
		t.Fatalf("%s: no component (nil)", fn)
		return "", false
	}
	var b strings.Builder
	if err := c.Render(t.Context(), &b); err != nil {
		t.Fatalf("%s: the component failed: %v", fn, err)
		return "", false
	}
	return b.String(), true
}
