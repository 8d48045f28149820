package vdomtest

import (
	"fmt"
	"net/url"
	"strings"
)

// ExpectURL asserts where the page is, as Capybara's have_current_path
// does: want is compared with the URL of the Screen's document (for a
// Follow Screen, the page current now), and what is compared depends on
// what want gives:
//
//   - a path ("/notes"): the path, whatever the query;
//   - a path and a query ("/notes?page=2"): both, the query's parameters
//     in order, each compared decoded ("q=go+dom" is "q=go%20dom"); a
//     path ending in "?" wants no query;
//   - an absolute URL ("https://example.com/notes?page=2"): the whole
//     URL, the fragment only when want has one.
//
// A failure shows the current URL and the way the page got there: the
// URLs a Follow Screen has seen, oldest first (a page's again when a link
// within it, or Back and Forward between its entries, changed it), or the
// navigations a Screen's one document asked for, which nothing followed
// (New and Render make Screens that never leave their page: browse and
// Follow load them).
func (s *Screen) ExpectURL(want string) {
	s.t.Helper()
	w, err := parseWantURL(want)
	if err != nil {
		s.t.Fatalf("vdomtest: ExpectURL(%q): %v", want, err)
		return
	}
	raw := s.document().URL()
	got, err := url.Parse(raw)
	if err != nil {
		s.t.Fatalf("vdomtest: ExpectURL(%q): the page's URL %q does not parse: %v", want, raw, err)
		return
	}
	if what := w.mismatch(got); what != "" {
		s.t.Fatalf("vdomtest: ExpectURL(%q): %s\n  current URL: %s\n%s", want, what, raw, s.urlHistory())
	}
}

// wantURL is what ExpectURL compares.
type wantURL struct {
	u *url.URL
	// full: compare the whole URL; query: compare the query too (a path
	// with "?"); fragment: compare the fragment (a full URL with "#").
	full, query, fragment bool
}

func parseWantURL(want string) (wantURL, error) {
	u, err := url.Parse(want)
	switch {
	case err != nil:
		return wantURL{}, fmt.Errorf("want a path such as \"/notes\" or an absolute URL: %v", err)
	case u.IsAbs():
		if u.Host == "" {
			return wantURL{}, fmt.Errorf("an absolute URL needs a host, as in \"https://example.com/notes\"")
		}
		return wantURL{u: u, full: true, fragment: strings.Contains(want, "#")}, nil
	case u.Host != "" || !strings.HasPrefix(u.Path, "/"):
		return wantURL{}, fmt.Errorf("want a path starting with \"/\" (\"/notes\", \"/notes?page=2\") or an absolute URL")
	case u.Fragment != "" || strings.Contains(want, "#"):
		return wantURL{}, fmt.Errorf("a path with a fragment: give the absolute URL to compare fragments")
	}
	return wantURL{u: u, query: u.ForceQuery || u.RawQuery != ""}, nil
}

// mismatch says how got differs from w, "" when it does not.
func (w wantURL) mismatch(got *url.URL) string {
	if w.full {
		if !strings.EqualFold(w.u.Scheme, got.Scheme) || !strings.EqualFold(w.u.Host, got.Host) {
			return fmt.Sprintf("the origin is %s://%s, want %s://%s", got.Scheme, got.Host, w.u.Scheme, w.u.Host)
		}
		if w.u.User.String() != got.User.String() {
			return fmt.Sprintf("the user is %q, want %q", got.User.Username(), w.u.User.Username())
		}
	}
	if g, x := pathOf(got), pathOf(w.u); g != x {
		return fmt.Sprintf("the path is %q, want %q", g, x)
	}
	if (w.full || w.query) && !sameQuery(got.RawQuery, w.u.RawQuery) {
		if w.u.RawQuery == "" {
			return fmt.Sprintf("the query is %q, want none", got.RawQuery)
		}
		return fmt.Sprintf("the query is %q, want %q", got.RawQuery, w.u.RawQuery)
	}
	if w.fragment && got.Fragment != w.u.Fragment {
		return fmt.Sprintf("the fragment is %q, want %q", got.Fragment, w.u.Fragment)
	}
	return ""
}

// pathOf is u's path, decoded, "/" for an empty one.
func pathOf(u *url.URL) string {
	if u.Path == "" && u.Opaque == "" {
		return "/"
	}
	if u.Opaque != "" {
		return u.Opaque
	}
	return u.Path
}

// sameQuery reports whether two queries have the same parameters in the
// same order, each compared decoded, so that "q=go+dom", "q=go%20dom"
// and "q=go dom" are one.
func sameQuery(a, b string) bool {
	if a == b {
		return true
	}
	pa, pb := strings.Split(a, "&"), strings.Split(b, "&")
	if len(pa) != len(pb) {
		return false
	}
	for i := range pa {
		if decodeQueryPart(pa[i]) != decodeQueryPart(pb[i]) {
			return false
		}
	}
	return true
}

func decodeQueryPart(p string) string {
	k, v, eq := strings.Cut(p, "=")
	if dk, err := url.QueryUnescape(k); err == nil {
		k = dk
	}
	if dv, err := url.QueryUnescape(v); err == nil {
		v = dv
	}
	if eq {
		return k + "=" + v
	}
	return k
}

// maxPagesShown bounds the pages a failure of ExpectURL lists: the last
// ones, which led to where the page is.
const maxPagesShown = 20

// urlHistory is the part of ExpectURL's failure that says how the page
// got where it is.
func (s *Screen) urlHistory() string {
	var b strings.Builder
	if s.follow != nil {
		seen := s.follow.seen
		b.WriteString("  URLs this Screen has seen, oldest first:\n")
		if len(seen) > maxPagesShown {
			fmt.Fprintf(&b, "    ... %d before\n", len(seen)-maxPagesShown)
			seen = seen[len(seen)-maxPagesShown:]
		}
		for i, u := range seen {
			b.WriteString("    " + u)
			if i == len(seen)-1 {
				b.WriteString("  (current)")
			}
			b.WriteString("\n")
		}
		return strings.TrimRight(b.String(), "\n")
	}
	var navs []string
	if w := s.document().Window(); w != nil {
		for _, n := range w.Navigations() {
			navs = append(navs, n.Method+" "+n.URL.String())
		}
	}
	if len(navs) == 0 {
		return "  the page asked for no navigation (a Screen of one document stays on its page; Follow a browse.Session to load others)"
	}
	b.WriteString("  the page asked for these navigations, which nothing followed (a Screen of one document stays on its page; Follow a browse.Session to load them):\n")
	if len(navs) > maxPagesShown {
		fmt.Fprintf(&b, "    ... %d before\n", len(navs)-maxPagesShown)
		navs = navs[len(navs)-maxPagesShown:]
	}
	for _, n := range navs {
		b.WriteString("    " + n + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
