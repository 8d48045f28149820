package weburl

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// lookup is UTS #46 ToASCII with the URL standard's "domain to ASCII"
// flags (§3.5): CheckHyphens false, CheckBidi true, CheckJoiners true,
// UseSTD3ASCIIRules false, Transitional_Processing false,
// VerifyDnsLength false. Options apply in order: MapForLookup's STD3
// rules and hyphen checks are turned off after it.
var lookup = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
	idna.StrictDomainName(false), idna.CheckHyphens(false), idna.VerifyDNSLength(false))

// parseHost is the host parser of §3.5 for a special URL: a bracketed
// IPv6 address, or a domain percent-decoded, read as UTF-8, converted to
// ASCII with IDNA, checked for forbidden code points, and read as an IPv4
// address when it ends in a number. It returns the host serialized.
func parseHost(in string) (string, error) {
	if strings.HasPrefix(in, "[") {
		if !strings.HasSuffix(in, "]") {
			return "", fmt.Errorf("%s has no closing ]", quoteCut(in))
		}
		return parseIPv6(in[1 : len(in)-1])
	}
	domain := strings.ToValidUTF8(percentDecode(in), "\uFFFD")
	ascii, err := domainToASCII(domain)
	if err != nil {
		return "", err
	}
	if i := strings.IndexFunc(ascii, forbiddenInDomain); i >= 0 {
		r, _ := utf8.DecodeRuneInString(ascii[i:])
		return "", fmt.Errorf("%s has the forbidden code point %q", quoteCut(domain), r)
	}
	if endsInNumber(ascii) {
		return parseIPv4(ascii)
	}
	return ascii, nil
}

// domainToASCII is §3.5 "domain to ASCII" with beStrict false. An ASCII
// domain none of whose labels starts with "xn--" only needs lower-casing,
// which is what UTS #46 would do to it.
func domainToASCII(domain string) (string, error) {
	ascii := true
	for i := 0; i < len(domain); i++ {
		if domain[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		lower := strings.ToLower(domain)
		if !strings.HasPrefix(lower, "xn--") && !strings.Contains(lower, ".xn--") {
			if lower == "" {
				return "", fmt.Errorf("the host is empty")
			}
			return lower, nil
		}
	}
	out, err := lookup.ToASCII(domain)
	if err != nil {
		return "", fmt.Errorf("%s is not a valid domain: %v", quoteCut(domain), err)
	}
	if out == "" {
		return "", fmt.Errorf("%s is an empty domain", quoteCut(domain))
	}
	return out, nil
}

// forbiddenInDomain reports a forbidden domain code point (§3.2): a C0
// control, space, # % / : < > ? @ [ \ ] ^ |, or DEL.
func forbiddenInDomain(r rune) bool {
	return r <= 0x20 || r == 0x7f || strings.ContainsRune("#%/:<>?@[\\]^|", r)
}

// percentDecode is §1.3 "percent-decode": "%" and two hex digits are the
// byte they name; any other "%" stays.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// endsInNumber is §3.5 "ends in a number": the last label, ignoring one
// empty trailing label, is all digits or an IPv4 number ("0x1f", "017").
func endsInNumber(s string) bool {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// ipv4Overflow caps the value of a part while it is read: any part at
// or above it fails the range checks anyway.
const ipv4Overflow = 1 << 40

// parseIPv4Number is §3.5 "IPv4 number parser": decimal, octal with a
// leading "0", hexadecimal with "0x"; "" fails, "0x" alone is 0.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	radix := uint64(10)
	switch {
	case len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		s, radix = s[2:], 16
	case len(s) >= 2 && s[0] == '0':
		s, radix = s[1:], 8
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case radix == 16 && isHex(c):
			d = uint64(unhex(c))
		default:
			return 0, false
		}
		if d >= radix {
			return 0, false
		}
		v = min(v*radix+d, ipv4Overflow)
	}
	return v, true
}

// parseIPv4 is §3.5 "IPv4 parser": one to four numbers, each but the
// last at most 255, the last filling the bytes left.
func parseIPv4(s string) (string, error) {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return "", fmt.Errorf("%s ends in a number but has more than four parts", quoteCut(s))
	}
	var addr uint64
	for i, p := range parts {
		n, ok := parseIPv4Number(p)
		if !ok {
			return "", fmt.Errorf("%s ends in a number but %s is not one", quoteCut(s), quoteCut(p))
		}
		if i < len(parts)-1 {
			if n > 255 {
				return "", fmt.Errorf("%s: part %s is above 255", quoteCut(s), quoteCut(p))
			}
			addr |= n << (8 * (3 - i))
			continue
		}
		if n >= 1<<(8*(5-len(parts))) {
			return "", fmt.Errorf("%s: part %s is out of range", quoteCut(s), quoteCut(p))
		}
		addr += n
	}
	return strconv.Itoa(int(addr>>24)) + "." + strconv.Itoa(int(addr>>16&255)) + "." +
		strconv.Itoa(int(addr>>8&255)) + "." + strconv.Itoa(int(addr&255)), nil
}

// parseIPv6 parses the address between a host's brackets and serializes
// it as §3.6 does: eight lower-case hex pieces without leading zeros, the
// first longest run of two or more zero pieces written "::", no dotted
// IPv4 form.
func parseIPv6(s string) (string, error) {
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() || a.Zone() != "" || strings.Contains(s, "%") {
		return "", fmt.Errorf("%s is not an IPv6 address", quoteCut("["+s+"]"))
	}
	b := a.As16()
	var pieces [8]uint16
	for i := range pieces {
		pieces[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	// The compressed run: the first longest run of zeros, of two or more.
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		if pieces[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && pieces[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	var out strings.Builder
	out.WriteByte('[')
	for i := 0; i < 8; i++ {
		if i == best {
			out.WriteString("::")
			i += bestLen - 1
			continue
		}
		if i > 0 && i != best+bestLen {
			out.WriteByte(':')
		}
		out.WriteString(strconv.FormatUint(uint64(pieces[i]), 16))
	}
	out.WriteByte(']')
	return out.String(), nil
}
