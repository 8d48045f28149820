package pagegen

import "strconv"

// Flow content. Every function here writes exactly the number of
// elements it is given, the first of them at depth d, and never goes
// deeper than MaxDepth. Block elements only ever contain flow content,
// p and headings only phrasing content, and a never contains a, so the
// HTML parser keeps the tree exactly as written.

// fill writes n >= 0 elements as a run of sibling blocks at depth d.
func (g *gen) fill(n, d int) {
	for n > 0 {
		s := g.blockSize(n, d)
		g.nl()
		g.block(s, d)
		n -= s
	}
}

// blockSize picks the size of the next block: mostly small, sometimes
// medium, occasionally large, and 1 where there is no room to nest.
func (g *gen) blockSize(n, d int) int {
	if g.height(d) < 2 {
		return 1
	}
	var s int
	switch p := g.r.intn(100); {
	case p < 50:
		s = g.r.between(1, 6)
	case p < 85:
		s = g.r.between(7, 40)
	default:
		s = g.r.between(41, 160)
	}
	return min(s, n)
}

type blockKind uint8

const (
	paragraphBlock blockKind = iota
	listBlock
	tableBlock
	formBlock
	boxBlock
	articleBlock
)

// block writes one block of s elements at depth d. s > 1 requires room
// for two levels, which blockSize guarantees.
func (g *gen) block(s, d int) {
	if s == 1 {
		g.leaf(d)
		return
	}
	h := g.height(d)
	type weighted struct {
		kind   blockKind
		weight int
	}
	var choices [6]weighted
	n, total := 0, 0
	add := func(k blockKind, w int, ok bool) {
		if ok {
			choices[n] = weighted{k, w}
			n++
			total += w
		}
	}
	large := s > 40
	add(paragraphBlock, 30, s <= 14)
	add(listBlock, 14, s <= 90)
	add(tableBlock, pickInt(large, 16, 8), s >= 9 && s <= 300 && h >= 5)
	add(formBlock, 8, s >= 5 && s <= 60 && h >= 4)
	add(boxBlock, pickInt(large, 40, 22), true)
	add(articleBlock, 10, s >= 4)
	r := g.r.intn(total)
	kind := boxBlock
	for _, c := range choices[:n] {
		if r < c.weight {
			kind = c.kind
			break
		}
		r -= c.weight
	}
	switch kind {
	case paragraphBlock:
		g.paragraph(s, d)
	case listBlock:
		g.list(s, d)
	case tableBlock:
		g.table(s, d)
	case formBlock:
		g.form(s, d)
	case articleBlock:
		g.article(s, d)
	default:
		g.box(s, d)
	}
}

func pickInt(cond bool, yes, no int) int {
	if cond {
		return yes
	}
	return no
}

// leaf writes one element without element children.
func (g *gen) leaf(d int) {
	switch p := g.r.intn(100); {
	case p < 72:
		g.leafText("p", d, "", 4, 16)
	case p < 82:
		g.start("h3", d, idAuto, "")
		g.title(2, 5)
		g.end("h3")
	case p < 87:
		g.open("hr", d, idAuto, "")
		g.gt()
	case p < 93:
		g.leafText("blockquote", d, "quote", 6, 14)
	default:
		g.open("button", d, idAuto, "btn")
		g.attr("type", "button")
		g.gt()
		g.title(1, 2)
		g.end("button")
	}
}

// paragraph writes p with s-1 phrasing elements mixed into its text.
func (g *gen) paragraph(s, d int) {
	g.start("p", d, idAuto, "")
	g.sentence(2, 8)
	g.inline(s-1, d+1, false)
	g.b = append(g.b, ' ')
	g.sentence(2, 8)
	g.end("p")
}

