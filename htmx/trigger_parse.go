package htmx

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/eventperk/eventperk-go/vdom"
)

// trigger is one entry of hx-trigger (or an element's default trigger):
// the event and its modifiers, and the state htmx keeps for it.
type trigger struct {
	// name is the event's name, "every" for polling, "load", "revealed"
	// or "intersect".
	name string
	// offset is where the entry starts in the attribute's value.
	offset int
	// every is the polling interval.
	every time.Duration
	// filter is a [...] filter, which needs JavaScript.
	filter                 string
	once, changed, consume bool
	delay, throttle        time.Duration
	from, target, queue    string
	root, threshold        string
	// htmx 4's modifiers.
	prevent, stop, halt, capture, passive bool

	// htmx 4's state: the pending delay, the throttle window and the
	// event it held back, the polling interval, the listeners.
	timeout        vdom.TimerID
	throttled      bool
	throttledEvent *vdom.Event
	throttleTimer  vdom.TimerID
	interval       vdom.TimerID
	listeners      []listenerReg
}

// parseTriggers parses hx-trigger in the engine's version. Entries that
// do not parse are reported and left out.
func (e *Engine) parseTriggers(el *vdom.Node, value string) []*trigger {
	var ts []*trigger
	var err *Error
	if e.b.v4 {
		ts, err = parseTriggers4(value)
	} else {
		ts, err = parseTriggers2(value)
	}
	if err != nil {
		err.Element, err.Attribute, err.Value = el, e.attrName(el, "hx-trigger"), value
		e.report(err)
	}
	return ts
}

// attrName is the name under which el carries the attribute, for
// errors.
func (e *Engine) attrName(el *vdom.Node, name string) string {
	if el != nil {
		if n := e.ownName(el, name); n != "" {
			return n
		}
	}
	return name
}

// token is one token of htmx 2's trigger tokenizer, with its offset.
type token struct {
	s   string
	off int
}

// tokenize splits a trigger specification as htmx 2's tokenizeString
// does: symbols, quoted strings (", ', /) and single characters.
func tokenize(s string) []token {
	var out []token
	symStart := func(c byte) bool { return c == '_' || c == '$' || unicode.IsLetter(rune(c)) && c < 128 }
	symCont := func(c byte) bool { return symStart(c) || c >= '0' && c <= '9' }
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case symStart(c):
			j := i
			for j+1 < len(s) && symCont(s[j+1]) {
				j++
			}
			out = append(out, token{s[i : j+1], i})
			i = j
		case c == '"' || c == '\'' || c == '/':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			end := min(j+1, len(s))
			out = append(out, token{s[i:end], i})
			i = j
		default:
			out = append(out, token{s[i : i+1], i})
		}
	}
	return out
}

// tokenStream is a list of tokens being consumed.
type tokenStream struct {
	toks []token
	end  int
}

func (t *tokenStream) peek() string {
	if len(t.toks) == 0 {
		return ""
	}
	return t.toks[0].s
}

func (t *tokenStream) off() int {
	if len(t.toks) == 0 {
		return t.end
	}
	return t.toks[0].off
}

func (t *tokenStream) shift() token {
	tok := t.toks[0]
	t.toks = t.toks[1:]
	return tok
}

// until concatenates tokens until one that stop accepts.
func (t *tokenStream) until(stop func(string) bool) string {
	var b strings.Builder
	for len(t.toks) > 0 && !stop(t.toks[0].s) {
		b.WriteString(t.shift().s)
	}
	return b.String()
}

func isWS(s string) bool { return len(s) == 1 && unicode.IsSpace(rune(s[0])) }
func notWS(s string) bool {
	return !isWS(s)
}
func isWSOrComma(s string) bool { return isWS(s) || s == "," }
func isTriggerEnd(s string) bool {
	return isWS(s) || s == "," || s == "["
}

// cssSelector is htmx 2's consumeCSSSelector: a selector in { } or ( ),
// or up to white space or a comma.
func (t *tokenStream) cssSelector() string {
	if p := t.peek(); p == "{" || p == "(" {
		t.shift()
		s := t.until(func(x string) bool { return x == "}" || x == ")" })
		if len(t.toks) > 0 {
			t.shift()
		}
		return strings.TrimSpace(s)
	}
	return t.until(isWSOrComma)
}

