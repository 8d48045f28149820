package pagegen

import (
	"fmt"
	"strconv"
)

// idMode says whether an element gets an id.
type idMode uint8

const (
	idAuto  idMode = iota // when the id quota (about one element in ten) asks for one
	idNone                // never
	idForce               // always; counts against the quota
)

// gen holds the state of one Generate call. Every element is written
// through bare (directly or via open), which counts it and checks its
// depth, so the page size and depth promises are enforced in one place.
type gen struct {
	r      rng
	b      []byte
	max    int // MaxDepth
	count  int // elements written so far
	ids    int // ids written or promised so far
	jitter int // moves the next automatic id a few elements either way
	fields int // form controls given an id, numbers "field-N"
	forms  int
}

func (g *gen) height(d int) int { return g.max - d + 1 }

// bare writes "<tag" for an element at depth d without generated
// attributes. The caller adds attributes and then calls gt.
func (g *gen) bare(tag string, d int) {
	if d < 1 || d > g.max {
		panic(fmt.Sprintf("pagegen: internal error: <%s> at depth %d, MaxDepth %d", tag, d, g.max))
	}
	g.count++
	g.b = append(g.b, '<')
	g.b = append(g.b, tag...)
}

// open writes "<tag" with the generated attributes: an id according to
// mode, class (always when class is set, otherwise on a share of the
// elements) and, on a share of the elements, data-id and data-role.
func (g *gen) open(tag string, d int, mode idMode, class string) {
	g.bare(tag, d)
	switch mode {
	case idAuto:
		if g.wantID() {
			g.elementID()
		}
	case idForce:
		g.ids++
		g.elementID()
	}
	g.classes(class)
	if g.r.chance(12) {
		g.attrInt("data-id", g.r.between(1, 99999))
	}
	if g.r.chance(8) {
		g.attr("data-role", g.r.pick(roles))
	}
}

// start is open followed by gt, for elements without further attributes.
func (g *gen) start(tag string, d int, mode idMode, class string) {
	g.open(tag, d, mode, class)
	g.gt()
}

// wantID reports whether the next id is due and, if so, counts it. It
// keeps ids at about one element in ten; forced ids push the next
// automatic ones back.
func (g *gen) wantID() bool {
	if (g.ids+1)*10 > g.count+g.jitter {
		return false
	}
	g.ids++
	g.jitter = g.r.between(-4, 4)
	return true
}

// elementID writes id="el-N", N being the element's position in document
// order, which makes it unique.
func (g *gen) elementID() {
	g.b = append(g.b, ` id="el-`...)
	g.b = strconv.AppendInt(g.b, int64(g.count), 10)
	g.b = append(g.b, '"')
}

// fieldID counts a form control id granted by wantID and returns it.
func (g *gen) fieldID() string {
	g.fields++
	return "field-" + strconv.Itoa(g.fields)
}

func (g *gen) classes(base string) {
	n := 0
	switch {
	case base != "":
		if g.r.chance(35) {
			n = 1
		}
	case g.r.chance(45):
		n = g.r.between(1, 3)
	default:
		return
	}
	g.b = append(g.b, ` class="`...)
	sep := false
	if base != "" {
		g.b = append(g.b, base...)
		sep = true
	}
	var chosen [3]int
	for k := 0; k < n; k++ {
		c := g.r.intn(len(classNames))
		for taken(chosen[:k], c) {
			c = (c + 1) % len(classNames)
		}
		chosen[k] = c
		if classNames[c] == base {
			continue
		}
		if sep {
			g.b = append(g.b, ' ')
		}
		g.b = append(g.b, classNames[c]...)
		sep = true
	}
	g.b = append(g.b, '"')
}

func taken(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func (g *gen) attr(name, value string) {
	g.b = append(g.b, ' ')
	g.b = append(g.b, name...)
	g.b = append(g.b, `="`...)
	g.b = append(g.b, value...)
	g.b = append(g.b, '"')
}

func (g *gen) attrInt(name string, value int) {
	g.b = append(g.b, ' ')
	g.b = append(g.b, name...)
	g.b = append(g.b, `="`...)
	g.b = strconv.AppendInt(g.b, int64(value), 10)
	g.b = append(g.b, '"')
}

// flag writes a boolean attribute such as checked.
func (g *gen) flag(name string) {
	g.b = append(g.b, ' ')
	g.b = append(g.b, name...)
}

func (g *gen) gt() { g.b = append(g.b, '>') }

func (g *gen) end(tag string) {
	g.b = append(g.b, "</"...)
	g.b = append(g.b, tag...)
	g.b = append(g.b, '>')
}

// nl writes a line break between block-level elements.
func (g *gen) nl() { g.b = append(g.b, '\n') }

// text writes between lo and hi words. sentence capitalises the first
// word and ends with a full stop; title capitalises every word.
func (g *gen) text(lo, hi int) { g.words(lo, hi, false, false) }

func (g *gen) sentence(lo, hi int) { g.words(lo, hi, true, false) }

func (g *gen) title(lo, hi int) { g.words(lo, hi, false, true) }

func (g *gen) words(lo, hi int, sentence, title bool) {
	n := g.r.between(lo, hi)
	for i := 0; i < n; i++ {
		if i > 0 {
			g.b = append(g.b, ' ')
		}
		w := g.r.pick(words)
		if title || (sentence && i == 0) {
			g.b = append(g.b, w[0]-'a'+'A')
			w = w[1:]
		}
		g.b = append(g.b, w...)
	}
	if sentence {
		g.b = append(g.b, '.')
	}
}

// leafText writes a complete element at depth d holding only text.
func (g *gen) leafText(tag string, d int, class string, lo, hi int) {
	g.start(tag, d, idAuto, class)
	g.sentence(lo, hi)
	g.end(tag)
}
