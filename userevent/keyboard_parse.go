package userevent

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// ErrKeySyntax is the kind of the error a malformed key sequence gives
// (Keyboard, Type); the message says what is wrong and where.
const ErrKeySyntax = errkind.Kind("userevent: malformed key sequence")

// keyStroke is one step of a key sequence: press a key (Repeat times),
// then release it unless it is to be held, or only release it.
type keyStroke struct {
	def     keyDef
	repeat  int  // key downs, 1 unless {key>N}
	hold    bool // {key>}: stays down after the step
	release bool // {/key}: only the key up
	byCode  bool // [Code]: with Shift held a character key types its shifted character
	pos     int  // position in the sequence, for errors
}

// parseKeys reads a key sequence in user-event's syntax:
//
//   - a character types it (its key on a US keyboard);
//   - {Name} presses and releases a named key ({Enter}, {Backspace},
//     {Shift}, {ArrowLeft}, ...) or a character ({a}, {Space} for " ");
//   - [Code] presses the key with that code ([KeyA], [ShiftLeft],
//     [Digit1]); with Shift held a character key types its shifted
//     character;
//   - {Name>} and [Code>] press and hold; {Name>3} presses three times
//     (the later key downs are repeats) and holds; {Name>3/} releases
//     after; {/Name} and [/Code] release a held key;
//   - {{ and [[ type { and [.
//
// Positions in errors count characters from 0.
func parseKeys(seq string) ([]keyStroke, error) {
	var out []keyStroke
	pos := 0 // in characters
	for i := 0; i < len(seq); {
		r, size := utf8.DecodeRuneInString(seq[i:])
		if r == utf8.RuneError && size == 1 {
			return nil, errkind.Errorf("userevent: %w %q: invalid UTF-8 at position %d", ErrKeySyntax, seq, pos)
		}
		if (r == '{' || r == '[') && i+1 < len(seq) && seq[i+1] == seq[i] {
			out = append(out, keyStroke{def: charKey(r), repeat: 1, pos: pos})
			i, pos = i+2, pos+2
			continue
		}
		if r != '{' && r != '[' {
			out = append(out, keyStroke{def: charKey(r), repeat: 1, pos: pos})
			i, pos = i+size, pos+1
			continue
		}
		closer := "}"
		if r == '[' {
			closer = "]"
		}
		end := strings.Index(seq[i+1:], closer)
		if end < 0 {
			return nil, errkind.Errorf("userevent: %w %q: %q at position %d is not closed by %q (write %s%s for the character)", ErrKeySyntax, seq, string(r), pos, closer, string(r), string(r))
		}
		body := seq[i+1 : i+1+end]
		st, err := parseStroke(seq, string(r), body, pos)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
		i += end + 2
		pos += utf8.RuneCountInString(body) + 2
	}
	return out, nil
}

// parseStroke reads the inside of {...} (open "{") or [...] (open "[").
func parseStroke(seq, open, body string, pos int) (keyStroke, error) {
	whole := open + body + map[string]string{"{": "}", "[": "]"}[open]
	bad := func(why string) (keyStroke, error) {
		return keyStroke{}, errkind.Errorf("userevent: %w %q: %s at position %d: %s", ErrKeySyntax, seq, whole, pos, why)
	}
	st := keyStroke{repeat: 1, pos: pos}
	if strings.HasPrefix(body, "/") && body != "/" {
		st.release = true
		body = body[1:]
	}
	name := body
	if at := strings.IndexByte(body, '>'); at > 0 {
		if st.release {
			return bad("a key cannot be released (/) and held (>) at once")
		}
		name = body[:at]
		rest := body[at+1:]
		st.hold = true
		if strings.HasSuffix(rest, "/") {
			st.hold = false
			rest = rest[:len(rest)-1]
		}
		if rest != "" {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 1 || n > maxRepeat {
				return bad("the repeat count after > must be a number from 1 to " + strconv.Itoa(maxRepeat))
			}
			st.repeat = n
		}
	}
	if name == "" {
		return bad("no key named")
	}
	var ok bool
	if open == "{" {
		st.def, ok = keyByName(name)
		if !ok {
			return bad("no key is named " + strconv.Quote(name) + " (a key value such as Enter, Backspace, ArrowLeft, Shift, or one character)")
		}
	} else {
		st.byCode = true
		st.def, ok = byCode[name]
		if !ok {
			return bad("no key has the code " + strconv.Quote(name) + " (a code such as KeyA, Digit1, Space, Enter, ShiftLeft)")
		}
	}
	return st, nil
}

// maxRepeat bounds {key>N}: a test that means more has a bug.
const maxRepeat = 1000