// parseTriggers2 is htmx 2's parseAndCacheTrigger, which reports the
// entries it cannot read (htmx:syntax:error) and keeps the rest.
func parseTriggers2(value string) ([]*trigger, *Error) {
	ts := &tokenStream{toks: tokenize(value), end: len(value)}
	var out []*trigger
	var firstErr *Error
	fail := func(off int, format string, args ...any) {
		if firstErr == nil {
			firstErr = &Error{Kind: ErrSyntax, Offset: off, Detail: fmt.Sprintf(format, args...)}
		}
	}
	interval := func(what string, off int, s string) time.Duration {
		d, ok := parseInterval(s)
		if !ok {
			fail(off, "%s %q is not a time (500ms, 1s, 2m)", what, s)
		}
		return d
	}
	for {
		ts.until(notWS)
		initial := len(ts.toks)
		start := ts.off()
		name := ts.until(isTriggerEnd)
		if name != "" {
			t := &trigger{name: name, offset: start}
			if name == "every" {
				ts.until(notWS)
				off := ts.off()
				t.every = interval("every", off, ts.until(isTriggerEnd))
				ts.until(notWS)
			}
			if ts.peek() == "[" {
				off := ts.off()
				depth := 0
				var b strings.Builder
				for len(ts.toks) > 0 {
					tok := ts.shift().s
					b.WriteString(tok)
					if tok == "[" {
						depth++
					} else if tok == "]" {
						depth--
						if depth == 0 {
							break
						}
					}
				}
				t.filter = b.String()
				if depth != 0 {
					fail(off, "the filter %q is not closed", t.filter)
				}
			}
			ts.until(notWS)
			for len(ts.toks) > 0 && ts.peek() != "," {
				off := ts.off()
				tok := ts.shift().s
				colon := ts.peek() == ":"
				switch {
				case t.name == "every":
					fail(off, "unexpected %q after the polling interval", tok)
				case tok == "changed":
					t.changed = true
				case tok == "once":
					t.once = true
				case tok == "consume":
					t.consume = true
				case tok == "delay" && colon:
					ts.shift()
					voff := ts.off()
					t.delay = interval("delay", voff, ts.until(isWSOrComma))
				case tok == "throttle" && colon:
					ts.shift()
					voff := ts.off()
					t.throttle = interval("throttle", voff, ts.until(isWSOrComma))
				case tok == "from" && colon:
					ts.shift()
					if p := ts.peek(); p == "{" || p == "(" {
						t.from = ts.cssSelector()
					} else {
						arg := ts.until(isWSOrComma)
						if arg == "closest" || arg == "find" || arg == "next" || arg == "previous" {
							if len(ts.toks) > 0 {
								ts.shift()
							}
							if sel := ts.cssSelector(); sel != "" {
								arg += " " + sel
							}
						}
						t.from = arg
					}
				case tok == "target" && colon:
					ts.shift()
					t.target = ts.cssSelector()
				case tok == "queue" && colon:
					ts.shift()
					voff := ts.off()
					t.queue = ts.until(isWSOrComma)
					switch t.queue {
					case "first", "last", "all", "none":
					default:
						fail(voff, "queue %q is not first, last, all or none", t.queue)
					}
				case tok == "root" && colon:
					ts.shift()
					t.root = ts.cssSelector()
				case tok == "threshold" && colon:
					ts.shift()
					t.threshold = ts.until(isWSOrComma)
				default:
					fail(off, "unknown modifier %q", tok)
					// htmx 2 skips the token after an unknown one.
					if len(ts.toks) > 0 {
						ts.shift()
					}
				}
				ts.until(notWS)
			}
			out = append(out, t)
		}
		if len(ts.toks) == initial {
			if len(ts.toks) == 0 {
				break
			}
			fail(ts.off(), "unexpected %q", ts.peek())
			ts.shift()
		}
		ts.until(notWS)
		if ts.peek() != "," {
			break
		}
		ts.shift()
	}
	if len(ts.toks) > 0 {
		fail(ts.off(), "unexpected %q", ts.peek())
	}
	return out, firstErr
}

