package pagegen

import (
	"fmt"
	"strconv"
)

const (
	// MinElements is the smallest page Generate produces: html, head,
	// meta, title, body, main, h1 and one paragraph.
	MinElements = 8

	// DefaultMaxDepth is used when Options.MaxDepth is 0.
	DefaultMaxDepth = 32

	// MinMaxDepth is the smallest accepted non-zero Options.MaxDepth.
	MinMaxDepth = 8

	// MaxMaxDepth is the largest accepted Options.MaxDepth. The
	// golang.org/x/net/html parser rejects documents nested deeper.
	MaxMaxDepth = 512

	// DefaultSeed is used when Options.Seed is 0.
	DefaultSeed uint64 = 0x6576656e74706572 // "eventper"

	// DeepChainMinElements is the page size from which the deep chain
	// (see DeepestID) is present, provided Elements >= 4*MaxDepth too.
	DeepChainMinElements = 200

	// fullHeadElements is the page size from which the head carries the
	// viewport meta, two link elements and a style element.
	fullHeadElements = 40

	// deepChainTop is the depth of the first element of the deep chain,
	// a child of main (html=1, body=2, main=3).
	deepChainTop = 4
)

// Options controls Generate.
type Options struct {
	// Elements is the exact number of elements in the page, counting
	// html, head, body, the elements of the head and void elements such
	// as input, meta, link, br and hr. It must be at least MinElements.
	Elements int

	// MaxDepth is the depth of the deepest element, html being at depth
	// 1 and body at depth 2. No element is deeper. The depth is reached
	// exactly when the page has the deep chain (see DeepestID); smaller
	// pages only stay within it. 0 means DefaultMaxDepth; otherwise it
	// must be within [MinMaxDepth, MaxMaxDepth].
	MaxDepth int

	// Seed selects the page; 0 means DefaultSeed.
	Seed uint64
}

// Validate reports why Generate would reject o, or nil.
func (o Options) Validate() error {
	if o.Elements < MinElements {
		return fmt.Errorf("pagegen: Elements = %d, need at least %d", o.Elements, MinElements)
	}
	if o.MaxDepth != 0 && (o.MaxDepth < MinMaxDepth || o.MaxDepth > MaxMaxDepth) {
		return fmt.Errorf("pagegen: MaxDepth = %d, need 0 (default %d) or a value in [%d, %d]",
			o.MaxDepth, DefaultMaxDepth, MinMaxDepth, MaxMaxDepth)
	}
	return nil
}

func (o Options) withDefaults() Options {
	if o.MaxDepth == 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	return o
}

func (o Options) hasDeepChain() bool {
	return o.Elements >= DeepChainMinElements && o.Elements >= 4*o.MaxDepth
}

// DeepestID returns the id of the deepest element of the page
// Generate(opts) produces, or "" when that page has no deep chain.
//
// The deep chain is a run of nested div elements directly under main,
// one per depth from 4 to MaxDepth; the div at depth d has id "deep-d"
// and is the only element child of "deep-(d-1)". With the default depth
// the ids are "deep-4" through "deep-32" and DeepestID returns "deep-32".
// The chain is present when Elements >= DeepChainMinElements and
// Elements >= 4*MaxDepth.
func DeepestID(opts Options) string {
	o := opts.withDefaults()
	if !o.hasDeepChain() {
		return ""
	}
	return deepID(o.MaxDepth)
}

func deepID(depth int) string {
	return "deep-" + strconv.Itoa(depth)
}
