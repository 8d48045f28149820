package selector

import "golang.org/x/net/html"

// Hooks for the external tests (package selector_test).

const (
	CacheCapacity = cacheCapacity
	MaxCachedLen  = maxCachedLen
)

// ParseCount returns how many times a selector string has been parsed.
func ParseCount() int64 { return parses.Load() }

// ResetCache empties the compile cache.
func ResetCache() { defaultCache.reset() }

// HasFastPath reports whether s runs on cascadia's own matcher.
func HasFastPath(s *Selector) bool { return s.fast != nil }

// MatchOwn is Match run on this package's matcher even when s has a fast
// path, so tests can check that both agree.
func MatchOwn(s *Selector, el, scope *html.Node) bool {
	if el == nil || el.Type != html.ElementNode {
		return false
	}
	x := mctx{scope: scope, live: &liveCtx{st: Static}}
	return s.list.match(el, 0, &x)
}

// QueryAllOwn is QueryAll run on this package's matcher.
func QueryAllOwn(s *Selector, root *html.Node) []*html.Node {
	c := *s
	c.fast = nil
	return c.QueryAll(root)
}
