package browse

import (
	"net"
	"net/http"
	"net/url"
	"strings"
)

// storableCookies returns the cookies of a response to u that Chromium
// stores, in order: RFC 6265bis §5.7 (storage model) steps that
// net/http/cookiejar leaves out, so a test sees the cookies the browser
// would keep:
//   - a Secure cookie only from a secure origin (step 10: https, or a
//     potentially trustworthy host such as localhost);
//   - a name starting with "__Secure-" (any case) only with Secure, from
//     a secure origin (step 20);
//   - a name starting with "__Host-" (any case) only with Secure, from a
//     secure origin, without Domain, with Path=/ (step 21).
func storableCookies(u *url.URL, cs []*http.Cookie) []*http.Cookie {
	secure := secureOrigin(u)
	out := cs[:0:0]
	for _, c := range cs {
		switch {
		case c.Secure && !secure:
		case hasPrefixFold(c.Name, "__Secure-") && !c.Secure:
		case hasPrefixFold(c.Name, "__Host-") && (!c.Secure || c.Domain != "" || c.Path != "/"):
		default:
			out = append(out, c)
		}
	}
	return out
}

// secureOrigin reports an origin whose cookies may be Secure: https, or
// a potentially trustworthy host (Secure Contexts §3.2: localhost and
// its subdomains, loopback addresses), as Chromium treats
// http://localhost.
func secureOrigin(u *url.URL) bool {
	if u.Scheme == "https" || u.Scheme == "wss" {
		return true
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// hasPrefixFold reports whether s starts with prefix, ASCII case ignored.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
