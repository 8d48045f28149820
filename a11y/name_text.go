package a11y

import "unicode/utf8"

// MaxNameBytes bounds the length of a name or description, in bytes of
// UTF-8: Name and Description return at most this much, cut at a
// character boundary. It is the length at which Chromium cuts a name or
// description when it hands the accessibility tree to assistive
// technology (kMaxStringAttributeLength in Blink's serialisation of the
// tree), so no screen reader ever hears more. A computation stops as
// soon as it has this much text, which bounds its cost on a page whose
// references repeat or nest (docs/limits.md).
const MaxNameBytes = 10_000

// textBuf collects the text of a name as accname §4.3.2 step 3 flattens
// it: runs of ASCII white space become one space, and none is kept at the
// ends. It normalises as it goes, so the text it holds is the text the
// name will be, and stops growing at MaxNameBytes.
type textBuf struct {
	b []byte
	// pending is set when white space came after the last character
	// written: the next character is preceded by one space, unless the
	// text is still empty.
	pending bool
	// full is set when the text reached MaxNameBytes: nothing more is
	// written, and the computation stops.
	full bool
	// spaces counts the white space written, and spans the spans being
	// watched, innermost last: open ones from the first one not yet
	// given a character on (see openSpan).
	spaces uint32
	spans  []span
	open   int
}

// span is a part of the text being watched for the white space around its
// characters, so that the part can be written again elsewhere as it was:
// with a space before or after it when white space stood there.
type span struct {
	// spaces0 is the count of white space when the span began.
	spaces0 uint32
	// lead is set when white space came before the span's first
	// character.
	lead bool
}

// textMark is a position in a textBuf to test or undo what was written
// since.
type textMark struct {
	n       int32
	spaces  uint32
	pending bool
}

func (t *textBuf) mark() textMark {
	return textMark{n: int32(len(t.b)), pending: t.pending, spaces: t.spaces}
}

// blankSince reports whether nothing but white space was written since m.
func (t *textBuf) blankSince(m textMark) bool { return len(t.b) == int(m.n) }

// changedSince reports whether anything, white space included, was
// written since m.
func (t *textBuf) changedSince(m textMark) bool {
	return len(t.b) != int(m.n) || t.pending != m.pending
}

// reset undoes what was written since m: nothing but white space.
func (t *textBuf) reset(m textMark) {
	t.b = t.b[:m.n]
	t.pending, t.spaces = m.pending, m.spaces
}

// space writes white space.
func (t *textBuf) space() {
	t.pending = true
	t.spaces++
}

// openSpan starts watching a span of the text.
func (t *textBuf) openSpan() {
	t.spans = append(t.spans, span{spaces0: t.spaces})
}

// closeSpan ends the innermost span, begun at m, and returns its edges:
// the bounds of its characters (start == end when it has none), and
// whether white space came before and after them (for a span without
// characters, lead tells whether it held white space).
func (t *textBuf) closeSpan(m textMark) (start, end int, lead, trail bool) {
	i := len(t.spans) - 1
	sp := t.spans[i]
	t.spans = t.spans[:i]
	t.open = min(t.open, i)
	start, end = t.coreSince(m)
	if start == end {
		return start, end, t.spaces > sp.spaces0, false
	}
	return start, end, sp.lead, t.pending
}

// writeEdgesString is writeEdges for a text kept as a string.
func (t *textBuf) writeEdgesString(core string, lead, trail bool) {
	if lead {
		t.space()
	}
	t.writeCore(core)
	if trail {
		t.space()
	}
}

// writeEdges writes a span again: its characters core, with white space
// before and after them as lead and trail say.
func (t *textBuf) writeEdges(core []byte, lead, trail bool) {
	if lead {
		t.space()
	}
	t.writeCoreBytes(core)
	if trail {
		t.space()
	}
}

// isSpace reports the white space accname collapses: ASCII white space,
// as HTML defines it.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// writeString writes s, collapsing its white space. Bytes that are not
// UTF-8 become U+FFFD, as a conversion of the text to runes makes them.
func (t *textBuf) writeString(s string) {
	for i := 0; i < len(s) && !t.full; {
		c := s[i]
		switch {
		case isSpace(c):
			t.pending = true
			t.spaces++
			i++
			continue
		case c < utf8.RuneSelf:
			t.flush()
			t.b = append(t.b, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			t.flush()
			if r == utf8.RuneError && size == 1 {
				t.b = utf8.AppendRune(t.b, r)
			} else {
				t.b = append(t.b, s[i:i+size]...)
			}
			i += size
		}
		if len(t.b) >= MaxNameBytes {
			t.full = true
		}
	}
}

// writeCore writes text already normalised (no white space at the ends
// or twice in a row), which an earlier computation produced.
func (t *textBuf) writeCore(s string) {
	if s == "" || t.full {
		return
	}
	t.flush()
	room := MaxNameBytes + utf8.UTFMax - len(t.b)
	if len(s) > room {
		s = s[:room]
	}
	t.b = append(t.b, s...)
	if len(t.b) >= MaxNameBytes {
		t.full = true
	}
}

// writeCoreBytes is writeCore for text the buffer holds already.
func (t *textBuf) writeCoreBytes(s []byte) {
	if len(s) == 0 || t.full {
		return
	}
	t.flush()
	room := MaxNameBytes + utf8.UTFMax - len(t.b)
	if len(s) > room {
		s = s[:room]
	}
	// s lies before the end of t.b: append copies it before it can be
	// overwritten, also when it moves t.b.
	t.b = append(t.b, s...)
	if len(t.b) >= MaxNameBytes {
		t.full = true
	}
}

// flush writes the space that pending white space stands for before a
// character, and tells the spans that had none yet whether white space
// came before their first.
func (t *textBuf) flush() {
	for ; t.open < len(t.spans); t.open++ {
		sp := &t.spans[t.open]
		sp.lead = t.spaces > sp.spaces0
	}
	if t.pending && len(t.b) > 0 {
		t.b = append(t.b, ' ')
	}
	t.pending = false
}

// coreSince returns the bounds of the text written since m, without the
// space that separates it from what came before; start == end when
// nothing but white space was written.
func (t *textBuf) coreSince(m textMark) (start, end int) {
	start, end = int(m.n), len(t.b)
	if start < end && t.b[start] == ' ' {
		// The text never begins with a space: this one separates.
		start++
	}
	return start, end
}

// String returns the text, cut at MaxNameBytes on a character boundary.
func (t *textBuf) String() string { return string(t.b[:cutPoint(t.b)]) }

// cutPoint returns the length of b cut to MaxNameBytes at a character
// boundary, without a space at the end.
func cutPoint(b []byte) int {
	n := len(b)
	if n <= MaxNameBytes {
		return n
	}
	n = MaxNameBytes
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	for n > 0 && b[n-1] == ' ' {
		n--
	}
	return n
}

// capText cuts a normalised text at MaxNameBytes, as a computed name is
// cut.
func capText(s string) string {
	if len(s) <= MaxNameBytes {
		return s
	}
	return s[:cutPoint([]byte(s[:MaxNameBytes+1]))]
}
