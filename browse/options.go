package browse

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"time"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/weburl"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/http/httpguts"
	"golang.org/x/net/publicsuffix"
)

// Defaults of the Options fields left zero.
const (
	// DefaultMaxRedirects is Chromium's limit of redirects per navigation.
	DefaultMaxRedirects = 20
	// DefaultMaxBodyBytes is the longest response body a session reads.
	DefaultMaxBodyBytes = 4 << 20
	// DefaultTimeout bounds one navigation, its redirects included.
	DefaultTimeout = 30 * time.Second
	// DefaultBaseURL is the base URL of a session over a Handler, the
	// host httptest.NewRequest uses.
	DefaultBaseURL = "http://example.com/"
	// DefaultUserAgent is the User-Agent sent when Options.Header has none.
	DefaultUserAgent = "eventperk-browse/1"
)

// Options configure a Session. The zero value of each field is its
// default; Handler or BaseURL must say where pages come from.
type Options struct {
	// Handler serves the pages in process: requests never touch the
	// network. When it is nil, Client sends them.
	Handler http.Handler
	// IsolateHandler runs each call of Handler on a goroutine of its
	// own, so that a handler that ignores its request's context and does
	// not return is abandoned when the load's context ends: the load
	// fails with the context's error at once, and the goroutine lives on
	// until the handler returns. Without it the handler runs on the
	// goroutine that asked for the page, as a test that calls ServeHTTP
	// runs it: a handler that ignores its context holds the load until it
	// returns (the load then fails with the context's error), and one
	// that never returns holds it for good. The handoff to a goroutine
	// and back costs about 12 µs per request on a 2-core machine, more
	// than the handler of a small page. Setting IsolateHandler without
	// Handler is an error.
	IsolateHandler bool
	// Client sends the requests when Handler is nil (nil: a plain
	// &http.Client{}). Its own redirect following and Jar are bypassed:
	// the session follows redirects and keeps cookies itself, and sends
	// each request with the Client's Transport (nil:
	// http.DefaultTransport) within the Client's Timeout. Setting both
	// Client and Handler is an error: one of them would be ignored.
	Client *http.Client
	// BaseURL is the URL relative URLs given to Open and Cookies resolve
	// against. It must be absolute, http or https. With a Handler the
	// default is DefaultBaseURL; without one there is none, and only
	// absolute URLs can be opened.
	BaseURL string
	// Jar keeps the cookies (nil: a new net/http/cookiejar using the
	// public suffix list of golang.org/x/net/publicsuffix).
	Jar http.CookieJar
	// MaxRedirects is the number of redirects one load may follow (0:
	// DefaultMaxRedirects); a negative value is an error.
	MaxRedirects int
	// MaxBodyBytes is the longest response body read (0:
	// DefaultMaxBodyBytes); a longer one is an ErrTooLarge error. A
	// negative value is an error.
	MaxBodyBytes int64
	// Timeout bounds each load, redirects included (0: DefaultTimeout);
	// a negative value is an error.
	Timeout time.Duration
	// Definitions, when set, make units of every page:
	// unit.Attach(ctx, doc, Definitions) after parsing.
	Definitions *unit.Definitions
	// ParseOptions are given to vdom.Parse for every page, before the
	// vdom.WithURL and vdom.WithContentType the session adds.
	ParseOptions []vdom.ParseOption
	// StayOnHost refuses every request to a host other than BaseURL's
	// (the scheme aside; a port other than the scheme's default counts:
	// http://h/ and https://h/ are one host, http://h:8080/ another): a
	// redirect, link, form or Open
	// that leaves the host fails with an ErrOtherHost error naming both,
	// and nothing is sent there. Without it the session goes wherever
	// the pages and redirects send it, as a browser does. It needs a
	// BaseURL (with a Handler, DefaultBaseURL counts).
	StayOnHost bool
	// Header is sent with every request; the session adds User-Agent
	// (DefaultUserAgent) when it has none, and Accept, Referer, Origin,
	// Cookie and Content-Type of its own. A field name that is not an
	// HTTP token, or a value with CR, LF or another control character
	// but tab, is an ErrBadOptions error: net/http's client refuses to
	// send it, and the session refuses it in both modes.
	Header http.Header
	// Context is the context of the navigations a page starts (a click
	// on a link, a form submission) and of the requests its script sends
	// (Page.Fetch), which have no context of their own (nil:
	// context.Background()).
	Context context.Context
	// PageHooks run, in order, on every page the session shows, after
	// its units are attached (Definitions): the way a layer above browse
	// gives pages behaviour of their own, as package htmx runs a page's
	// hx- attributes. A hook's error is joined to the load's error; a nil
	// hook is an error of New.
	PageHooks []PageHook
}

