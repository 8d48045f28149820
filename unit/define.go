package unit

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// Definition describes a kind of unit: which elements are units of that
// kind, and what each one gets. Exactly one of Tag and Selector says which
// elements.
type Definition struct {
	// Tag is a valid custom element name ("todo-list": a lowercase ASCII
	// letter first, a hyphen, no uppercase, not a reserved name such as
	// "font-face"): every HTML element with that name is a unit of this
	// kind.
	Tag string
	// Selector is a compound of attribute selectors, such as
	// "[data-unit=cart]" or "[data-unit~=cart][data-live]": every element
	// it matches is a unit of this kind. Only attributes are allowed, so
	// that an element's kind depends on the element alone, as a custom
	// element's name does, and not on where it is.
	Selector string
	// Name names the kind in errors; the default is Tag or Selector.
	Name string
	// Settings are the settings of every unit of the kind. Each unit gets
	// its own copy of the map; the section values are shared, and must
	// not be changed once defined.
	Settings Settings
	// Methods are the methods of every unit of the kind (each unit gets
	// its own copy of the map, so SetMethod on one does not touch the
	// others).
	Methods Methods
	// Render and HTML give the unit's inner HTML, as in Options; with
	// neither, the element's server-rendered content stays.
	Render func(ctx context.Context, u *Unit) (string, error)
	HTML   *string
	// Perks provides the perks; nil means DefaultPerks(), as in Options.
	Perks PerkSource
	// New, if set, makes the Go value behind each unit of the kind, after
	// the unit is made and before it starts: it may set methods bound to
	// that value (u.SetMethod) and read the element (u.Root()). The value
	// is the unit's Instance. An error, or a panic, leaves the element
	// without a unit and is reported as the unit's upgrade error.
	New func(u *Unit) (any, error)
}

// Definitions is a registry of unit kinds, which documents use to upgrade
// their elements into units (Attach). One Definitions may serve any number
// of documents, on any goroutines: Define and the reads the documents make
// are safe for concurrent use.
type Definitions struct {
	// set is the current definitions, never changed once published:
	// Define publishes a new one, so documents read without locking.
	set atomic.Pointer[defSet]
	// mu serializes Define and guards docs.
	mu sync.Mutex
	// docs are the documents attached, held weakly so that a page
	// dropped by its owner can be collected.
	docs []weak.Pointer[vdom.Document]
	// pruneAt is the length of docs at which addDocument next drops
	// the documents gone.
	pruneAt int
}

// defSet is one published state of a Definitions.
type defSet struct {
	all   []*definition
	byTag map[string]*definition
	// bySelector are the selector definitions, in definition order.
	bySelector []*definition
}

// definition is a Definition checked and compiled.
type definition struct {
	Definition
	sel *selector.Selector
}

// NewDefinitions returns a registry holding defs, or the errors of the ones
// that are invalid (each named).
func NewDefinitions(defs ...Definition) (*Definitions, error) {
	r := &Definitions{}
	for _, d := range defs {
		if err := r.Define(d); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Define adds a kind of unit. It returns ErrBadDefinition for an invalid
// Tag or Selector (or both, or neither), and ErrDefinitionExists for a Tag
// or Selector defined already.
//
// A definition added after documents were attached reaches the elements
// already in them as a task posted to each document (Document.Post): the
// next RunTasks or Await upgrades them, on the document's goroutine, and
// reports their start errors as that task's. Upgrade does it at once.
func (r *Definitions) Define(def Definition) error {
	d, err := compileDefinition(def)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.set.Load()
	next := &defSet{byTag: map[string]*definition{}}
	if old != nil {
		next.all = slices.Clone(old.all)
		next.bySelector = slices.Clone(old.bySelector)
		maps.Copy(next.byTag, old.byTag)
	}
	if d.Tag != "" {
		if _, ok := next.byTag[d.Tag]; ok {
			return errkind.Errorf("unit: define %q: %w", d.Tag, ErrDefinitionExists)
		}
		next.byTag[d.Tag] = d
	} else {
		for _, o := range next.bySelector {
			if o.Selector == d.Selector {
				return errkind.Errorf("unit: define %q: %w", d.Selector, ErrDefinitionExists)
			}
		}
		next.bySelector = append(next.bySelector, d)
	}
	next.all = append(next.all, d)
	r.set.Store(next)
	r.postUpgrades()
	return nil
}

// postUpgrades asks every attached document to upgrade its elements, and
// forgets the documents that are gone. Callers hold r.mu.
func (r *Definitions) postUpgrades() {
	live := r.docs[:0]
	for _, wp := range r.docs {
		doc := wp.Value()
		if doc == nil {
			continue
		}
		live = append(live, wp)
		doc.Post(func() {
			b := bindingOf(doc)
			if b == nil || b.defs != r {
				return // attached to other definitions since
			}
			if err := b.upgradeTree(context.Background()); err != nil {
				// A task's panic is how RunTasks and Await report an
				// error (vdom's TaskError).
				panic(err)
			}
		})
	}
	clear(r.docs[len(live):])
	r.docs = live
}

// addDocument remembers doc for later definitions. The documents gone
// are forgotten whenever the list has doubled since the last time, so a
// program that attaches page after page keeps a list as long as the
// pages alive, give or take a factor of two.
func (r *Definitions) addDocument(doc *vdom.Document) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.docs) >= r.pruneAt {
		live := r.docs[:0]
		for _, wp := range r.docs {
			if wp.Value() != nil {
				live = append(live, wp)
			}
		}
		clear(r.docs[len(live):])
		r.docs = live
		r.pruneAt = max(2*len(live), 64)
	}
	r.docs = append(r.docs, weak.Make(doc))
}

