package pagegen

import "strconv"

// document writes the whole page: exactly n elements when chain is false
// or the deep chain fits (see Options.hasDeepChain).
func (g *gen) document(n int, chain bool) {
	g.b = append(g.b, "<!DOCTYPE html>\n"...)
	g.bare("html", 1)
	g.attr("lang", "en")
	g.gt()
	g.head(n >= fullHeadElements)
	g.bare("body", 2)
	g.attr("class", "app")
	g.gt()
	g.body(n-g.count, chain)
	g.nl()
	g.end("body")
	g.end("html")
}

// head writes head with meta charset and title, plus a viewport meta,
// two link elements and a style element when full. 4 or 8 elements with
// html.
func (g *gen) head(full bool) {
	g.bare("head", 2)
	g.gt()
	g.nl()
	g.bare("meta", 3)
	g.attr("charset", "utf-8")
	g.gt()
	if full {
		g.nl()
		g.bare("meta", 3)
		g.attr("name", "viewport")
		g.attr("content", "width=device-width, initial-scale=1")
		g.gt()
	}
	g.nl()
	g.bare("title", 3)
	g.gt()
	g.title(2, 4)
	g.b = append(g.b, " - Example Shop"...)
	g.end("title")
	if full {
		g.nl()
		g.bare("link", 3)
		g.attr("rel", "icon")
		g.attr("href", "/favicon.ico")
		g.gt()
		g.nl()
		g.bare("link", 3)
		g.attr("rel", "canonical")
		g.attr("href", "https://shop.example.com/dashboard")
		g.gt()
		g.nl()
		g.bare("style", 3)
		g.gt()
		g.b = append(g.b, "\n.card{padding:8px;border:1px solid #ddd}\n.hidden{display:none}\n.btn.primary{color:#fff;background:#246}\n"...)
		g.end("style")
	}
	g.nl()
	g.end("head")
}

// body writes the children of body, n elements in total: header, main,
// aside and footer, the optional parts only when n leaves room for them.
func (g *gen) body(n int, chain bool) {
	chainLen := 0
	if chain {
		chainLen = g.max - deepChainTop + 1
	}
	free := n - chainLen
	var header, footer, aside int
	if free >= 40 {
		header = clamp(free/25, 8, 48)
	}
	if free >= 60 {
		footer = clamp(free/40, 4, 30)
	}
	if free >= 400 {
		aside = clamp(free/12, 30, 600)
	}
	if header > 0 {
		g.header(header, 3)
	}
	g.main(n-header-footer-aside, chainLen)
	if aside > 0 {
		g.aside(aside, 3)
	}
	if footer > 0 {
		g.footer(footer, 3)
	}
}

func clamp(v, lo, hi int) int {
	return max(lo, min(v, hi))
}

// header writes the site header (n >= 8): logo link, an optional search
// form and a navigation menu.
func (g *gen) header(n, d int) {
	g.nl()
	g.start("header", d, idAuto, "site-header")
	g.nl()
	g.link(d+1, "logo", "/")
	n -= 2
	if n >= 12 {
		g.nl()
		g.searchForm(d + 1)
		n -= 3
	}
	g.nl()
	g.start("nav", d+1, idAuto, "main-nav")
	g.start("ul", d+2, idAuto, "menu")
	g.listItems(n-2, d+3, true)
	g.nl()
	g.end("ul")
	g.end("nav")
	g.nl()
	g.end("header")
}

// main writes main (n >= 3 elements): h1, the deep chain when chainLen
// is positive, then sections or, in small pages, plain blocks.
func (g *gen) main(n, chainLen int) {
	const d = 3
	g.nl()
	g.start("main", d, idAuto, "content")
	g.nl()
	g.leafText("h1", d+1, "page-title", 2, 5)
	n -= 2
	if chainLen > 0 {
		g.nl()
		g.deepChain()
		n -= chainLen
	}
	if chainLen > 0 || n >= 60 {
		g.sections(n, d+1)
	} else {
		g.fill(n, d+1)
	}
	g.nl()
	g.end("main")
}

// deepChain writes the nested divs "deep-4" to "deep-<MaxDepth>", a
// comment thread whose replies each hold some text and the next reply.
func (g *gen) deepChain() {
	for d := deepChainTop; d <= g.max; d++ {
		g.bare("div", d)
		g.attr("id", deepID(d))
		g.attr("class", "reply")
		g.attrInt("data-index", d-deepChainTop)
		g.gt()
		g.ids++
		g.b = append(g.b, "Reply "...)
		g.b = strconv.AppendInt(g.b, int64(d-deepChainTop+1), 10)
		g.b = append(g.b, ": "...)
		g.sentence(3, 8)
	}
	for d := g.max; d >= deepChainTop; d-- {
		g.end("div")
	}
}

// sections splits n elements into section elements of 40 to 240.
func (g *gen) sections(n, d int) {
	for n > 0 {
		if n < 3 {
			g.fill(n, d)
			return
		}
		s := g.r.between(40, 240)
		if s > n || n-s < 20 {
			s = n
		}
		g.nl()
		g.start("section", d, idForce, "section")
		g.nl()
		g.leafText("h2", d+1, "", 2, 5)
		g.fill(s-2, d+1)
		g.nl()
		g.end("section")
		n -= s
	}
}

// aside writes a sidebar of n >= 3 elements.
func (g *gen) aside(n, d int) {
	g.nl()
	g.start("aside", d, idAuto, "sidebar")
	g.nl()
	g.leafText("h2", d+1, "", 1, 3)
	g.fill(n-2, d+1)
	g.nl()
	g.end("aside")
}

// footer writes the site footer (n >= 4): a copyright line and links.
func (g *gen) footer(n, d int) {
	g.nl()
	g.start("footer", d, idAuto, "site-footer")
	g.nl()
	g.start("p", d+1, idAuto, "copyright")
	g.b = append(g.b, "Copyright 2024 Example Shop. "...)
	g.sentence(3, 6)
	g.end("p")
	g.nl()
	g.start("ul", d+1, idAuto, "footer-links")
	g.listItems(n-3, d+2, true)
	g.nl()
	g.end("ul")
	g.nl()
	g.end("footer")
}
