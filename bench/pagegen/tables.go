package pagegen

// table writes a data table of s >= 9 elements at depth d (needs five
// levels): thead with one row of 2 to 5 header cells, and tbody rows,
// which may start with a row-selection checkbox and end with action
// links in the last cell to use up the element budget exactly.
func (g *gen) table(s, d int) {
	cols := g.r.between(2, 5)
	for cols > 2 && s < 5+2*cols {
		cols--
	}
	base := 4 + cols // table, thead, tr, th..., tbody
	check := 0
	if g.r.chance(50) {
		check = 1
	}
	row := 1 + cols + check
	rows := (s - base) / row
	if rows == 0 {
		check = 0
		row = 1 + cols
		rows = (s - base) / row
	}
	extra := s - base - rows*row

	g.start("table", d, idAuto, "table")
	g.start("thead", d+1, idNone, "")
	g.start("tr", d+2, idNone, "")
	for c := 0; c < cols; c++ {
		g.start("th", d+3, idNone, "")
		if c == 0 && check == 1 {
			g.b = append(g.b, "Select"...)
		} else {
			g.title(1, 2)
		}
		g.end("th")
	}
	g.end("tr")
	g.end("thead")
	g.start("tbody", d+1, idNone, "")
	for r := 0; r < rows; r++ {
		g.open("tr", d+2, idAuto, "")
		g.attrInt("data-index", r)
		g.gt()
		for c := 0; c < cols; c++ {
			g.start("td", d+3, idAuto, "")
			switch {
			case c == 0 && check == 1:
				g.open("input", d+4, idNone, "")
				g.attr("type", "checkbox")
				g.attr("name", "select")
				g.attrInt("value", r)
				g.gt()
			case c == 0:
				g.b = append(g.b, '#')
				g.b = append(g.b, g.r.pick(words)...)
			default:
				g.text(1, 3)
			}
			if c == cols-1 {
				k := extra / rows
				if r < extra%rows {
					k++
				}
				g.inline(k, d+4, false)
			}
			g.end("td")
		}
		g.end("tr")
	}
	g.end("tbody")
	g.end("table")
}
