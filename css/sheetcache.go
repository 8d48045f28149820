package css

import (
	"runtime"
	"sync"
	"weak"

	"github.com/eventperk/eventperk-go/selector"
)

// This file keeps, per sheet, what every Cascade derives from the sheet
// alone: its declaration blocks compiled and its selectors' index keys. A
// parsed sheet never changes, and one sheet (a framework's) often serves
// many documents, so each is worked out once; the cascade's own index
// (layers, order, what applies to its medium) is still built per Cascade.
// The cache holds its sheet weakly: once the sheet is unreachable, its
// entry goes.

// sheetCache is what is derived from one sheet.
type sheetCache struct {
	mu     sync.Mutex
	blocks map[*Declarations]*compiledBlock
	sels   map[*selector.RuleSelector]selectorInfo
}

// selectorInfo is what indexing needs of a selector.
type selectorInfo struct {
	key     selector.RuleKey
	keyOnly bool
	spec    uint32
	scope   bool // the selector is ":scope"
	// anc is what the selector needs of ancestors, for the ancestor
	// filter (ancestor_filter.go).
	anc ancestorNames
}

// sheetCaches maps weak.Pointer[StyleSheet] to *sheetCache.
var sheetCaches sync.Map

// cacheOf returns a sheet's cache, made on first use.
func cacheOf(sh *StyleSheet) *sheetCache {
	k := weak.Make(sh)
	if v, ok := sheetCaches.Load(k); ok {
		return v.(*sheetCache)
	}
	c := &sheetCache{blocks: map[*Declarations]*compiledBlock{}, sels: map[*selector.RuleSelector]selectorInfo{}}
	v, loaded := sheetCaches.LoadOrStore(k, c)
	if !loaded {
		runtime.AddCleanup(sh, func(k weak.Pointer[StyleSheet]) { sheetCaches.Delete(k) }, k)
	}
	return v.(*sheetCache)
}

// block returns a block compiled, with base resolving its URLs (the
// sheet's base URL, the same for all its blocks).
func (c *sheetCache) block(d *Declarations, base string) *compiledBlock {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.blocks[d]
	if !ok {
		b = compileBlock(d, base)
		c.blocks[d] = b
	}
	return b
}

// selector returns what indexing needs of a selector.
func (c *sheetCache) selector(sel *selector.RuleSelector) selectorInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	info, ok := c.sels[sel]
	if !ok {
		s := sel.Specificity()
		text := sel.String()
		info.key = sel.Key()
		info.keyOnly = keyOnly(text, info.key)
		info.spec = uint32(min(s.A, 255))<<16 | uint32(min(s.B, 255))<<8 | uint32(min(s.C, 255))
		info.scope = text == ":scope"
		info.anc = ancestorNamesOf(info.key.Ancestors)
		c.sels[sel] = info
	}
	return info
}
