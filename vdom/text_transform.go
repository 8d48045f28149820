package vdom

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/css"
	"golang.org/x/net/html"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"
)

// text-transform (CSS Text 3 §2.1) as Chromium applies it to rendered
// text: upper and lower case by Unicode's full case mappings in the
// content language (ß is SS, a final Σ is ς, i is İ in Turkish), and
// capitalize, which title-cases the first letter of each word.

// applyTextTransform writes the text s of h (a text node or the element
// whose generated content it is) as the text-transform tt renders it:
// upper and lower case in h's language, capitalize starting a word unless
// s continues one (wordStart), math-auto. The language, a walk up the
// ancestors, is looked up only when the case of s can depend on it.
func applyTextTransform(s string, tt css.TextTransform, h *html.Node, wordStart bool) string {
	switch tt {
	case css.TextTransformUppercase, css.TextTransformLowercase:
		lang := ""
		if caseDependsOnLanguage(s) {
			lang = languageOf(h)
		}
		return transformCase(s, tt, lang)
	case css.TextTransformCapitalize:
		return capitalize(s, wordStart)
	case css.TextTransformMathAuto:
		return mathAuto(s)
	}
	return s
}

// transformCase upper-cases or lower-cases s in the language lang ("" for
// none).
func transformCase(s string, tt css.TextTransform, lang string) string {
	if lang == "" && isASCII(s) {
		// Without a language, Unicode's full case mappings of ASCII
		// text are ASCII's: no Caser is needed.
		if tt == css.TextTransformUppercase {
			return strings.ToUpper(s)
		}
		return strings.ToLower(s)
	}
	tag := language.Und
	if lang != "" {
		if t, err := language.Parse(lang); err == nil {
			tag = t
		}
	}
	if tt == css.TextTransformUppercase {
		if base, _ := tag.Base(); base.String() == "el" && strings.ContainsRune(s, 'ή') {
			return upperGreek(s, tag)
		}
		return cases.Upper(tag).String(s)
	}
	return cases.Lower(tag).String(s)
}

// upperGreek upper-cases Greek text as Chromium's (ICU's) Greek
// upper-casing does: accents go, but the disjunctive eta, ή standing as a
// word of its own ("or"), keeps its tonos: Ή (vdom/testdata/style,
// text-transform-lang-cases). The text between such words is upper-cased
// as a whole.
func upperGreek(s string, tag language.Tag) string {
	var b strings.Builder
	from := 0
	prev := rune(-1)
	for i, r := range s {
		if r == 'ή' && !unicode.IsLetter(prev) {
			next, _ := utf8.DecodeRuneInString(s[i+len("ή"):])
			if !unicode.IsLetter(next) && !unicode.IsMark(next) {
				b.WriteString(cases.Upper(tag).String(s[from:i]))
				b.WriteRune('Ή')
				from = i + len("ή")
			}
		}
		prev = r
	}
	b.WriteString(cases.Upper(tag).String(s[from:]))
	return b.String()
}

// capitalize title-cases the first letter of each word of s; wordStart
// says whether s begins a word. A word continues through letters, marks,
// digits, apostrophes and connectors, as Chromium's word breaks make it:
// "3rd", "o'neil" and "a_b" are one word each, "word-here" two.
func capitalize(s string, wordStart bool) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if wordStart && unicode.IsLetter(r) {
			r = unicode.ToTitle(r)
		}
		wordStart = !inWord(r)
		b.WriteRune(r)
	}
	return b.String()
}

// inWord reports the characters that continue a word: connector
// punctuation too, so "a_b" is one word (Chromium 148: A_b).
func inWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || r == '\'' || r == '\u2019' ||
		unicode.Is(unicode.Pc, r)
}

// languageOf is the language of a node (HTML §3.2.6.2): the lang attribute
// (or xml:lang) of its nearest element that has one; "" when none does.
func languageOf(h *html.Node) string {
	for a := h; a != nil; a = a.Parent {
		if a.Type != html.ElementNode {
			continue
		}
		for _, at := range a.Attr {
			if at.Key == "lang" && (at.Namespace == "" || at.Namespace == "xml") {
				return at.Val
			}
		}
	}
	return ""
}

// mathAuto is text-transform: math-auto (CSS Text 4 §2.1, MathML Core
// §3.2.1.1): a text of one letter becomes its mathematical italic form
// (x is 𝑥); a longer text stays as it is.
func mathAuto(s string) string {
	t := strings.TrimSpace(s)
	r, size := utf8.DecodeRuneInString(t)
	if size == 0 || size != len(t) {
		return s
	}
	var m rune
	switch {
	case r == 'h':
		m = 0x210E // the italic h predates the block (Planck constant)
	case 'A' <= r && r <= 'Z':
		m = 0x1D434 + r - 'A'
	case 'a' <= r && r <= 'z':
		m = 0x1D44E + r - 'a'
	case r == 'ı':
		m = 0x1D6A4
	case r == 'ȷ':
		m = 0x1D6A5
	case 'Α' <= r && r <= 'Ω' && r != 0x3A2:
		m = 0x1D6E2 + r - 'Α'
	case 'α' <= r && r <= 'ω':
		m = 0x1D6FC + r - 'α'
	default:
		return s
	}
	return strings.Replace(s, t, string(m), 1)
}