// PageHook is a function that runs on every page a session shows, with
// the load's context; see Options.PageHooks. A hook that keeps working
// on the page after it returns (listeners, timers) sends its requests
// with Page.Fetch and navigates with Page.Navigate, which use
// Options.Context.
type PageHook func(ctx context.Context, s *Session, p *Page) error

// config is Options checked, with the defaults filled in.
type config struct {
	Options
	// base is BaseURL parsed, nil for none.
	base      *url.URL
	transport http.RoundTripper
	// clientTimeout is Options.Client's Timeout, which bounds each
	// request.
	clientTimeout time.Duration
}

// badOption is the error of one Options field.
func badOption(field, format string, args ...any) error {
	return errkind.Errorf("browse: new session: %w: Options."+field+": "+format, append([]any{ErrBadOptions}, args...)...)
}

// check validates opts and fills in the defaults.
func check(opts Options) (*config, error) {
	c := &config{Options: opts}
	switch {
	case c.MaxRedirects < 0:
		return nil, badOption("MaxRedirects", "%d is negative", c.MaxRedirects)
	case c.MaxRedirects == 0:
		c.MaxRedirects = DefaultMaxRedirects
	}
	switch {
	case c.MaxBodyBytes < 0:
		return nil, badOption("MaxBodyBytes", "%d is negative", c.MaxBodyBytes)
	case c.MaxBodyBytes == 0:
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	switch {
	case c.Timeout < 0:
		return nil, badOption("Timeout", "%v is negative", c.Timeout)
	case c.Timeout == 0:
		c.Timeout = DefaultTimeout
	}
	if c.Handler != nil && c.Client != nil {
		return nil, badOption("Client", "set with a Handler, which serves every request itself; set one of them")
	}
	if c.IsolateHandler && c.Handler == nil {
		return nil, badOption("IsolateHandler", "set without a Handler; it is about how the Handler is called")
	}
	raw := c.BaseURL
	if raw == "" && c.Handler != nil {
		raw = DefaultBaseURL
	}
	if raw != "" {
		base, err := weburl.Parse(raw, nil)
		if we, ok := err.(*weburl.Error); ok && we.Why != "is not an absolute URL" {
			return nil, badOption("BaseURL", "%v", err)
		}
		if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
			return nil, badOption("BaseURL", "%q is not an absolute http or https URL", raw)
		}
		c.base = base
	}
	if c.StayOnHost && c.base == nil {
		return nil, badOption("StayOnHost", "set without a BaseURL, whose host it keeps to")
	}
	for i, o := range c.ParseOptions {
		if o == nil {
			return nil, badOption("ParseOptions", "entry %d is nil", i)
		}
	}
	for i, h := range c.PageHooks {
		if h == nil {
			return nil, badOption("PageHooks", "entry %d is nil", i)
		}
	}
	c.PageHooks = slices.Clone(c.PageHooks)
	if err := checkHeader(c.Header); err != nil {
		return nil, badOption("Header", "%v", err)
	}
	c.Header = c.Header.Clone()
	if c.Header == nil {
		c.Header = http.Header{}
	}
	if _, ok := c.Header["User-Agent"]; !ok {
		c.Header.Set("User-Agent", DefaultUserAgent)
	}
	if c.Jar == nil {
		jar, err := cookiejar.New(&cookiejar.Options{PublicSuffixList: publicsuffix.List})
		if err != nil {
			return nil, badOption("Jar", "making the default jar: %v", err)
		}
		c.Jar = jar
	}
	if c.Context == nil {
		c.Context = context.Background()
	}
	// One transport path for both modes: the session sends each request
	// with a RoundTripper and follows redirects and keeps cookies itself.
	// (http.Client.Do would refuse a redirect whose Location does not
	// parse before the session could see the response.)
	switch {
	case c.Handler != nil:
		c.transport = &handlerTransport{handler: c.Handler, maxBody: c.MaxBodyBytes, isolate: c.IsolateHandler}
	case c.Client != nil && c.Client.Transport != nil:
		c.transport, c.clientTimeout = c.Client.Transport, c.Client.Timeout
	default:
		c.transport = http.DefaultTransport
		if c.Client != nil {
			c.clientTimeout = c.Client.Timeout
		}
	}
	return c, nil
}

// checkHeader returns an error naming the first field of h that net/http's
// client refuses to send: a name that is not a token, a value with a
// control character other than tab (a CR or LF would start a header of
// its own). The session sends nothing a client would not.
func checkHeader(h http.Header) error {
	for _, k := range slices.Sorted(maps.Keys(h)) {
		if !httpguts.ValidHeaderFieldName(k) {
			return fmt.Errorf("field name %s is not an HTTP token", quoteLong(k))
		}
		for _, v := range h[k] {
			if !httpguts.ValidHeaderFieldValue(v) {
				return fmt.Errorf("%s value %s has a control character (CR, LF or another but tab)", k, quoteLong(v))
			}
		}
	}
	return nil
}