// inline writes n phrasing elements at depth d, each preceded by text.
// Inside an a element (inLink) no further a is written.
func (g *gen) inline(n, d int, inLink bool) {
	for n > 0 {
		g.b = append(g.b, ' ')
		g.text(1, 5)
		g.b = append(g.b, ' ')
		sub := 0
		if n > 1 && g.height(d) >= 2 && g.r.chance(30) {
			sub = g.r.between(1, min(n-1, 3))
		}
		if sub == 0 && g.r.chance(6) {
			g.bare("br", d)
			g.gt()
			n--
			continue
		}
		tags := phrasing
		if inLink {
			tags = phrasing[1:]
		}
		tag := g.r.pick(tags)
		if tag == "a" {
			g.open("a", d, idAuto, "")
			g.href("/item/")
			g.gt()
		} else {
			g.start(tag, d, idAuto, "")
		}
		g.text(1, 3)
		if sub > 0 {
			g.inline(sub, d+1, inLink || tag == "a")
		}
		g.end(tag)
		n -= 1 + sub
	}
}

// phrasing lists the inline elements; "a" must stay first (see inline).
var phrasing = []string{"a", "span", "em", "strong", "span", "code", "small"}

func (g *gen) href(prefix string) {
	g.b = append(g.b, ` href="`...)
	g.b = append(g.b, prefix...)
	g.b = strconv.AppendInt(g.b, int64(g.r.between(1, 9999)), 10)
	g.b = append(g.b, '"')
}

// link writes one a element with text.
func (g *gen) link(d int, class, href string) {
	g.open("a", d, idAuto, class)
	if href != "" {
		g.attr("href", href)
	} else {
		g.href("/" + g.r.pick(words) + "/")
	}
	g.gt()
	g.title(1, 3)
	g.end("a")
}

// list writes ul or ol with s-1 elements of items.
func (g *gen) list(s, d int) {
	tag := "ul"
	if g.r.chance(30) {
		tag = "ol"
	}
	g.start(tag, d, idAuto, "list")
	g.listItems(s-1, d+1, false)
	g.nl()
	g.end(tag)
}

// listItems writes li elements at depth d, n elements including their
// content: text, a link (always likely in menus), phrasing, or a link
// followed by a nested list.
func (g *gen) listItems(n, d int, menu bool) {
	for i := 0; n > 0; i++ {
		rest := n - 1
		c := 0
		nested := false
		if rest > 0 && g.height(d) >= 2 {
			p := g.r.intn(100)
			switch {
			case p < pickInt(menu, 10, 25):
			case p < pickInt(menu, 85, 65):
				c = 1
			default:
				c = g.r.between(1, min(rest, 8))
				nested = c >= 3 && g.height(d) >= 3 && g.r.chance(pickInt(menu, 70, 40))
			}
		}
		g.nl()
		g.open("li", d, idAuto, pickString(menu, "nav-item", ""))
		if g.r.chance(50) {
			g.attrInt("data-index", i)
		}
		g.gt()
		switch {
		case c == 0:
			g.sentence(1, 6)
		case nested:
			g.link(d+1, "", "")
			g.nl()
			g.start("ul", d+1, idAuto, pickString(menu, "submenu", "list"))
			g.listItems(c-2, d+2, menu)
			g.nl()
			g.end("ul")
		case menu && c == 1:
			g.link(d+1, "nav-link", "")
		default:
			g.title(1, 3)
			g.inline(c, d+1, false)
		}
		g.end("li")
		n -= 1 + c
	}
}

func pickString(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// box writes a div of s >= 2 elements: either a wrapper holding one
// smaller box, or a card with an optional heading and a run of blocks.
func (g *gen) box(s, d int) {
	if s > 10 && g.height(d) >= 3 && g.r.chance(25) {
		g.start("div", d, idAuto, g.r.pick(wrapperClasses))
		g.nl()
		g.box(s-1, d+1)
		g.nl()
		g.end("div")
		return
	}
	g.start("div", d, idAuto, g.r.pick(boxClasses))
	s--
	if s >= 2 && g.r.chance(40) {
		g.nl()
		g.start("h3", d+1, idAuto, "title")
		g.title(2, 5)
		g.end("h3")
		s--
	}
	g.fill(s, d+1)
	g.nl()
	g.end("div")
}

// article writes an article of s >= 3 elements: a heading and blocks.
func (g *gen) article(s, d int) {
	g.start("article", d, idAuto, "post")
	g.nl()
	g.start("h3", d+1, idAuto, "")
	g.title(2, 6)
	g.end("h3")
	g.fill(s-2, d+1)
	g.nl()
	g.end("article")
}
