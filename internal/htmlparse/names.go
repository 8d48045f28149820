package htmlparse

import (
	"unicode"
	"unicode/utf8"

	a "golang.org/x/net/html/atom"
)

// nameTable hands out small integer ids for tag names, so that the stack of
// open elements can keep, per name, the position of the topmost element with
// that name (openElements.topmost). HTML elements and foreign (SVG, MathML)
// elements use separate ids even when their names are equal, because the
// HTML rules only ever look for HTML elements and the foreign content rules
// only for foreign ones.
type nameTable struct {
	html    map[string]int32 // HTML names without a fixed id, by Data
	foreign map[string]int32 // foreign names, by foldName(Data)
	next    int32            // the next id to hand out
}

func newNameTable() nameTable {
	return nameTable{next: int32(len(knownHTMLTags))}
}

// htmlID returns the id of an HTML tag name, or -1 if no element with that
// name was ever pushed (so none can be on the stack).
func (t *nameTable) htmlID(tag a.Atom, name string) int32 {
	if info, ok := lookupTag(tag); ok {
		return info.id
	}
	if id, ok := t.html[name]; ok {
		return id
	}
	return -1
}

// htmlIDForPush is htmlID, allocating an id for a new name.
func (t *nameTable) htmlIDForPush(tag a.Atom, name string) int32 {
	if id := t.htmlID(tag, name); id >= 0 {
		return id
	}
	if t.html == nil {
		t.html = make(map[string]int32)
	}
	id := t.next
	t.next++
	t.html[name] = id
	return id
}

// foreignID returns the id of a case-folded foreign name, or -1.
func (t *nameTable) foreignID(folded string) int32 {
	if id, ok := t.foreign[folded]; ok {
		return id
	}
	return -1
}

func (t *nameTable) foreignIDForPush(folded string) int32 {
	if id := t.foreignID(folded); id >= 0 {
		return id
	}
	if t.foreign == nil {
		t.foreign = make(map[string]int32)
	}
	id := t.next
	t.next++
	t.foreign[folded] = id
	return id
}

// foldName maps s to a canonical string such that foldName(x) ==
// foldName(y) exactly when strings.EqualFold(x, y): the foreign content end
// tag rule compares names with EqualFold. Names that are ASCII without
// upper-case letters, as the tokenizer produces them, are returned as they
// are.
func foldName(s string) string {
	simple := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			simple = false
			break
		}
	}
	if simple {
		return s
	}
	b := make([]byte, 0, len(s))
	for _, r := range s { // invalid bytes decode as utf8.RuneError, as in EqualFold
		b = utf8.AppendRune(b, foldRune(r))
	}
	return string(b)
}

// foldRune picks one representative of r's simple case folding orbit: its
// lower-case ASCII member if it has one, otherwise the smallest member.
func foldRune(r rune) rune {
	best := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if 'a' <= f && f <= 'z' {
			return f
		}
		if f < best {
			best = f
		}
	}
	if 'A' <= best && best <= 'Z' {
		return best + 'a' - 'A'
	}
	return best
}
