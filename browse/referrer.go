package browse

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// The referrer policies of Referrer Policy §3, as their tokens.
const (
	noReferrer                  = "no-referrer"
	noReferrerWhenDowngrade     = "no-referrer-when-downgrade"
	sameOriginPolicy            = "same-origin"
	originPolicy                = "origin"
	strictOrigin                = "strict-origin"
	originWhenCrossOrigin       = "origin-when-cross-origin"
	strictOriginWhenCrossOrigin = "strict-origin-when-cross-origin"
	unsafeURL                   = "unsafe-url"
)

// isPolicy reports a referrer policy token.
func isPolicy(s string) bool {
	switch s {
	case noReferrer, noReferrerWhenDowngrade, sameOriginPolicy, originPolicy, strictOrigin,
		originWhenCrossOrigin, strictOriginWhenCrossOrigin, unsafeURL:
		return true
	}
	return false
}

// legacyMetaPolicies are the old keywords a <meta name=referrer> may
// still use (HTML §4.2.5.3 "referrer").
var legacyMetaPolicies = map[string]string{
	"never":                   noReferrer,
	"default":                 strictOriginWhenCrossOrigin,
	"always":                  unsafeURL,
	"origin-when-crossorigin": originWhenCrossOrigin,
}

// navigationPolicy is the referrer policy of a navigation src asks for
// from a page whose response header is header (HTML "follow the
// hyperlink" and "navigate"): a link's rel=noreferrer gives no-referrer,
// else a valid referrerpolicy attribute of a link, else the document's
// policy; "" is the default. A form's rel is not read: Chromium 148
// sends Referer and Origin for <form rel=noreferrer> as for any form.
func navigationPolicy(src *vdom.Node, header http.Header) string {
	if src == nil {
		return ""
	}
	if name := src.LocalName(); name == "a" || name == "area" {
		if rel, ok := src.GetAttribute("rel"); ok {
			for _, token := range strings.Fields(rel) {
				if strings.EqualFold(token, "noreferrer") {
					return noReferrer
				}
			}
		}
		// An enumerated attribute: its keywords in any case, nothing
		// trimmed; an invalid value is the empty state.
		if v, ok := src.GetAttribute("referrerpolicy"); ok && isPolicy(strings.ToLower(v)) {
			return strings.ToLower(v)
		}
	}
	if doc := src.OwnerDocument(); doc != nil {
		return documentPolicy(doc, header)
	}
	return ""
}

// documentPolicy is a document's referrer policy: that of the last
// <meta name=referrer> with a valid content (HTML §4.2.5.3: each one
// inserted sets it, so after parsing the last in tree order holds), else
// the response's Referrer-Policy header, "" for neither.
func documentPolicy(doc *vdom.Document, header http.Header) string {
	policy := ""
	metas, _ := doc.QuerySelectorAll("meta[name][content]")
	for _, m := range metas {
		if name, _ := m.GetAttribute("name"); !strings.EqualFold(name, "referrer") {
			continue
		}
		content, _ := m.GetAttribute("content")
		v := strings.ToLower(content)
		if legacy, ok := legacyMetaPolicies[v]; ok {
			v = legacy
		}
		if isPolicy(v) {
			policy = v
		}
	}
	if policy == "" {
		policy = headerPolicy(header)
	}
	return policy
}

// headerPolicy is Referrer Policy §8.1 "parse a referrer policy from a
// Referrer-Policy header": of the comma-separated tokens of every
// Referrer-Policy field, the last that is a policy ("" for none). Tokens
// are trimmed and, as Chromium reads them, in any case.
func headerPolicy(h http.Header) string {
	policy := ""
	for _, v := range h.Values("Referrer-Policy") {
		for _, token := range strings.Split(v, ",") {
			if t := strings.ToLower(strings.Trim(token, " \t")); isPolicy(t) {
				policy = t
			}
		}
	}
	return policy
}

// referrerFor is the Referer header for a request to target from a page
// at from under policy (Referrer Policy §8.3 "determine request's
// referrer"; "" is the default, strict-origin-when-cross-origin): the
// page's URL without fragment and credentials, its origin, or nothing.
func referrerFor(from, target *url.URL, policy string) string {
	if from == nil || (from.Scheme != "http" && from.Scheme != "https") {
		return ""
	}
	full := withoutFragment(from)
	full.User = nil
	origin := originOf(from) + "/"
	downgrade := from.Scheme == "https" && target.Scheme != "https"
	same := sameOrigin(from, target)
	switch policy {
	case noReferrer:
		return ""
	case noReferrerWhenDowngrade:
		if downgrade {
			return ""
		}
		return full.String()
	case sameOriginPolicy:
		if same {
			return full.String()
		}
		return ""
	case originPolicy:
		return origin
	case strictOrigin:
		if downgrade {
			return ""
		}
		return origin
	case originWhenCrossOrigin:
		if same {
			return full.String()
		}
		return origin
	case unsafeURL:
		return full.String()
	}
	// strict-origin-when-cross-origin
	switch {
	case same:
		return full.String()
	case downgrade:
		return ""
	}
	return origin
}

// originFor is the Origin header of a POST to target from a page at from
// under policy (Fetch §3.2 "append a request Origin header"): the page's
// origin, or "null" when nothing started it, when the policy is
// no-referrer, when a strict policy meets a downgrade from https, or
// when same-origin meets another origin.
func originFor(from, target *url.URL, policy string) string {
	if from == nil || (from.Scheme != "http" && from.Scheme != "https") {
		return "null"
	}
	switch policy {
	case noReferrer:
		return "null"
	case noReferrerWhenDowngrade, strictOrigin, strictOriginWhenCrossOrigin, "":
		if from.Scheme == "https" && target.Scheme != "https" {
			return "null"
		}
	case sameOriginPolicy:
		if !sameOrigin(from, target) {
			return "null"
		}
	}
	return originOf(from)
}
