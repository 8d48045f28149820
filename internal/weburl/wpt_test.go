package weburl

import (
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"
)

// wptDifferences are the web-platform-tests cases (testdata/README.md)
// whose serialization differs, and why. The URL they name is the same
// but for the last two, whose hosts net/url refuses.
var wptDifferences = map[string]string{
	// net/url has no empty fragment or empty query before one.
	":#":                                 "empty fragment",
	"#":                                  "empty fragment",
	"http://www.google.com/foo?bar=baz#": "empty fragment",
	"http://example.org/test?#":          "empty fragment",
	// net/url escapes more than the standard's sets.
	`#\`:                       "net/url escapes \\ in a fragment",
	"http://foo/path;a??e#f#g": "net/url escapes # in a fragment",
	"http://&a:foo(b]c@d:2/":   "net/url escapes ( in a password",
	"wss:// !\"$%&'()*+,-.;<=>@[]^_`{|}~@host/":           "net/url escapes more in userinfo",
	"wss://joe: !\"$%&'()*+,-.:;<=>@[]^_`{|}~@host/":      "net/url escapes more in userinfo",
	"wss://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~":        "net/url escapes more in a path",
	"wss://host/dir/? !\"$%&'()*+,-./:;<=>?@[\\]^_`{|}~":  "a lone % in a query is written %25",
	"wss://host/dir/# !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~": "net/url escapes more in a fragment",
	"http://example.com/foo/%2e%2":                        "a lone % is written %25",
	"http://example.com/foo%":                             "a lone % is written %25",
	"http://example.com/foo%2":                            "a lone % is written %25",
	"http://example.com/foo%2zbar":                        "a lone % is written %25",
	"http://example.com/foo%2\u00c2\u00a9zbar":            "a lone % is written %25",
	"http://example.org/test?%GH":                         "a lone % is written %25",
	"http://example.org/test?a#%GH":                       "a lone % is written %25",
	"http://!\"$&'()*+,-.;=_`{}~/":                        "net/url refuses ` { } in a host",
	"wss://!\"$&'()*+,-.;=_`{}~/":                         "net/url refuses ` { } in a host",
}

// TestWPTSpecialURLs parses every case of the URL standard's test suite
// whose URL is special (not file:) and checks that Parse fails where the
// standard fails, and otherwise gives the standard's href: exactly, but
// for the listed serialization differences.
func TestWPTSpecialURLs(t *testing.T) {
	data, err := os.ReadFile("testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatal(err)
	}
	ran, differ := 0, 0
	for _, item := range items {
		var c struct {
			Input    *string
			Base     *string
			Href     string
			Protocol string
			Failure  bool
		}
		if json.Unmarshal(item, &c) != nil || c.Input == nil {
			continue // a comment line
		}
		var base *url.URL
		if c.Base != nil {
			if base, err = url.Parse(*c.Base); err != nil {
				continue // a base net/url cannot hold
			}
		}
		scheme := strings.TrimSuffix(c.Protocol, ":")
		if c.Failure {
			if s, _, ok := splitScheme(strings.TrimFunc(*c.Input, func(r rune) bool { return r <= ' ' })); ok {
				scheme = s
			} else if base != nil {
				scheme = base.Scheme
			}
		}
		if !IsSpecial(scheme) || scheme == "file" {
			continue
		}
		ran++
		u, err := Parse(*c.Input, base)
		got := "failure"
		if err == nil {
			got = u.String()
		}
		want := c.Href
		if c.Failure {
			want = "failure"
		}
		if got == want {
			continue
		}
		// A listed case may serialize differently, never fail where the
		// standard succeeds, but for the hosts net/url refuses.
		why, listed := wptDifferences[*c.Input]
		if listed && want != "failure" && (got != "failure" || strings.Contains(why, "refuses")) {
			differ++
			continue
		}
		t.Errorf("Parse(%q, %v) = %s, want %s", *c.Input, base, got, want)
	}
	if ran < 400 || differ != len(wptDifferences) {
		t.Errorf("ran %d cases, %d listed differences met of %d: the data or the list is stale", ran, differ, len(wptDifferences))
	}
}
