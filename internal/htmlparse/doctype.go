package htmlparse

import (
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
)

// doctypeToken is a DOCTYPE token's parts (13.2.5, "DOCTYPE tokens"):
// x/net/html's tokenizer hands over the text after "<!DOCTYPE" as it
// stands, and readDoctype takes it apart the way the tokenizer's DOCTYPE
// states would.
type doctypeToken struct {
	name                 string
	publicID, systemID   string
	hasPublic, hasSystem bool // missing is not the same as empty
	// forceQuirks is the force-quirks flag, set where the DOCTYPE is
	// malformed.
	forceQuirks bool
}

// readDoctype follows the states from "DOCTYPE name" to "after DOCTYPE
// system identifier" (13.2.5.54 to 13.2.5.67) over the token's text. Where
// x/net/html decides differently, it decides as x/net/html does:
//
//   - a public identifier without a system identifier sets force-quirks;
//   - anything at all after the system identifier (the bogus DOCTYPE
//     state) sets force-quirks;
//   - an identifier without its closing quote runs to the end of the token
//     and sets nothing by itself.
func readDoctype(s string) doctypeToken {
	var d doctypeToken
	// DOCTYPE name state: the name runs to the first whitespace.
	d.name, s = s, ""
	if i := strings.IndexAny(d.name, whitespace); i >= 0 {
		d.name, s = d.name[:i], d.name[i:]
	}
	// After DOCTYPE name state.
	s = strings.TrimLeft(s, whitespace)
	if s == "" {
		return d
	}
	var keyword string
	if len(s) >= 6 {
		keyword, s = s[:6], s[6:]
	}
	// quoted reads an identifier in one of the "(double|single)-quoted"
	// states, after the whitespace the keyword states skip.
	quoted := func() (id string, ok bool) {
		s = strings.TrimLeft(s, whitespace)
		if s == "" || s[0] != '"' && s[0] != '\'' {
			return "", false
		}
		q := s[0]
		id, s = s[1:], ""
		if end := strings.IndexByte(id, q); end >= 0 {
			id, s = id[:end], id[end+1:]
		}
		return id, true
	}
	switch {
	case htmltree.EqualFoldASCII(keyword, "public"):
		// After DOCTYPE public keyword state: a quoted public identifier,
		// then (after DOCTYPE public identifier state) a quoted system
		// identifier.
		if d.publicID, d.hasPublic = quoted(); !d.hasPublic {
			d.forceQuirks = true
			return d
		}
		if d.systemID, d.hasSystem = quoted(); !d.hasSystem {
			d.forceQuirks = true // x/net/html: no system identifier
			return d
		}
	case htmltree.EqualFoldASCII(keyword, "system"):
		if d.systemID, d.hasSystem = quoted(); !d.hasSystem {
			d.forceQuirks = true
			return d
		}
	default:
		// Neither keyword: bogus DOCTYPE state, with force-quirks.
		d.forceQuirks = true
		return d
	}
	// After DOCTYPE system identifier state.
	if s != "" {
		d.forceQuirks = true // x/net/html: whatever follows
	}
	return d
}

// parseDoctype turns a DOCTYPE token's text into the DocumentType node of
// the "initial" insertion mode (13.2.6.4.1) in x/net/html's form (the name,
// lower-cased, in Data; the identifiers present as attributes "public" and
// "system", in that order) and tells whether the document is in quirks
// mode. x/net/html has no limited-quirks mode, compares the name with
// "html" case-sensitively, and has "-/W3D/DTD HTML 4.0 Transitional/EN"
// where the standard has "-/W3C/DTD HTML 4.0 Transitional/EN".
func parseDoctype(s string) (n *html.Node, quirks bool) {
	d := readDoctype(s)
	n = &html.Node{Type: html.DoctypeNode, Data: strings.ToLower(d.name)}
	if d.hasPublic {
		n.Attr = append(n.Attr, html.Attribute{Key: "public", Val: d.publicID})
	}
	if d.hasSystem {
		n.Attr = append(n.Attr, html.Attribute{Key: "system", Val: d.systemID})
	}
	return n, d.quirks()
}

