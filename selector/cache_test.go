package selector_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
)

// These tests use the package-level cache and parse counter, so none of
// them runs in parallel with another.

func TestCacheParsesOnce(t *testing.T) {
	selector.ResetCache()
	tests := []struct {
		name string
		sel  string
	}{
		{"valid", "ul > li.cache-test"},
		{"scoped", ":scope > li.cache-test"},
		{"invalid", "div[cache-test"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := selector.ParseCount()
			s1, err1 := selector.Compile(tt.sel)
			if got := selector.ParseCount() - before; got != 1 {
				t.Fatalf("first Compile parsed %d times, want 1", got)
			}
			for range 10 {
				s2, err2 := selector.Compile(tt.sel)
				if s2 != s1 || err2 != err1 {
					t.Fatalf("cached Compile returned (%p, %v), want (%p, %v)", s2, err2, s1, err1)
				}
			}
			if got := selector.ParseCount() - before; got != 1 {
				t.Errorf("after cached Compiles: parsed %d times, want 1", got)
			}
		})
	}
}

func TestCacheBounded(t *testing.T) {
	selector.ResetCache()
	n := selector.CacheCapacity*2 + 100
	for i := range n {
		if _, err := selector.Compile(fmt.Sprintf(".c%d", i)); err != nil {
			t.Fatal(err)
		}
		if l := selector.CacheLen(); l > selector.CacheCapacity {
			t.Fatalf("after %d selectors CacheLen() = %d, more than %d", i+1, l, selector.CacheCapacity)
		}
	}
	if l := selector.CacheLen(); l < selector.CacheCapacity/2 {
		t.Errorf("CacheLen() = %d, want at least %d", l, selector.CacheCapacity/2)
	}

	// The oldest entries were evicted and are parsed again; the newest
	// were not.
	before := selector.ParseCount()
	selector.MustCompile(".c0")
	selector.MustCompile(fmt.Sprintf(".c%d", n-1))
	if got := selector.ParseCount() - before; got != 1 {
		t.Errorf("re-compiling one evicted and one cached selector parsed %d times, want 1", got)
	}
}

// TestCacheKeepsHotEntries checks the generational policy: a selector used
// all along survives any number of rotations.
func TestCacheKeepsHotEntries(t *testing.T) {
	selector.ResetCache()
	hot := "li.hot"
	selector.MustCompile(hot)
	before := selector.ParseCount()
	for i := range selector.CacheCapacity * 5 {
		selector.MustCompile(fmt.Sprintf(".cold%d", i))
		if i%100 == 0 {
			selector.MustCompile(hot)
		}
	}
	if got := selector.ParseCount() - before; got != int64(selector.CacheCapacity*5) {
		t.Errorf("parsed %d times, want %d (the hot selector never again)", got, selector.CacheCapacity*5)
	}
}

func TestCacheSkipsHugeSelectors(t *testing.T) {
	selector.ResetCache()
	huge := strings.Repeat("div ", selector.MaxCachedLen/4+1)
	selector.MustCompile(huge)
	if l := selector.CacheLen(); l != 0 {
		t.Errorf("CacheLen() = %d after a %d-byte selector, want 0", l, len(huge))
	}
}

// TestCacheConcurrent hammers the cache from many goroutines; run it with
// -race. Every goroutine must get the same *Selector for the same string,
// and each string must be parsed once.
func TestCacheConcurrent(t *testing.T) {
	selector.ResetCache()
	const goroutines, distinct = 32, 200
	before := selector.ParseCount()
	results := make([][]*selector.Selector, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			got := make([]*selector.Selector, distinct)
			for round := range 5 {
				for i := range distinct {
					j := (i + g*7 + round) % distinct // different orders
					s, err := selector.Compile(fmt.Sprintf("ul > li.k%d", j))
					if err != nil {
						t.Error(err)
						return
					}
					if got[j] != nil && got[j] != s {
						t.Errorf("goroutine %d: two selectors for one string", g)
					}
					got[j] = s
					if _, err := selector.Compile(fmt.Sprintf("bad[%d", j)); err == nil {
						t.Error("invalid selector compiled")
					}
				}
			}
			results[g] = got
		})
	}
	wg.Wait()
	for g := 1; g < goroutines; g++ {
		for i := range distinct {
			if results[g][i] != results[0][i] {
				t.Fatalf("goroutines 0 and %d got different selectors for string %d", g, i)
			}
		}
	}
	if got := selector.ParseCount() - before; got != 2*distinct {
		t.Errorf("parsed %d times, want %d (each string once)", got, 2*distinct)
	}
	if l := selector.CacheLen(); l > selector.CacheCapacity {
		t.Errorf("CacheLen() = %d, more than %d", l, selector.CacheCapacity)
	}
}
