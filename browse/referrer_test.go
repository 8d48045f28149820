package browse_test

import (
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/google/go-cmp/cmp"
)

// TestReferrerPolicy clicks #t on a page and checks the Referer and
// Origin of the request that follows. The http cases are what Chromium
// 148 sent for the same page, link and headers from a local server; the
// https ones follow Referrer Policy §8.3 and Fetch §3.2.
func TestReferrerPolicy(t *testing.T) {
	const page = "http://example.com/start?x=1#f"
	for _, tc := range []struct {
		name, page, html string
		header           http.Header
		referer, origin  string
	}{
		{"plain link", page, `<a id=t href=/next>x</a>`, nil, "http://example.com/start?x=1", ""},
		{"rel=noreferrer", page, `<a id=t rel=noreferrer href=/next>x</a>`, nil, "", ""},
		{"rel noreferrer in any case among others", page, `<a id=t rel="nofollow NoReferrer" href=/next>x</a>`, nil, "", ""},
		{"area rel=noreferrer", page, `<map name=m><area id=t shape=default href=/next rel=noreferrer></map>`, nil, "", ""},
		{"referrerpolicy origin", page, `<a id=t referrerpolicy=origin href=/next>x</a>`, nil, "http://example.com/", ""},
		{"referrerpolicy in upper case", page, `<a id=t referrerpolicy=ORIGIN href=/next>x</a>`, nil, "http://example.com/", ""},
		{"referrerpolicy not a keyword", page, `<a id=t referrerpolicy=bogus href=/next>x</a>`, nil, "http://example.com/start?x=1", ""},
		{"referrerpolicy with a space", page, `<a id=t referrerpolicy=" origin" href=/next>x</a>`, nil, "http://example.com/start?x=1", ""},
		{"unsafe-url to another origin", page, `<a id=t referrerpolicy=unsafe-url href=http://other.example/next>x</a>`, nil, "http://example.com/start?x=1", ""},
		{"default to another origin", page, `<a id=t href=http://other.example/next>x</a>`, nil, "http://example.com/", ""},
		{"meta no-referrer", page, `<meta name=referrer content=no-referrer><a id=t href=/next>x</a>`, nil, "", ""},
		{"meta legacy never", page, `<meta name=referrer content=never><a id=t href=/next>x</a>`, nil, "", ""},
		{"meta in upper case", page, `<meta name=REFERRER content=ORIGIN><a id=t href=/next>x</a>`, nil, "http://example.com/", ""},
		{"meta with spaces is invalid", page, `<meta name=referrer content=" origin "><a id=t href=/next>x</a>`, nil, "http://example.com/start?x=1", ""},
		{"the last meta wins", page, `<meta name=referrer content=no-referrer><meta name=referrer content=origin><a id=t href=/next>x</a>`, nil, "http://example.com/", ""},
		{"an invalid meta after a valid one", page, `<meta name=referrer content=origin><meta name=referrer content=bogus><a id=t href=/next>x</a>`, nil, "http://example.com/", ""},
		{"meta in the body", page, `<a id=t href=/next>x</a><meta name=referrer content=no-referrer>`, nil, "", ""},
		{"the attribute over the meta", page, `<meta name=referrer content=no-referrer><a id=t referrerpolicy=unsafe-url href=/next>x</a>`, nil, "http://example.com/start?x=1", ""},
		{"header", page, `<a id=t href=/next>x</a>`, http.Header{"Referrer-Policy": {"no-referrer"}}, "", ""},
		{"header: the last valid token", page, `<a id=t href=/next>x</a>`, http.Header{"Referrer-Policy": {"origin, bogus"}}, "http://example.com/", ""},
		{"header in upper case, spaces", page, `<a id=t href=/next>x</a>`, http.Header{"Referrer-Policy": {" ORIGIN , "}}, "http://example.com/", ""},
		{"meta over header", page, `<meta name=referrer content=origin><a id=t href=/next>x</a>`, http.Header{"Referrer-Policy": {"no-referrer"}}, "http://example.com/", ""},
		{"form POST", page, `<form method=post action=/next><button id=t>s</button></form>`, nil, "http://example.com/start?x=1", "http://example.com"},
		{"form rel=noreferrer is not read", page, `<form method=post action=/next rel=noreferrer><button id=t>s</button></form>`, nil, "http://example.com/start?x=1", "http://example.com"},
		{"form POST under no-referrer", page, `<meta name=referrer content=no-referrer><form method=post action=/next><button id=t>s</button></form>`, nil, "", "null"},
		{"form POST under same-origin to another origin", page, `<meta name=referrer content=same-origin><form method=post action=http://other.example/next><button id=t>s</button></form>`, nil, "", "null"},
		{"a redirect's Referrer-Policy", page, `<a id=t href=/hop>x</a>`, nil, "", ""},
		{"https to http by default", "https://example.com/start", `<a id=t href=http://example.com/next>x</a>`, nil, "", ""},
		{"https to http POST by default", "https://example.com/start", `<form method=post action=http://example.com/next><button id=t>s</button></form>`, nil, "", "null"},
		{"https to http under no-referrer-when-downgrade", "https://example.com/start", `<a id=t referrerpolicy=no-referrer-when-downgrade href=http://example.com/next>x</a>`, nil, "", ""},
		{"https to https under no-referrer-when-downgrade", "https://example.com/start", `<a id=t referrerpolicy=no-referrer-when-downgrade href=https://other.example/next>x</a>`, nil, "https://example.com/start", ""},
		{"https to http under unsafe-url", "https://example.com/start", `<a id=t referrerpolicy=unsafe-url href=http://example.com/next>x</a>`, nil, "https://example.com/start", ""},
		{"https to http under origin", "https://example.com/start", `<a id=t referrerpolicy=origin href=http://example.com/next>x</a>`, nil, "https://example.com/", ""},
		{"https to http under strict-origin", "https://example.com/start", `<a id=t referrerpolicy=strict-origin href=http://example.com/next>x</a>`, nil, "", ""},
		{"same origin under origin-when-cross-origin", page, `<a id=t referrerpolicy=origin-when-cross-origin href=/next>x</a>`, nil, "http://example.com/start?x=1", ""},
		{"credentials never sent", "http://ada:pw@example.com/start", `<a id=t referrerpolicy=unsafe-url href=/next>x</a>`, nil, "http://example.com/start", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/start":
					for k, vs := range tc.header {
						w.Header()[k] = vs
					}
					htmlPage(tc.html)(w, r)
				case "/hop":
					w.Header().Set("Referrer-Policy", "no-referrer")
					http.Redirect(w, r, "/next", http.StatusFound)
				default:
					got = append(got, r.Header.Get("Referer"), r.Header.Get("Origin"))
					htmlPage("<title>next</title>")(w, r)
				}
			})
			s, err := browse.New(browse.Options{Handler: h})
			if err != nil {
				t.Fatal(err)
			}
			p := mustOpen(t, s, tc.page)
			if err := el(t, p.Document(), "#t").Click(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{tc.referer, tc.origin}, got); diff != "" {
				t.Errorf("Referer and Origin mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
