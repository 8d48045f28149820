package pagegen

import (
	"fmt"
	"sync"
)

// bytesPerElement is a generous estimate of the output size per element,
// used to size the buffer once.
const bytesPerElement = 64

// Generate returns a complete HTML document as described in the package
// documentation. The same Options give the same bytes on every platform
// and Go release.
//
// Generate panics if opts.Validate reports an error: asking for fewer than
// MinElements elements or an unsupported depth is a programming error.
func Generate(opts Options) []byte {
	if err := opts.Validate(); err != nil {
		panic(err)
	}
	o := opts.withDefaults()
	g := &gen{
		r:   rng{state: o.Seed},
		b:   make([]byte, 0, o.Elements*bytesPerElement),
		max: o.MaxDepth,
	}
	g.document(o.Elements, o.hasDeepChain())
	if g.count != o.Elements {
		panic(fmt.Sprintf("pagegen: internal error: wrote %d elements, want %d", g.count, o.Elements))
	}
	return g.b
}

var pages struct {
	mu sync.Mutex
	m  map[int]*cachedPage
}

type cachedPage struct {
	once sync.Once
	page []byte
}

// Page returns Generate(Options{Elements: n}), generating it once per n
// and then serving it from a cache; it is safe for concurrent use. The
// returned slice is shared by all callers and must not be modified.
// Like Generate, it panics when n is below MinElements.
func Page(n int) []byte {
	if err := (Options{Elements: n}).Validate(); err != nil {
		panic(err)
	}
	pages.mu.Lock()
	if pages.m == nil {
		pages.m = make(map[int]*cachedPage)
	}
	p := pages.m[n]
	if p == nil {
		p = new(cachedPage)
		pages.m[n] = p
	}
	pages.mu.Unlock()
	p.once.Do(func() { p.page = Generate(Options{Elements: n}) })
	return p.page
}
