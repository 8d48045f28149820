package selector

import "sync"

// This file is the compile cache. Selectors in a server-side DOM come from
// a small set of string literals used over and over, so each distinct
// string is parsed once and then shared.
//
// Policy: two generations. New entries go into the young generation; when
// it holds cacheCapacity/2 entries it becomes the old generation (the
// previous old one is dropped) and a new young one starts. A hit in the old
// generation moves the entry back to the young one. So the cache never
// holds more than cacheCapacity entries, whatever is used often survives
// rotation, and a hit in the young generation, the common case, only takes
// a read lock. Invalid selectors are cached too: the same *Error comes back
// without parsing again. Selectors longer than maxCachedLen bytes are not
// cached, so a few huge strings cannot pin much memory.

const (
	cacheCapacity = 1024
	maxCachedLen  = 4096
)

var defaultCache = newCache(cacheCapacity)

type cacheEntry struct {
	once sync.Once // concurrent first uses of one string parse it once
	sel  *Selector
	err  error
}

type cache struct {
	mu         sync.RWMutex
	young, old map[string]*cacheEntry
	half       int
}

func newCache(capacity int) *cache {
	half := max(capacity/2, 1)
	return &cache{young: make(map[string]*cacheEntry, half), old: map[string]*cacheEntry{}, half: half}
}

func (c *cache) get(src string) (*Selector, error) {
	c.mu.RLock()
	e := c.young[src]
	c.mu.RUnlock()
	if e == nil {
		c.mu.Lock()
		if e = c.young[src]; e == nil {
			if e = c.old[src]; e != nil {
				delete(c.old, src)
			} else {
				e = new(cacheEntry)
			}
			if len(c.young) >= c.half {
				c.old = c.young
				c.young = make(map[string]*cacheEntry, c.half)
			}
			c.young[src] = e
		}
		c.mu.Unlock()
	}
	// Parsing happens outside the lock; others asking for the same
	// string meanwhile wait here for the one result.
	e.once.Do(func() { e.sel, e.err = compile(src) })
	return e.sel, e.err
}

func (c *cache) len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.young) + len(c.old)
}

func (c *cache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.young = make(map[string]*cacheEntry, c.half)
	c.old = map[string]*cacheEntry{}
}

// CacheLen returns the number of selector strings, valid or not, the
// compile cache holds now. It is at most 1024.
func CacheLen() int { return defaultCache.len() }