// Names returns the names of the kinds defined, in definition order.
func (r *Definitions) Names() []string {
	s := r.set.Load()
	if s == nil {
		return nil
	}
	out := make([]string, len(s.all))
	for i, d := range s.all {
		out[i] = d.Name
	}
	return out
}

// match returns the definition h is a unit of, and a second one when two
// definitions claim it.
func (s *defSet) match(h *html.Node) (def, other *definition) {
	if s == nil {
		return nil, nil
	}
	if h.Namespace == "" && strings.IndexByte(h.Data, '-') > 0 {
		def = s.byTag[h.Data]
	}
	for _, d := range s.bySelector {
		if !d.sel.Match(h, nil) {
			continue
		}
		if def == nil {
			def = d
			continue
		}
		return def, d
	}
	return def, nil
}

func compileDefinition(def Definition) (*definition, error) {
	switch {
	case def.Tag == "" && def.Selector == "":
		return nil, errkind.Errorf("unit: define: %w: give a Tag or a Selector", ErrBadDefinition)
	case def.Tag != "" && def.Selector != "":
		return nil, errkind.Errorf("unit: define %q: %w: give a Tag or a Selector, not both (Selector %q)", def.Tag, ErrBadDefinition, def.Selector)
	}
	d := &definition{Definition: def}
	if def.Tag != "" {
		if reason := customElementNameProblem(def.Tag); reason != "" {
			return nil, errkind.Errorf("unit: define %q: %w: not a valid custom element name: %s", def.Tag, ErrBadDefinition, reason)
		}
		if d.Name == "" {
			d.Name = def.Tag
		}
	} else {
		if reason := attributeSelectorProblem(def.Selector); reason != "" {
			return nil, errkind.Errorf("unit: define %q: %w: %s", def.Selector, ErrBadDefinition, reason)
		}
		sel, err := selector.Compile(def.Selector)
		if err != nil {
			return nil, errkind.Errorf("unit: define %q: %w: %w", def.Selector, ErrBadDefinition, err)
		}
		d.sel = sel
		if d.Name == "" {
			d.Name = def.Selector
		}
	}
	// The definition's maps are the caller's: keep copies, so that the
	// caller changing them later cannot race with the documents reading.
	d.Settings = maps.Clone(def.Settings)
	d.Methods = maps.Clone(def.Methods)
	return d, nil
}

// reservedNames are the hyphenated names SVG and MathML took before custom
// elements existed (HTML §4.13.2, "valid custom element name").
var reservedNames = []string{
	"annotation-xml", "color-profile", "font-face", "font-face-src",
	"font-face-uri", "font-face-format", "font-face-name", "missing-glyph",
}

// customElementNameProblem says why name is not a valid custom element
// name (HTML §4.13.2), or returns "".
func customElementNameProblem(name string) string {
	if c := name[0]; c < 'a' || c > 'z' {
		return "it must start with a lowercase ASCII letter"
	}
	if !strings.Contains(name, "-") {
		return "it must contain a hyphen"
	}
	if slices.Contains(reservedNames, name) {
		return "it is reserved by SVG or MathML"
	}
	for i, r := range name {
		if r >= 'A' && r <= 'Z' {
			return "it must not contain uppercase ASCII letters (" + string(r) + " at byte " + strconv.Itoa(i) + ")"
		}
		if !isPCENChar(r) {
			return "it must not contain " + strconv.QuoteRune(r) + " (at byte " + strconv.Itoa(i) + ")"
		}
	}
	return ""
}

// isPCENChar is the PCENChar production of HTML §4.13.2.
func isPCENChar(r rune) bool {
	switch {
	case r == '-' || r == '.' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z':
		return true
	case r == 0xB7, r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0x37D,
		r >= 0x37F && r <= 0x1FFF, r >= 0x200C && r <= 0x200D, r >= 0x203F && r <= 0x2040,
		r >= 0x2070 && r <= 0x218F, r >= 0x2C00 && r <= 0x2FEF, r >= 0x3001 && r <= 0xD7FF,
		r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFFD, r >= 0x10000 && r <= 0xEFFFF:
		return true
	}
	return false
}

// attributeSelectorProblem says why sel is not a compound of attribute
// selectors, or returns "". Strings and escapes inside the brackets are
// skipped; the selector syntax itself is checked by selector.Compile.
func attributeSelectorProblem(sel string) string {
	const want = "want attribute selectors only, such as [data-unit=cart]"
	if sel == "" || sel[0] != '[' {
		return want
	}
	for i := 0; i < len(sel); {
		if sel[i] != '[' {
			return want + "; found " + strconv.QuoteRune(rune(sel[i])) + " at byte " + strconv.Itoa(i)
		}
		end := closingBracket(sel, i+1)
		if end < 0 {
			return "unclosed [ at byte " + strconv.Itoa(i)
		}
		i = end + 1
	}
	return ""
}

// closingBracket returns the index of the ] that closes an attribute
// selector whose content starts at i, or -1.
func closingBracket(sel string, i int) int {
	var quote byte
	for ; i < len(sel); i++ {
		c := sel[i]
		switch {
		case c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == ']':
			return i
		}
	}
	return -1
}
