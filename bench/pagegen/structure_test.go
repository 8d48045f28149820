package pagegen_test

import (
	"bytes"
	"fmt"
	"testing"

	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

var structureCases = []pagegen.Options{
	{Elements: pagegen.MinElements},
	{Elements: 10},
	{Elements: 50},
	{Elements: 200},
	{Elements: 1_000},
	{Elements: 10_000},
	{Elements: 100_000},
	{Elements: 3_000, MaxDepth: pagegen.MinMaxDepth, Seed: 11},
	{Elements: 3_000, MaxDepth: pagegen.MaxMaxDepth, Seed: 12},
	{Elements: 20_000, MaxDepth: 48, Seed: 13},
}

// TestParserKeepsTree checks that the HTML parser builds exactly the tree
// the markup spells out: no element moved, added or dropped, no text
// relocated. Every DOM implementation then sees the same tree.
func TestParserKeepsTree(t *testing.T) {
	t.Parallel()
	for _, opts := range structureCases {
		t.Run(fmt.Sprintf("%+v", opts), func(t *testing.T) {
			skipLongCase(t, opts)
			checkTreeKept(t, generate(opts))
		})
	}
}

// checkTreeKept fails t unless parsing page builds the tree its markup
// spells out, and returns the parsed document.
func checkTreeKept(t *testing.T, page []byte) *html.Node {
	t.Helper()
	want, err := tokenEvents(page)
	if err != nil {
		t.Fatalf("markup: %v", err)
	}
	doc := parse(t, page)
	if d := firstDifference(want, treeEvents(doc)); d != "" {
		t.Fatalf("parsed tree differs from markup: %s", d)
	}
	return doc
}

// TestRenderRoundTrip checks that parse, render, parse gives the same
// tree. TestParserKeepsTree is the stricter check; this one stops at
// 20,000 elements to keep the race-enabled run short.
func TestRenderRoundTrip(t *testing.T) {
	t.Parallel()
	for _, opts := range structureCases {
		if opts.Elements > 20_000 {
			continue
		}
		t.Run(fmt.Sprintf("%+v", opts), func(t *testing.T) {
			doc := parse(t, generate(opts))
			var out bytes.Buffer
			if err := html.Render(&out, doc); err != nil {
				t.Fatal(err)
			}
			if d := firstDifference(treeEvents(doc), treeEvents(parse(t, out.Bytes()))); d != "" {
				t.Errorf("tree changed by render and parse: %s", d)
			}
		})
	}
}
