package css

import (
	_ "embed"
	"sync"
)

// The user agent sheets: one per namespace, as Chromium keeps them
// (html.css, svg.css, mathml.css), each applying to the elements of its
// namespace only. Each file says what it holds and where its rules come
// from.
var (
	//go:embed ua.css
	uaHTMLText string
	//go:embed ua_svg.css
	uaSVGText string
	//go:embed ua_mathml.css
	uaMathMLText string
)

var (
	uaOnce   sync.Once
	uaSheets []*StyleSheet
	uaRules  *ruleSet
)

// userAgent returns the user agent sheets' rules, parsed and indexed
// once for every Cascade: they hold no media queries, so they are the
// same for every medium.
func userAgent() *ruleSet {
	uaOnce.Do(func() {
		var refs []SheetRef
		namespaces := []string{"", "svg", "math"}
		for i, text := range []string{uaHTMLText, uaSVGText, uaMathMLText} {
			sh := ParseWithOptions(text, Options{Href: "about:user-agent", Origin: OriginUserAgent})
			uaSheets = append(uaSheets, sh)
			refs = append(refs, SheetRef{Sheet: sh, Name: "user agent (" + []string{"HTML", "SVG", "MathML"}[i] + ")"})
		}
		medium := DefaultMedium()
		uaRules = buildRuleSet(refs, namespaces, &medium, OriginUserAgent)
	})
	return uaRules
}

// UserAgentSheets returns the user agent sheets the cascade applies, for
// reading: HTML's, SVG's and MathML's, each for the elements of its
// namespace. They cover only the properties computed here.
func UserAgentSheets() []*StyleSheet {
	userAgent()
	return uaSheets
}
