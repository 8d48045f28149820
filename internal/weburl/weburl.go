package weburl

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// special are the URL standard's special schemes (§4.1) with their
// default ports.
var special = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21", "file": ""}

// IsSpecial reports whether scheme (lower case) is one of the URL
// standard's special schemes, whose URLs have a host and a path that
// starts with "/".
func IsSpecial(scheme string) bool {
	_, ok := special[scheme]
	return ok
}

// Parse parses raw relative to base (nil: raw must be absolute) as the
// URL standard's basic URL parser does (§4.4), and returns a new URL the
// caller owns. The error says why raw is no URL; its text quotes raw.
//
// The steps, in the standard's order: leading and trailing C0 controls
// and spaces are stripped, tabs and newlines removed; in a special URL
// "\" is "/" before the query; "http:x" against an http base is the
// relative "x" (the "special relative or authority" state) and any run
// of slashes after a special scheme, or of two or more at the start of a
// relative URL, introduces the authority (the "special authority ignore
// slashes" state); the host goes through the host parser, the port must
// be at most 65535 and is dropped when it is the scheme's default;
// controls, and in the query and fragment the bytes of their
// percent-encode sets, are percent-encoded; dot segments go from absolute
// URLs as from relative ones, "%2e" counting as "."; the fragment is
// never the base's; an empty path of a special URL is "/".
func Parse(raw string, base *url.URL) (*url.URL, error) {
	s := strings.TrimFunc(raw, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	scheme, rest, hasScheme := splitScheme(s)
	effective := scheme
	if !hasScheme && base != nil {
		effective = base.Scheme
	}
	host := ""
	if IsSpecial(effective) {
		s = slashBackslashes(s)
		if hasScheme {
			rest = s[len(scheme)+1:]
		}
		if effective != "file" {
			var authority int
			s, authority = specialAuthority(s, scheme, rest, hasScheme, base)
			pathStart := 0
			if authority >= 0 {
				var err error
				if s, host, err = parseAuthority(raw, s, authority, effective); err != nil {
					return nil, err
				}
				pathStart = len(s)
				if i := strings.IndexAny(s[authority:], "/?#"); i >= 0 {
					pathStart = authority + i
				}
			}
			s = s[:pathStart] + encodeRest(s[pathStart:])
		}
		s = dotSegments(s)
	}
	if _, _, ok := splitScheme(s); !ok && colonInFirstSegment(s) {
		// A relative path whose first segment has a colon ("a:b" when
		// "a:" is no scheme): net/url refuses it, the standard reads a
		// path; "./" says the same to both.
		s = "./" + s
	}
	ref, err := url.Parse(s)
	if err != nil {
		if ue, ok := err.(*url.Error); ok {
			err = ue.Err // its text quotes raw again
		}
		return nil, errorf(raw, "is not a valid URL: %v", err)
	}
	var u *url.URL
	switch {
	case ref.IsAbs() && IsSpecial(strings.ToLower(ref.Scheme)):
		// net/url removes dot segments only when it resolves; the path
		// state removes them in every URL.
		u = new(url.URL).ResolveReference(ref)
	case ref.IsAbs():
		u = ref
	case base == nil:
		return nil, errorf(raw, "is not an absolute URL")
	case base.Opaque != "" || (!IsSpecial(base.Scheme) && base.Host == "" && !strings.HasPrefix(base.Path, "/")):
		// A base with an opaque path (about:blank, mailto:) takes only a
		// fragment.
		if s != "" && !strings.HasPrefix(s, "#") {
			return nil, errorf(raw, "cannot be resolved against %s", base)
		}
		v := *base
		v.Fragment, v.RawFragment = ref.Fragment, ref.RawFragment
		u = &v
	default:
		u = base.ResolveReference(ref)
		// The relative state copies the base's host, path and query,
		// never its fragment (net/url keeps it for an empty reference).
		u.Fragment, u.RawFragment = ref.Fragment, ref.RawFragment
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if IsSpecial(u.Scheme) {
		if host != "" {
			u.Host = host
		}
		if u.Scheme != "file" && u.Host == "" {
			return nil, errorf(raw, "has no host")
		}
		u.Host = strings.ToLower(u.Host)
		if u.Path == "" && u.Opaque == "" {
			u.Path = "/"
		}
	}
	return u, nil
}

// Error is the error of a URL that does not parse.
type Error struct {
	// Input is the string parsed.
	Input string
	// Why says what is wrong with it: "has no host", "is not an absolute
	// URL", ...
	Why string
}

// Error quotes the input, cut to maxQuoted bytes, and says why it failed.
func (e *Error) Error() string { return quoteCut(e.Input) + " " + e.Why }

func errorf(raw, format string, args ...any) error {
	return &Error{Input: raw, Why: fmt.Sprintf(format, args...)}
}

// maxQuoted is the longest input an error quotes whole: a URL from a page
// or a server can be megabytes long, and the message a line.
const maxQuoted = 200

// quoteCut quotes s, cut to maxQuoted bytes (whole characters) with a
// marker outside the quotes that gives its length.
func quoteCut(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	i := maxQuoted
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return strconv.Quote(s[:i]) + fmt.Sprintf("...[cut: %d bytes in all]", len(s))
}

// splitScheme returns s's scheme, lower-cased, and what follows its
// colon, when s starts with one (§4.4 "scheme start state": an ASCII
// letter, then letters, digits, "+", "-" and ".", then ":").
func splitScheme(s string) (scheme, rest string, ok bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return strings.ToLower(s[:i]), s[i+1:], true
		default:
			return "", "", false
		}
	}
	return "", "", false
}

