package htmx

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// parseInterval reads a time as htmx 2 does: "500ms", "1.5s", "2m", or
// a bare number of milliseconds; the number is read as parseFloat reads
// it (its longest numeric prefix). It reports false for no number.
func parseInterval(s string) (time.Duration, bool) {
	unit := float64(time.Millisecond)
	switch {
	case strings.HasSuffix(s, "ms"):
		s = s[:len(s)-2]
	case strings.HasSuffix(s, "s"):
		s, unit = s[:len(s)-1], float64(time.Second)
	case strings.HasSuffix(s, "m"):
		s, unit = s[:len(s)-1], float64(time.Minute)
	}
	f, ok := parseFloatPrefix(s)
	if !ok {
		return 0, false
	}
	return time.Duration(f * unit), true
}

// parseIntervalStrict reads a time as htmx 4 does: digits and dots, then
// ms, s, m or nothing (milliseconds).
var strictInterval = regexp.MustCompile(`^([\d.]+)(ms|s|m)?$`)

func parseIntervalStrict(s string) (time.Duration, bool) {
	m := strictInterval.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, false
	}
	unit := map[string]time.Duration{"": time.Millisecond, "ms": time.Millisecond, "s": time.Second, "m": time.Minute}[m[2]]
	return time.Duration(f * float64(unit)), true
}

// interval reads a time in the engine's version.
func (e *Engine) interval(s string) (time.Duration, bool) {
	if e.b.v4 {
		return parseIntervalStrict(s)
	}
	return parseInterval(s)
}

// parseFloatPrefix is JavaScript's parseFloat: leading white space, then
// the longest prefix that is a decimal number.
var floatPrefix = regexp.MustCompile(`^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?`)

func parseFloatPrefix(s string) (float64, bool) {
	m := floatPrefix.FindString(strings.TrimLeft(s, " \t\n\r\f\v"))
	if m == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(m, 64)
	return f, err == nil
}

// codeRegexps caches the compiled responseHandling codes.
var codeRegexps sync.Map

func compileCode(code string) (*regexp.Regexp, error) {
	if re, ok := codeRegexps.Load(code); ok {
		return re.(*regexp.Regexp), nil
	}
	re, err := regexp.Compile(code)
	if err != nil {
		return nil, err
	}
	codeRegexps.Store(code, re)
	return re, nil
}

// hconPair is one key and value of an HCON string, with where it starts.
type hconPair struct {
	key    string
	bare   bool // the key was not quoted (a dotted path nests)
	value  any
	raw    string // the value's text, "" for a bare key
	hasVal bool
	offset int
	valOff int
}

// scanHCON splits an HCON string (htmx 4's "key:value key2:'value'")
// into its pairs, as HCON.parse's pattern matches them: a key (bare, or
// quoted with " or '), then optionally ":" and a value (quoted, <.../>,
// or bare up to white space or a comma), separated by white space or
// commas. It returns the offset of the first text it cannot read.
func scanHCON(s string) ([]hconPair, int) {
	var out []hconPair
	i := 0
	isSep := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ',' }
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	for {
		for i < len(s) && isSep(s[i]) {
			i++
		}
		if i >= len(s) {
			return out, -1
		}
		p := hconPair{offset: i}
		switch s[i] {
		case '"', '\'':
			q := s[i]
			j := strings.IndexByte(s[i+1:], q)
			if j < 1 {
				return out, i
			}
			p.key = s[i+1 : i+1+j]
			i += j + 2
		default:
			j := i
			for j < len(s) && !isSep(s[j]) && s[j] != ':' {
				j++
			}
			p.key, p.bare = s[i:j], true
			i = j
		}
		k := i
		for k < len(s) && isSpace(s[k]) {
			k++
		}
		if k < len(s) && s[k] == ':' {
			k++
			for k < len(s) && isSpace(s[k]) {
				k++
			}
			p.hasVal, p.valOff = true, k
			switch {
			case k < len(s) && (s[k] == '"' || s[k] == '\''):
				q := s[k]
				j := strings.IndexByte(s[k+1:], q)
				if j < 0 {
					return out, k
				}
				p.raw = s[k+1 : k+1+j]
				i = k + j + 2
			case k < len(s) && s[k] == '<':
				j := strings.Index(s[k:], "/>")
				if j < 0 {
					return out, k
				}
				p.raw = s[k+1 : k+j]
				i = k + j + 2
			default:
				j := k
				for j < len(s) && !isSep(s[j]) {
					j++
				}
				p.raw = s[k:j]
				i = j
			}
			p.raw = strings.TrimSpace(p.raw)
		}
		if i < len(s) && !isSep(s[i]) {
			return out, i
		}
		if p.hasVal {
			p.value = jsonOrString(p.raw)
		} else {
			p.value = true
		}
		out = append(out, p)
	}
}

// jsonOrString is HCON's value: JSON when it parses ("5" is 5, "true"
// true), else the text.
func jsonOrString(s string) any {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return s
	}
	if _, err := dec.Token(); err == nil {
		return s
	}
	return v
}

// parseHCON is HCON.parse: a JSON object when the text starts with "{",
// else the pairs, a bare dotted key nesting its value.
func parseHCON(s string) (map[string]any, error) {
	if strings.HasPrefix(s, "{") {
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			return nil, err
		}
		return m, nil
	}
	pairs, bad := scanHCON(s)
	if bad >= 0 {
		return nil, &hconError{offset: bad}
	}
	out := map[string]any{}
	for _, p := range pairs {
		if p.bare && strings.Contains(p.key, ".") {
			parts := strings.Split(p.key, ".")
			m := out
			for _, part := range parts[:len(parts)-1] {
				next, ok := m[part].(map[string]any)
				if !ok {
					next = map[string]any{}
					m[part] = next
				}
				m = next
			}
			m[parts[len(parts)-1]] = p.value
			continue
		}
		out[p.key] = p.value
	}
	return out, nil
}

// hconError is text HCON cannot read.
type hconError struct{ offset int }

func (e *hconError) Error() string { return "unexpected text at " + strconv.Itoa(e.offset) }

// splitTopLevel splits s at the commas outside quotes, brackets,
// parentheses and <.../> (htmx 4's HCON.split, htmx 2's selector list
// split), returning the parts with their offsets.
func splitTopLevel(s string) ([]string, []int) {
	var parts []string
	var offs []int
	depth := 0
	var quote byte
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '(':
			depth++
		case (c == ']' || c == ')') && depth > 0:
			depth--
		case c == '<':
			depth++
		case c == '/' && i+1 < len(s) && s[i+1] == '>' && depth > 0:
			depth--
		case c == ',' && depth == 0:
			parts = append(parts, s[start:i])
			offs = append(offs, start)
			start = i + 1
		}
	}
	parts = append(parts, s[start:])
	offs = append(offs, start)
	return parts, offs
}
