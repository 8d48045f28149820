package weburl

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	base, err := url.Parse("http://example.com/a/b?q=1#f")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, in string
		base     *url.URL
		want     string // "" for an error
	}{
		{"absolute", "https://Example.COM/x?y#z", nil, "https://example.com/x?y#z"},
		{"empty path", "http://example.com", nil, "http://example.com/"},
		{"relative without base", "/x", nil, ""},
		{"empty relative drops the base's fragment", "", base, "http://example.com/a/b?q=1"},
		{"fragment only", "#g", base, "http://example.com/a/b?q=1#g"},
		{"query only", "?z", base, "http://example.com/a/b?z"},
		{"C0 and space around", "\x00 \x1f/x \x01", base, "http://example.com/x"},
		{"tab and newlines inside", "/\tx\n/\ry", base, "http://example.com/x/y"},
		{"backslash is slash", `\x\y`, base, "http://example.com/x/y"},
		{"backslash kept in the query", `/x?a\b`, base, `http://example.com/x?a\b`},
		{"backslash is slash in a scheme-relative URL", `/\evil.example/x`, base, "http://evil.example/x"},
		{"any number of slashes start the authority", "////evil.example", base, "http://evil.example/"},
		{"one slash is a path", "/evil.example", base, "http://example.com/evil.example"},
		{"same scheme is relative", "http:x", base, "http://example.com/a/x"},
		{"same scheme, colon in the path", "http:x:y", base, "http://example.com/a/x:y"},
		{"same scheme, slash", "http:/x", base, "http://example.com/x"},
		{"same scheme, three slashes", "http:///evil.example", base, "http://evil.example/"},
		{"same scheme alone", "http:", base, "http://example.com/a/b?q=1"},
		{"other scheme, no slashes", "https:evil.example/x", base, "https://evil.example/x"},
		{"other scheme, slash backslash", `https:/\evil.example`, base, "https://evil.example/"},
		{"other scheme alone", "https:", base, ""},
		{"no base, no slashes", "http:evil.example", nil, "http://evil.example/"},
		{"colon in a relative first segment", "1:x", base, "http://example.com/a/1:x"},
		{"upper-case scheme", "HTTP://x.example", nil, "http://x.example/"},
		{"userinfo", "http://us er:p@ss@evil.example/", nil, "http://us%20er:p%40ss@evil.example/"},
		{"empty userinfo", "http://@evil.example/", nil, "http://evil.example/"},
		{"backslash ends the host", `http://evil.example\@example.com/`, nil, "http://evil.example/@example.com/"},
		{"IDNA", "http://B\u00fccher.example/", nil, "http://xn--bcher-kva.example/"},
		{"IDNA full stops", "http://a\u3002b\uff0ec/", nil, "http://a.b.c/"},
		{"fullwidth letters", "http://\uff25\uff38.example/", nil, "http://ex.example/"},
		{"punycode of a disallowed label", "http://xn--a-ecp.example/", nil, ""},
		{"invalid punycode", "http://xn--/", nil, ""},
		{"percent-decoded host", "http://ev%69l%2Eexample/", nil, "http://evil.example/"},
		{"percent-encoded forbidden code point", "http://a%2Fb/", nil, ""},
		{"percent-encoded non-UTF-8", "http://a%FFb/", nil, ""},
		{"forbidden code point", "http://a<b/", nil, ""},
		{"underscore is allowed", "http://a_b.example/", nil, "http://a_b.example/"},
		{"space in host", "http://a b/", nil, ""},
		{"IPv4 one number", "http://2130706433/", nil, "http://127.0.0.1/"},
		{"IPv4 hex and octal", "http://0x7f.0.0.01/", nil, "http://127.0.0.1/"},
		{"IPv4 short", "http://127.1/", nil, "http://127.0.0.1/"},
		{"IPv4 trailing dot", "http://1.2.3.4./", nil, "http://1.2.3.4/"},
		{"IPv4 0x alone", "http://0x/", nil, "http://0.0.0.0/"},
		{"IPv4 five parts", "http://1.2.3.4.5/", nil, ""},
		{"IPv4 part above 255", "http://1.256.3.4/", nil, ""},
		{"IPv4 last part too large", "http://1.2.3.256/", nil, ""},
		{"IPv4 last part fills", "http://1.65535/", nil, "http://1.0.255.255/"},
		{"IPv4 bad number", "http://1.2.0x1g/", nil, "http://1.2.0x1g/"},
		{"ends in a bad decimal", "http://a.09/", nil, ""},
		{"IPv6 compressed", "http://[1:0:0:0:0:0:0:1]/", nil, "http://[1::1]/"},
		{"IPv6 first longest run", "http://[1:0:0:2:0:0:3:4]/", nil, "http://[1::2:0:0:3:4]/"},
		{"IPv6 single zero not compressed", "http://[1:0:2:3:4:5:6:7]/", nil, "http://[1:0:2:3:4:5:6:7]/"},
		{"IPv6 with IPv4", "http://[::ffff:1.2.3.4]/", nil, "http://[::ffff:102:304]/"},
		{"IPv6 all zero", "http://[::]/", nil, "http://[::]/"},
		{"IPv6 zone", "http://[fe80::1%25eth0]/", nil, ""},
		{"IPv6 unclosed", "http://[::1/", nil, ""},
		{"default port", "https://a.example:443/", nil, "https://a.example/"},
		{"port leading zeros", "http://a.example:0080/", nil, "http://a.example/"},
		{"other port", "http://a.example:8080/", nil, "http://a.example:8080/"},
		{"empty port", "http://a.example:/", nil, "http://a.example/"},
		{"port too large", "http://a.example:65536/", nil, ""},
		{"port not a number", "http://a.example:8x/", nil, ""},
		{"no host", "http:///", nil, ""},
		{"no host before port", "http://:80/", nil, ""},
		{"encoded dot segments", "/a/%2e/b/%2E%2e/c", base, "http://example.com/a/c"},
		{"encoded dot in a longer segment stays", "/a/%2ex", base, "http://example.com/a/%2ex"},
		{"parent beyond the root", "../../../x", base, "http://example.com/x"},
		{"non-special keeps net/url", "mailto:a@b.example", base, "mailto:a@b.example"},
		{"javascript", "javascript:alert(1)", base, "javascript:alert(1)"},
		{"opaque base takes a fragment", "#x", mustParse(t, "about:blank"), "about:blank#x"},
		{"opaque base refuses a path", "x", mustParse(t, "about:blank"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := Parse(tc.in, tc.base)
			got := ""
			if err == nil {
				got = u.String()
			}
			if got != tc.want {
				t.Errorf("Parse(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			if err != nil {
				var we *Error
				if !errors.As(err, &we) || we.Input != tc.in || we.Why == "" {
					t.Errorf("Parse(%q) error %#v is not an *Error naming the input", tc.in, err)
				}
			}
		})
	}
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestParseDoesNotChangeBase(t *testing.T) {
	base := mustParse(t, "http://example.com/a/b?q#f")
	u, err := Parse("c", base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/changed"
	if base.String() != "http://example.com/a/b?q#f" {
		t.Errorf("base changed to %s", base)
	}
}

func TestErrorCutsLongInput(t *testing.T) {
	long := "http://" + strings.Repeat("\u00e9", 1<<19) + "\x00/"
	_, err := Parse(long, nil)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if len(msg) > 1000 || !strings.Contains(msg, "...[cut: 1048585 bytes in all]") {
		t.Errorf("error of %d bytes, %q...; want it cut with the input's length", len(msg), msg[:min(len(msg), 300)])
	}
}

// FuzzParse checks what a parsed special URL must satisfy: its host is
// lower case without forbidden code points, its serialization parses to
// itself (the parser is idempotent), and resolving it against any base
// gives it back.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"/\\evil.example", "http:x", "https:/\\x", "http://B\u00fccher.example/", "http://0x7f.1/",
		"http://[::ffff:1.2.3.4]:8080/", "/%2e%2e/x", "?q#f", "http://a:b@c/", "\t//x\n", "http://xn--/",
	} {
		f.Add(s)
	}
	base := &url.URL{Scheme: "http", Host: "example.com", Path: "/a/b", RawQuery: "q=1"}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := Parse(in, base)
		if err != nil {
			return
		}
		if !IsSpecial(u.Scheme) {
			return
		}
		if strings.ContainsFunc(u.Hostname(), forbiddenInDomain) && !strings.HasPrefix(u.Host, "[") {
			t.Fatalf("Parse(%q) host %q has a forbidden code point", in, u.Host)
		}
		if u.Host != strings.ToLower(u.Host) {
			t.Fatalf("Parse(%q) host %q is not lower case", in, u.Host)
		}
		s := u.String()
		again, err := Parse(s, nil)
		if err != nil {
			t.Fatalf("Parse(%q) = %s, which does not parse: %v", in, s, err)
		}
		if again.String() != s {
			t.Fatalf("Parse(%q) = %s, which parses to %s", in, s, again)
		}
		other := &url.URL{Scheme: "https", Host: "other.example", Path: "/"}
		if r, err := Parse(s, other); err != nil || r.String() != s {
			t.Fatalf("%s against another base: %v, %v", s, r, err)
		}
	})
}