// modifiers4 are the trigger modifiers htmx 4 reads.
var modifiers4 = map[string]bool{
	"once": true, "changed": true, "delay": true, "throttle": true, "from": true, "target": true,
	"consume": true, "prevent": true, "stop": true, "halt": true, "capture": true, "passive": true,
	"queue": true, "root": true, "rootMargin": true, "threshold": true,
}

// parseTriggers4 is htmx 4's parseTriggerSpecs: entries at top-level
// commas, each a name (with an optional [filter]) and HCON modifiers.
// htmx 4 ignores what it does not know; the package reports it.
func parseTriggers4(value string) ([]*trigger, *Error) {
	parts, offs := splitTopLevel(value)
	var out []*trigger
	var firstErr *Error
	fail := func(off int, format string, args ...any) {
		if firstErr == nil {
			firstErr = &Error{Kind: ErrSyntax, Offset: off, Detail: fmt.Sprintf(format, args...)}
		}
	}
	for i, part := range parts {
		lead := len(part) - len(strings.TrimLeft(part, " \t\n\r\f"))
		s := strings.TrimSpace(part)
		if s == "" {
			continue
		}
		base := offs[i] + lead
		name, rest := s, ""
		if j := strings.IndexAny(s, " \t\n\r\f"); j >= 0 {
			name, rest = s[:j], s[j:]
		}
		restOff := base + len(name)
		t := &trigger{name: name, offset: base}
		if k := strings.IndexByte(name, '['); k >= 0 {
			end := strings.IndexByte(s[k:], ']')
			if end >= 0 {
				end += k
			}
			if end < 0 {
				fail(base+k, "the filter %q is not closed", s[k:])
				continue
			}
			t.name, t.filter = name[:k], s[k:end+1]
			rest, restOff = s[end+1:], base+end+1
		}
		if t.name == "every" {
			// "every 1s [filter]": the filter may follow the interval.
			r := strings.TrimSpace(rest)
			if j := strings.IndexByte(r, '['); j >= 0 {
				t.filter = r[j:]
				r = strings.TrimSpace(r[:j])
			}
			off := restOff + strings.Index(rest, r)
			d, ok := parseIntervalStrict(r)
			if !ok {
				fail(off, "every %q is not a time (500ms, 1s, 2m)", r)
			}
			t.every = d
			out = append(out, t)
			continue
		}
		pairs, bad := scanHCON(rest)
		if bad >= 0 {
			fail(restOff+bad, "unexpected text %q", rest[bad:])
		}
		for _, p := range pairs {
			off := restOff + p.offset
			if !modifiers4[p.key] {
				fail(off, "unknown modifier %q", p.key)
				continue
			}
			str := p.raw
			if !p.hasVal {
				str = ""
			}
			switch p.key {
			case "once":
				t.once = truthy(p.value)
			case "changed":
				t.changed = truthy(p.value)
			case "consume":
				t.consume = truthy(p.value)
			case "prevent":
				t.prevent = truthy(p.value)
			case "stop":
				t.stop = truthy(p.value)
			case "halt":
				t.halt = truthy(p.value)
			case "capture":
				t.capture = truthy(p.value)
			case "passive":
				t.passive = truthy(p.value)
			case "delay", "throttle":
				d, ok := parseIntervalStrict(str)
				if !ok {
					fail(restOff+p.valOff, "%s %q is not a time (500ms, 1s, 2m)", p.key, str)
				}
				if p.key == "delay" {
					t.delay = d
				} else {
					t.throttle = d
				}
			case "from":
				t.from = str
			case "target":
				t.target = str
			case "queue":
				t.queue = str
			case "root":
				t.root = str
			case "threshold", "rootMargin":
				t.threshold = str
			}
		}
		out = append(out, t)
	}
	return out, firstErr
}

// truthy is JavaScript's truthiness of an HCON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	}
	s := fmt.Sprint(v)
	return s != "0" && s != ""
}
