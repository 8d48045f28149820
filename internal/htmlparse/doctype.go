package htmlparse

import (
	"strings"

	"golang.org/x/net/html"
)

// parseDoctype turns a DOCTYPE token's text into a doctype node and decides
// quirks mode (13.2.6.4.1, "initial" insertion mode), the way x/net/html
// does: the name goes to Data (lower-cased), the identifiers to attributes
// "public" and "system". Its rules differ from the spec's in places this
// function reproduces: the name must be exactly "html" (case-sensitively)
// to avoid quirks mode, a public identifier without a system identifier
// means quirks mode, and "-/W3D/DTD HTML 4.0 Transitional/EN" stands where
// the spec says "-/W3C/...".
func parseDoctype(s string) (n *html.Node, quirks bool) {
	n = &html.Node{Type: html.DoctypeNode}

	name, rest := s, ""
	if i := strings.IndexAny(s, whitespace); i >= 0 {
		name, rest = s[:i], s[i:]
	}
	quirks = name != "html"
	n.Data = strings.ToLower(name)
	rest = strings.TrimLeft(rest, whitespace)
	if len(rest) < len("public") {
		return n, quirks || rest != ""
	}

	// Read "PUBLIC" id [id] or "SYSTEM" id; the keyword is followed by
	// quoted identifiers, the public one first.
	keyword := strings.ToLower(rest[:6])
	rest = rest[6:]
	for keyword == "public" || keyword == "system" {
		rest = strings.TrimLeft(rest, whitespace)
		if rest == "" || rest[0] != '"' && rest[0] != '\'' {
			break
		}
		quote := rest[0]
		rest = rest[1:]
		id := rest
		if end := strings.IndexByte(rest, quote); end >= 0 {
			id, rest = rest[:end], rest[end+1:]
		} else {
			rest = ""
		}
		n.Attr = append(n.Attr, html.Attribute{Key: keyword, Val: id})
		if keyword == "public" {
			keyword = "system"
		} else {
			keyword = ""
		}
	}
	if keyword != "" || rest != "" {
		return n, true
	}
	if len(n.Attr) == 0 {
		return n, quirks
	}
	if first := n.Attr[0]; first.Key == "public" {
		public := strings.ToLower(first.Val)
		switch public {
		case "-//w3o//dtd w3 html strict 3.0//en//", "-/w3d/dtd html 4.0 transitional/en", "html":
			quirks = true
		default:
			for _, prefix := range quirksPublicPrefixes {
				if strings.HasPrefix(public, prefix) {
					quirks = true
					break
				}
			}
		}
		// Only quirky without a system identifier.
		if len(n.Attr) == 1 && (strings.HasPrefix(public, "-//w3c//dtd html 4.01 frameset//") ||
			strings.HasPrefix(public, "-//w3c//dtd html 4.01 transitional//")) {
			quirks = true
		}
	}
	if last := n.Attr[len(n.Attr)-1]; last.Key == "system" &&
		strings.EqualFold(last.Val, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd") {
		quirks = true
	}
	return n, quirks
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
