package htmlparse

import (
	"bytes"
	"errors"
	"fmt"
)

// MaxClonedElements bounds the elements one parse creates by re-opening
// formatting elements ("reconstruct the active formatting elements" and the
// adoption agency). The algorithm re-opens every formatting element that
// misnested markup left open, at every new block, so a short document can
// ask for a huge tree: 10,000 differently attributed <b> tags closed by one
// </p> and followed by 10,000 paragraphs (220 kB) ask for 100,000,000
// elements, which no process has the memory for. Browsers build those
// trees too, but stop nesting at 512 levels, which x/net/html's parser
// turns into a refusal. Ordinary pages, misnested or not, re-open a
// handful of elements; a million is far beyond them and still fits in
// memory (about 300 MB).
const MaxClonedElements = 1 << 20

// MaxClonedAttributes bounds the attributes one parse copies into the
// elements it re-opens. A formatting element with a hundred thousand
// attributes re-opened by each of a thousand paragraphs asks for a hundred
// million attributes while MaxClonedElements is far away. Four million
// attributes take about 200 MB.
const MaxClonedAttributes = 1 << 22

// ErrTooManyClones is the error (matched with errors.Is) of a parse that
// would re-open formatting elements more than MaxClonedElements times, or
// copy more than MaxClonedAttributes attributes doing so.
var ErrTooManyClones = errors.New("misnested formatting elements re-opened too many times")

// LimitError reports where a parse reached MaxClonedElements.
type LimitError struct {
	Line, Column int // 1-based, of the tag being processed; columns count bytes
	Offset       int // the tag's byte offset in the input
	// Attributes tells that MaxClonedAttributes was passed rather than
	// MaxClonedElements.
	Attributes bool
}

// Error names the place and the limit. It has no package prefix: vdom,
// which exports this limit, puts its own in front.
func (e *LimitError) Error() string {
	if e.Attributes {
		return fmt.Sprintf("line %d, column %d: %s: more than %d attributes copied (the tree would be far larger than the input)",
			e.Line, e.Column, ErrTooManyClones, MaxClonedAttributes)
	}
	return fmt.Sprintf("line %d, column %d: %s: more than %d copies made (the tree would be far larger than the input)",
		e.Line, e.Column, ErrTooManyClones, MaxClonedElements)
}

// Is makes errors.Is(err, ErrTooManyClones) true.
func (e *LimitError) Is(target error) bool { return target == ErrTooManyClones }

// position tracks where in the input the current token starts, for
// errors. Counting newlines in each token's raw bytes costs little next to
// tokenizing them.
type position struct {
	offset, line, lineStart int // of the next token
	tokOffset, tokLine      int // of the current token
	tokColumn               int
}

// advance moves past the current token, whose raw bytes are raw.
func (pos *position) advance(raw []byte) {
	if pos.line == 0 {
		pos.line = 1
	}
	pos.tokOffset, pos.tokLine, pos.tokColumn = pos.offset, pos.line, pos.offset-pos.lineStart+1
	if n := bytes.Count(raw, []byte{'\n'}); n > 0 {
		pos.line += n
		pos.lineStart = pos.offset + bytes.LastIndexByte(raw, '\n') + 1
	}
	pos.offset += len(raw)
}

// countClone counts an element created by re-opening a formatting element
// with attrs attributes, and records the limit error once
// MaxClonedElements or MaxClonedAttributes is passed; run stops after the
// token that passed it.
func (p *parser) countClone(attrs int) {
	p.clones++
	p.clonedAttrs += attrs
	if p.err != nil {
		return
	}
	if p.clones > MaxClonedElements || p.clonedAttrs > MaxClonedAttributes {
		p.err = &LimitError{Line: p.pos.tokLine, Column: p.pos.tokColumn, Offset: p.pos.tokOffset,
			Attributes: p.clones <= MaxClonedElements}
	}
}