// slashBackslashes reads "\" as "/" up to the query or fragment, as the
// parser's authority and path states do in a special URL.
func slashBackslashes(s string) string {
	end := len(s)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		end = i
	}
	if !strings.Contains(s[:end], `\`) {
		return s
	}
	return strings.ReplaceAll(s[:end], `\`, "/") + s[end:]
}

// specialAuthority rewrites s, a special URL with its backslashes read as
// slashes, into the form net/url reads the same way, and returns where its
// authority starts (-1: it has none):
//   - a scheme equal to the base's, not followed by "//", is dropped: the
//     rest is relative ("special relative or authority state");
//   - any other scheme is followed by exactly two slashes, however many
//     it had ("special authority slashes" and "ignore slashes" states);
//   - a relative URL starting with two or more slashes keeps two
//     ("relative slash state").
func specialAuthority(s, scheme, rest string, hasScheme bool, base *url.URL) (string, int) {
	switch {
	case hasScheme && base != nil && strings.EqualFold(base.Scheme, scheme) && !strings.HasPrefix(rest, "//"):
		if _, _, ok := splitScheme(rest); ok {
			// "http:a:b" is the path "a:b", not the URL "a:b".
			rest = "./" + rest
		}
		return rest, -1
	case hasScheme:
		return scheme + "://" + strings.TrimLeft(rest, "/"), len(scheme) + 3
	case strings.HasPrefix(s, "//"):
		return "//" + strings.TrimLeft(s, "/"), 2
	}
	return s, -1
}

// colonInFirstSegment reports a ":" before the first "/", "?" or "#".
func colonInFirstSegment(s string) bool {
	end := strings.IndexAny(s, "/?#")
	if end < 0 {
		end = len(s)
	}
	return strings.IndexByte(s[:end], ':') >= 0
}

// parseAuthority parses the authority of s, which starts at start and
// ends at the first "/", "?" or "#", as the authority, host and port
// states do, and returns s with the authority in the serialized form
// net/url accepts, and the host (with its port) as the URL standard
// serializes it.
func parseAuthority(raw, s string, start int, scheme string) (string, string, error) {
	end := len(s)
	if i := strings.IndexAny(s[start:], "/?#"); i >= 0 {
		end = start + i
	}
	auth := s[start:end]
	userinfo, hostport := "", auth
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		userinfo, hostport = auth[:i], auth[i+1:]
	}
	// The host ends at the first ":" outside brackets.
	hostStr, port, hasPort := hostport, "", false
	inBrackets := false
	for i := 0; i < len(hostport); i++ {
		switch hostport[i] {
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		case ':':
			if !inBrackets {
				hostStr, port, hasPort = hostport[:i], hostport[i+1:], true
				i = len(hostport)
			}
		}
	}
	if hostStr == "" {
		return "", "", errorf(raw, "has no host")
	}
	host, err := parseHost(hostStr)
	if err != nil {
		return "", "", errorf(raw, "has an invalid host: %v", err)
	}
	if hasPort {
		if port, err = parsePort(port, scheme); err != nil {
			return "", "", errorf(raw, "has an invalid port: %v", err)
		}
	}
	var b strings.Builder
	b.WriteString(s[:start])
	if user, password := splitUserinfo(userinfo); user != "" || password != "" {
		b.WriteString(user)
		if password != "" {
			b.WriteByte(':')
			b.WriteString(password)
		}
		b.WriteByte('@')
	}
	b.WriteString(host)
	if port != "" {
		b.WriteByte(':')
		b.WriteString(port)
	}
	b.WriteString(s[end:])
	if port != "" {
		host += ":" + port
	}
	return b.String(), host, nil
}

// parsePort is the port state: ASCII digits whose value is at most
// 65535; the scheme's default port, or no digits, give "" (no port).
func parsePort(p, scheme string) (string, error) {
	if p == "" {
		return "", nil
	}
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return "", fmt.Errorf("%s is not a number", quoteCut(p))
		}
	}
	n, err := strconv.ParseUint(p, 10, 64)
	if err != nil || n > 65535 {
		return "", fmt.Errorf("%s is above 65535", quoteCut(p))
	}
	p = strconv.FormatUint(n, 10)
	if p == special[scheme] {
		return "", nil
	}
	return p, nil
}

// splitUserinfo splits userinfo at its first ":" into the username and
// password, each percent-encoded with the userinfo percent-encode set
// (§1.3), as the authority state does.
func splitUserinfo(userinfo string) (string, string) {
	user, password, _ := strings.Cut(userinfo, ":")
	return lonePercent(percentEncode(user, inUserinfoSet)), lonePercent(percentEncode(password, inUserinfoSet))
}

// lonePercent writes a "%" that does not start an escape as "%25", which
// net/url requires and a server decodes to the "%" the standard keeps.
func lonePercent(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && !(i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// inUserinfoSet reports a byte of the userinfo percent-encode set: C0
// controls, bytes above U+007E, and space " # / : ; < = > ? @ [ \ ] ^ ` { | }.
func inUserinfoSet(c byte) bool {
	return c < 0x20 || c > 0x7e || strings.IndexByte(" \"#/:;<=>?@[\\]^`{|}", c) >= 0
}

// percentEncode percent-encodes the bytes of s that are in set.
func percentEncode(s string, set func(byte) bool) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if set(s[i]) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; set(c) {
			b = append(b, '%', hex[c>>4], hex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

// encodeRest percent-encodes what net/url would refuse or keep raw in the
// path, query and fragment of a special URL, as the URL standard's
// percent-encode sets do (§1.3): C0 controls, DEL and a "%" that does
// not start an escape ("%25" then, which a server decodes to the "%" the
// standard keeps) everywhere; in the query also space, '"', "<", ">",
// "'" and non-ASCII bytes (the special-query set); in the fragment also
// space, '"', "<", ">" and "`" (the fragment set). net/url escapes the
// rest of the path set itself when it serializes.
func encodeRest(s string) string {
	const hex = "0123456789ABCDEF"
	var b []byte
	part := byte('/') // '/' path, '?' query, '#' fragment
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '?' && part == '/', c == '#' && part != '#':
			part = c
		}
		enc := c < 0x20 || c == 0x7f ||
			(c == '%' && !(i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])))
		switch part {
		case '?':
			enc = enc || c >= 0x80 || strings.IndexByte(" \"<>'", c) >= 0
		case '#':
			enc = enc || c >= 0x80 || strings.IndexByte(" \"<>`", c) >= 0
		}
		if enc && b == nil {
			b = append(make([]byte, 0, len(s)+16), s[:i]...)
		}
		switch {
		case enc:
			b = append(b, '%', hex[c>>4], hex[c&15])
		case b != nil:
			b = append(b, c)
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// dotSegments writes the percent-encoded dot segments of s's path
// ("%2e", ".%2E", ...) as dots, so that resolution removes them: the
// path state counts them as single-dot and double-dot segments (§4.4).
func dotSegments(s string) string {
	if !strings.Contains(s, "%2") {
		return s
	}
	start := 0
	if _, rest, ok := splitScheme(s); ok {
		start = len(s) - len(rest)
	}
	if strings.HasPrefix(s[start:], "//") {
		i := strings.IndexAny(s[start+2:], "/?#")
		if i < 0 {
			return s
		}
		start += 2 + i
	}
	end := len(s)
	if i := strings.IndexAny(s[start:], "?#"); i >= 0 {
		end = start + i
	}
	segs := strings.Split(s[start:end], "/")
	changed := false
	for i, seg := range segs {
		if len(seg) < 3 || len(seg) > 6 {
			continue
		}
		switch strings.ToLower(seg) {
		case "%2e":
			segs[i], changed = ".", true
		case ".%2e", "%2e.", "%2e%2e":
			segs[i], changed = "..", true
		}
	}
	if !changed {
		return s
	}
	return s[:start] + strings.Join(segs, "/") + s[end:]
}
