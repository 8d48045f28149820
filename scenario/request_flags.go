package scenario

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/net/http/httpguts"

	"github.com/eventperk/eventperk-go/browse"
)

// The flags that shape the requests of pages from a server: --header,
// sent with every request, and --cookie, in the jar before the first
// request, so that a page behind a sign-in can be run and explored. Each
// value is checked as it is given, and a bad one is an error that names
// its flag: net/http's client would refuse to send it (a name that is
// not a token, a CR, LF or another control character), and a newline
// must never start a header line of its own.

// headerFlag is --header "Name: value", repeatable.
type headerFlag struct{ h http.Header }

func (f *headerFlag) String() string {
	if f == nil || len(f.h) == 0 {
		return ""
	}
	var b strings.Builder
	if err := f.h.Write(&b); err != nil {
		return ""
	}
	return strings.TrimSpace(b.String())
}

func (f *headerFlag) Set(v string) error {
	name, value, ok := strings.Cut(v, ":")
	switch {
	case !ok:
		return fmt.Errorf("want \"Name: value\", such as \"Authorization: Bearer abc\", got %s", quoteShort(v))
	case !httpguts.ValidHeaderFieldName(name):
		return fmt.Errorf("header name %s is not an HTTP token (letters, digits and !#$%%&'*+-.^_`|~, no spaces)", quoteShort(name))
	}
	// Spaces and tabs around the value go, as an HTTP parser drops them;
	// anything else stays, so that a CR or LF is refused, not trimmed.
	value = strings.Trim(value, " \t")
	if !httpguts.ValidHeaderFieldValue(value) {
		return fmt.Errorf("the value of %s has a control character (CR, LF or another but tab): %s", name, quoteShort(value))
	}
	switch http.CanonicalHeaderKey(name) {
	case "Cookie":
		return fmt.Errorf("give cookies with --cookie name=value: the session sends them to their host only, and a Cookie header would go everywhere")
	case "Host":
		return fmt.Errorf("the Host of a request is its URL's: give the page's URL, or --base-url")
	}
	if f.h == nil {
		f.h = http.Header{}
	}
	f.h.Add(name, value)
	return nil
}

// cookieFlag is --cookie "name=value" (or "a=1; b=2", as a Cookie header
// writes them), repeatable.
type cookieFlag struct{ cs []*http.Cookie }

func (f *cookieFlag) String() string {
	if f == nil {
		return ""
	}
	parts := make([]string, len(f.cs))
	for i, c := range f.cs {
		parts[i] = c.Name + "=" + c.Value
	}
	return strings.Join(parts, "; ")
}

func (f *cookieFlag) Set(v string) error {
	cs, err := http.ParseCookie(v)
	if err != nil {
		return fmt.Errorf("want name=value, such as session=abc123, got %s: %s", quoteShort(v), strings.TrimPrefix(err.Error(), "http: "))
	}
	f.cs = append(f.cs, cs...)
	return nil
}

// seedCookies puts cookies in the session's jar for the host of the first
// page, pageURL, as if an earlier visit had set them there: for every
// path of that host, sent to it and to no other.
func seedCookies(sess *browse.Session, pageURL string, cookies []*http.Cookie) error {
	if len(cookies) == 0 {
		return nil
	}
	u, err := url.Parse(pageURL)
	if err != nil || !u.IsAbs() {
		return fmt.Errorf("cookies need an absolute page URL, got %s", quoteShort(pageURL))
	}
	set := make([]*http.Cookie, len(cookies))
	for i, c := range cookies {
		c := *c
		if c.Path == "" {
			c.Path = "/"
		}
		set[i] = &c
	}
	sess.Jar().SetCookies(u, set)
	return nil
}
