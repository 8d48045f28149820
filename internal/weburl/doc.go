// Package weburl parses URLs as the WHATWG URL standard's basic URL
// parser does, into net/url's URL: the one parser behind every URL a page
// or a server names, so that a link's href (package vdom) and a
// redirect's Location (package browse) go to the same place, and to the
// place Chromium goes.
//
// It is built on net/url, with the standard's steps where the two differ
// for special URLs (http, https, ws, wss, ftp): input clean-up, "\" read
// as "/", the slashes after the scheme ignored, a scheme equal to the
// base's read as a relative URL, percent-encoded dot segments, and the
// host parser (percent-decoding, IDNA, IPv4 numbers, IPv6 serialization,
// forbidden code points) with the port's range and default, dot segments
// removed from absolute URLs too, and the percent-encode sets of query
// and fragment where net/url keeps bytes raw or refuses them. Non-special
// URLs (mailto:, javascript:, data:) keep net/url's reading.
//
// The web-platform-tests URL suite (testdata/README.md) is the yardstick:
// wpt_test.go lists the few serializations that differ and why.
//
// Files: weburl.go (Parse, the clean-up, the authority, the path, query
// and fragment), host.go (the host parser: domains, IPv4, IPv6).
package weburl
