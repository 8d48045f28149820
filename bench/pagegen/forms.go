package pagegen

import "strconv"

// form writes a form of s >= 5 elements at depth d (needs four levels).
// It has a forced id and always ends with a submit button; its first
// field is a checkbox, so every form holds a checkbox under an element
// with an id. Control ids are "field-N" and come out of the id quota;
// a control with an id is labelled with label for=, one without is
// wrapped in its label.
func (g *gen) form(s, d int) {
	g.forms++
	g.open("form", d, idForce, "form")
	g.b = append(g.b, ` action="/forms/`...)
	g.b = strconv.AppendInt(g.b, int64(g.forms), 10)
	g.b = append(g.b, `" method="post"`...)
	g.gt()
	f := d + 1
	m := s - 2 // form and submit button
	first := true
	for m > 0 {
		g.nl()
		switch {
		case m == 1:
			g.bare("input", f)
			g.attr("type", "hidden")
			g.attr("name", "token")
			g.attrInt("value", g.r.between(100000, 999999))
			g.gt()
			m = 0
		case m == 2:
			g.start("label", f, idAuto, "check")
			g.checkbox(f + 1)
			g.text(1, 3)
			g.end("label")
			m = 0
		case first:
			g.checkboxField(f)
			m -= 3
		default:
			m -= g.field(f, m)
		}
		first = false
	}
	g.nl()
	g.open("button", f, idAuto, "btn primary")
	g.attr("type", "submit")
	g.gt()
	g.title(1, 2)
	g.end("button")
	g.nl()
	g.end("form")
}

// field writes one form field of at most m >= 3 elements at depth f and
// returns its size.
func (g *gen) field(f, m int) int {
	p := g.r.intn(100)
	switch {
	case p < 30:
		g.textField(f, "text")
		return 3
	case p < 45:
		g.textField(f, "email")
		return 3
	case p < 60:
		g.checkboxField(f)
		return 3
	case p < 70:
		g.start("div", f, idAuto, "field")
		g.label(f + 1)
		g.open("textarea", f+1, idNone, "")
		g.attr("name", "notes")
		g.attr("rows", "3")
		g.gt()
		g.sentence(3, 10)
		g.end("textarea")
		g.end("div")
		return 3
	case p < 85 && m >= 5:
		k := g.r.between(2, min(6, m-3))
		g.start("div", f, idAuto, "field")
		g.label(f + 1)
		g.open("select", f+1, idNone, "")
		g.attr("name", g.r.pick(fieldNames))
		g.gt()
		for i := 0; i < k; i++ {
			g.bare("option", f+2)
			g.attrInt("value", i)
			if i == 0 {
				g.flag("selected")
			}
			g.gt()
			g.title(1, 2)
			g.end("option")
		}
		g.end("select")
		g.end("div")
		return 3 + k
	case m >= 6:
		k := g.r.between(2, min(4, (m-2)/2))
		name := g.r.pick(fieldNames)
		g.start("fieldset", f, idAuto, "radios")
		g.start("legend", f+1, idNone, "")
		g.title(1, 3)
		g.end("legend")
		for i := 0; i < k; i++ {
			g.start("label", f+1, idAuto, "")
			g.bare("input", f+2)
			g.attr("type", "radio")
			g.attr("name", name)
			g.attrInt("value", i)
			if i == 0 {
				g.flag("checked")
			}
			g.gt()
			g.text(1, 2)
			g.end("label")
		}
		g.end("fieldset")
		return 2 + 2*k
	default:
		g.textField(f, "text")
		return 3
	}
}

// label writes a label element with text (one element).
func (g *gen) label(d int) {
	g.start("label", d, idNone, "")
	g.title(1, 2)
	g.end("label")
}

// textField writes div > label + input, or div > label > input when the
// input gets no id: three elements at depth f.
func (g *gen) textField(f int, typ string) {
	g.start("div", f, idAuto, "field")
	name := g.r.pick(fieldNames)
	if typ == "email" {
		name = "email"
	}
	if g.wantID() {
		id := g.fieldID()
		g.open("label", f+1, idNone, "")
		g.attr("for", id)
		g.gt()
		g.title(1, 2)
		g.end("label")
		g.input(f+1, typ, name, id)
	} else {
		g.start("label", f+1, idNone, "")
		g.title(1, 2)
		g.b = append(g.b, ' ')
		g.input(f+2, typ, name, "")
		g.end("label")
	}
	g.end("div")
}

func (g *gen) input(d int, typ, name, id string) {
	g.open("input", d, idNone, "input")
	if id != "" {
		g.attr("id", id)
	}
	g.attr("type", typ)
	g.attr("name", name)
	if g.r.chance(50) {
		g.attr("placeholder", g.r.pick(words))
	}
	g.gt()
}

// checkboxField writes div > label > input[type=checkbox]: three elements.
func (g *gen) checkboxField(f int) {
	g.start("div", f, idAuto, "field")
	g.start("label", f+1, idNone, "check")
	g.checkbox(f + 2)
	g.text(1, 4)
	g.end("label")
	g.end("div")
}

func (g *gen) checkbox(d int) {
	g.open("input", d, idNone, "")
	g.attr("type", "checkbox")
	g.attr("name", g.r.pick(words))
	if g.r.chance(30) {
		g.flag("checked")
	}
	g.gt()
}

// searchForm writes form > input + button (three elements) at depth d.
func (g *gen) searchForm(d int) {
	g.open("form", d, idForce, "search")
	g.attr("action", "/search")
	g.attr("role", "search")
	g.gt()
	g.input(d+1, "text", "q", "")
	g.open("button", d+1, idNone, "btn")
	g.attr("type", "submit")
	g.gt()
	g.b = append(g.b, "Search"...)
	g.end("button")
	g.end("form")
}