// quirks applies the standard's list of conditions that put the document
// in quirks mode. Identifiers compare case-insensitively.
func (d doctypeToken) quirks() bool {
	public := strings.ToLower(d.publicID)
	switch {
	case d.forceQuirks, d.name != "html":
		return true
	case !d.hasPublic:
	case public == "-//w3o//dtd w3 html strict 3.0//en//",
		public == "-/w3d/dtd html 4.0 transitional/en",
		public == "html":
		return true
	case slices.ContainsFunc(quirksPublicPrefixes, func(prefix string) bool { return strings.HasPrefix(public, prefix) }):
		return true
	case !d.hasSystem && (strings.HasPrefix(public, "-//w3c//dtd html 4.01 frameset//") ||
		strings.HasPrefix(public, "-//w3c//dtd html 4.01 transitional//")):
		return true
	}
	return d.hasSystem && strings.EqualFold(d.systemID, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")
}

// quirksPublicPrefixes: public identifiers starting with these (compared in
// lower case) select quirks mode.
var quirksPublicPrefixes = []string{
	"+//silmaril//dtd html pro v0r11 19970101//",
	"-//as//dtd html 3.0 aswedit + extensions//",
	"-//advasoft ltd//dtd html 3.0 aswedit + extensions//",
	"-//ietf//dtd html 2.0 level 1//",
	"-//ietf//dtd html 2.0 level 2//",
	"-//ietf//dtd html 2.0 strict level 1//",
	"-//ietf//dtd html 2.0 strict level 2//",
	"-//ietf//dtd html 2.0 strict//",
	"-//ietf//dtd html 2.0//",
	"-//ietf//dtd html 2.1e//",
	"-//ietf//dtd html 3.0//",
	"-//ietf//dtd html 3.2 final//",
	"-//ietf//dtd html 3.2//",
	"-//ietf//dtd html 3//",
	"-//ietf//dtd html level 0//",
	"-//ietf//dtd html level 1//",
	"-//ietf//dtd html level 2//",
	"-//ietf//dtd html level 3//",
	"-//ietf//dtd html strict level 0//",
	"-//ietf//dtd html strict level 1//",
	"-//ietf//dtd html strict level 2//",
	"-//ietf//dtd html strict level 3//",
	"-//ietf//dtd html strict//",
	"-//ietf//dtd html//",
	"-//metrius//dtd metrius presentational//",
	"-//microsoft//dtd internet explorer 2.0 html strict//",
	"-//microsoft//dtd internet explorer 2.0 html//",
	"-//microsoft//dtd internet explorer 2.0 tables//",
	"-//microsoft//dtd internet explorer 3.0 html strict//",
	"-//microsoft//dtd internet explorer 3.0 html//",
	"-//microsoft//dtd internet explorer 3.0 tables//",
	"-//netscape comm. corp.//dtd html//",
	"-//netscape comm. corp.//dtd strict html//",
	"-//o'reilly and associates//dtd html 2.0//",
	"-//o'reilly and associates//dtd html extended 1.0//",
	"-//o'reilly and associates//dtd html extended relaxed 1.0//",
	"-//sq//dtd html 2.0 hotmetal + extensions//",
	"-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
	"-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
	"-//spyglass//dtd html 2.0 extended//",
	"-//sun microsystems corp.//dtd hotjava html//",
	"-//sun microsystems corp.//dtd hotjava strict html//",
	"-//w3c//dtd html 3 1995-03-24//",
	"-//w3c//dtd html 3.2 draft//",
	"-//w3c//dtd html 3.2 final//",
	"-//w3c//dtd html 3.2//",
	"-//w3c//dtd html 3.2s draft//",
	"-//w3c//dtd html 4.0 frameset//",
	"-//w3c//dtd html 4.0 transitional//",
	"-//w3c//dtd html experimental 19960712//",
	"-//w3c//dtd html experimental 970421//",
	"-//w3c//dtd w3 html//",
	"-//w3o//dtd w3 html 3.0//",
	"-//webtechs//dtd mozilla html 2.0//",
	"-//webtechs//dtd mozilla html//",
}
