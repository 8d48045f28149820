package htmlparse

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// counts is what a parse re-opened, and where it stopped if it passed a
// limit.
type counts struct {
	Clones, Attributes int
	Limit              *LimitError
}

// countsOf returns the counts of a parse that ended with err.
func countsOf(p *parser, err error) counts {
	c := counts{Clones: p.clones, Attributes: p.clonedAttrs}
	errors.As(err, &c.Limit)
	return c
}

// countingParse runs a counting parser (counting.go) over input, as a
// document or a fragment in ctx, and returns its counts.
func countingParse(input, ctx string) counts {
	var c *parser
	if ctx == "" {
		c = newDocumentParser(strings.NewReader(input), true)
	} else {
		c, _, _ = newFragmentParser(strings.NewReader(input), contextNode(ctx), true)
	}
	c.counting, c.counted = true, true
	return countsOf(c, c.run())
}

// parsingCounts parses input without counting first and returns the
// counts of the parse.
func parsingCounts(t testing.TB, input, ctx string) counts {
	t.Helper()
	var p *parser
	if ctx == "" {
		p = newDocumentParser(strings.NewReader(input), true)
	} else {
		var err error
		if p, _, err = newFragmentParser(strings.NewReader(input), contextNode(ctx), true); err != nil {
			t.Fatal(err)
		}
	}
	p.counted = true
	return countsOf(p, p.run())
}

// countingSoupTokens are what the counting soup is made of: formatting
// elements and their end tags around blocks and paragraphs, and the
// elements whose children the algorithm looks at (pre, listing, textarea:
// is the first text a line feed to drop; table: where does foster
// parenting put things), next to line feeds and templates (which push a
// marker without re-opening anything).
var countingSoupTokens = []string{
	"<a>", "</a>", "<b>", "</b>", "<i>", "</i>", "<nobr>", "<b class=x>",
	"<pre>", "<listing>", "</pre>", "<textarea>", "</textarea>", "\n", "\nx", "x",
	"<div>", "</div>", "<p>", "</p>", "<template>", "</template>", "<table>",
	"</table>", "<td>", "<svg>", "<mi>", "<address>", "<applet>", "</applet>",
}

// TestCountingMatchesParsing checks that a counting parser re-opens as many
// elements, copies as many attributes and stops at the same place as a
// parse does, on the html5lib inputs, the local cases, the pathological
// and amplifying shapes and a soup of the markup counting treats apart.
func TestCountingMatchesParsing(t *testing.T) {
	check := func(name, input, ctx string) {
		t.Helper()
		want := parsingCounts(t, input, ctx)
		if diff := cmp.Diff(want, countingParse(input, ctx)); diff != "" {
			t.Errorf("%s: %q (context %q): counts mismatch (-parse +count):\n%s", name, truncate(input, 200), ctx, diff)
		}
	}
	for _, c := range append(html5libCases(t), localCases(t)...) {
		check(c.id(), c.data, c.context)
	}
	for _, shape := range pathologicalShapes {
		check(shape.name, shape.build(300), "")
	}
	check("amplifying", amplifying(64, 64), "")
	check("amplifying in a fragment", amplifying(64, 64), "td")
	check("amplifying attributes", amplifyingAttributes(64, 64), "")
	// A line feed after a pre element whose only child was a clone since
	// popped, then a template (which re-opens nothing): the parse keeps
	// the line feed and re-opens the i element for it.
	check("pre after a clone", "<p><b><i></p><pre>x</b>\n<template>y", "")
	// A line feed in a pre element that was an adoption agency's
	// furthest block: its child is the b element's clone.
	check("pre as the furthest block", "<b><pre><i></b>\n</i>x", "")
	r := rand.New(rand.NewPCG(11, 17))
	runs := 4000
	if raceEnabled {
		runs = 400
	}
	nonzero := 0
	for i := range runs {
		var b strings.Builder
		for range 6 + r.IntN(20) {
			b.WriteString(countingSoupTokens[r.IntN(len(countingSoupTokens))])
		}
		ctx := []string{"", "", "body", "td"}[i%4]
		check(fmt.Sprintf("soup %d", i), b.String(), ctx)
		if t.Failed() {
			return
		}
		if parsingCounts(t, b.String(), ctx).Clones > 0 {
			nonzero++
		}
	}
	if nonzero < runs/8 {
		t.Errorf("only %d of %d soups re-open anything", nonzero, runs)
	}
}

// TestRefusalCountsFirst: a parse of markup past a limit refuses it after
// reading it twice, not after building what the limit refuses. The parse
// itself re-opens at most a few hundred elements before it counts; the count's
// work is linear in the input alone (its steps do not follow the million
// elements it counts); and the refusal allocates a few megabytes, where
// building up to the limit allocates a few hundred. (TestCloneLimit and
// TestCloneAttributeLimit check the line and column of the error.)
func TestRefusalCountsFirst(t *testing.T) {
	for _, tc := range []struct {
		name, input, ctx string
	}{
		{"elements", amplifying(2048, MaxClonedElements/2048+1), ""},
		{"elements, 100 kB", amplifying(2048, 9000), ""},
		{"elements in a fragment", amplifying(2048, MaxClonedElements/2048+1), "div"},
		{"attributes", amplifyingAttributes(1<<12, MaxClonedAttributes>>12+1), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			p, _, err := parseWithParserErr(tc.input, tc.ctx)
			runtime.ReadMemStats(&after)
			var le *LimitError
			if !errors.As(err, &le) {
				t.Fatalf("error %v, want a *LimitError", err)
			}
			if p.countedClones <= MaxClonedElements && p.countedAttrs <= MaxClonedAttributes {
				t.Errorf("the count stopped at %d elements and %d attributes, within the limits", p.countedClones, p.countedAttrs)
			}
			// A reconstruction counts first before it would pass the
			// threshold; an adoption agency round (a few clones) may pass it.
			if limit := countAfterElements + len(tc.input)/32 + 64; p.clones > limit {
				t.Errorf("the parse re-opened %d elements before it counted, more than %d", p.clones, limit)
			}
			if limit := stepsPerByte*len(tc.input) + stepsBase; p.countSteps > limit {
				t.Errorf("counting took %d steps for %d bytes, more than %d", p.countSteps, len(tc.input), limit)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
				t.Errorf("the refusal allocated %d MB", alloc>>20)
			}
		})
	}
	// Input that cannot be read a second time is not counted first: the
	// parse goes on, and passes a limit, if it does, where it builds the
	// element or attribute past it.
	t.Run("no second reading", func(t *testing.T) {
		input := amplifying(64, 256)
		p := newDocumentParser(struct{ io.Reader }{strings.NewReader(input)}, true)
		if err := p.run(); err != nil {
			t.Fatal(err)
		}
		if !p.mayPassLimits(0, 0) {
			t.Fatalf("%d elements re-opened in %d bytes: not enough to count first", p.clones, len(input))
		}
		if p.countSteps != 0 || !p.counted {
			t.Errorf("counted %d steps (counted %v) without a source", p.countSteps, p.counted)
		}
	})
}

// parseWithParserErr is parseWithParser, returning the parse's error with
// the parser rather than instead of it.
func parseWithParserErr(input, ctx string) (*parser, []*html.Node, error) {
	if ctx == "" {
		p := newDocumentParser(strings.NewReader(input), true)
		err := p.run()
		return p, nil, err
	}
	p, root, err := newFragmentParser(strings.NewReader(input), contextNode(ctx), true)
	if err != nil {
		return nil, nil, err
	}
	err = p.run()
	return p, p.fragmentResult(root), err
}

// TestFormattingElementsAreOfNoKind: the stack's lazy run (counting.go)
// answers the questions about boundary kinds without its entries, which
// holds as long as no formatting element is of any kind.
func TestFormattingElementsAreOfNoKind(t *testing.T) {
	for _, tag := range knownHTMLTags {
		if formattingTag(tag) < 0 {
			continue
		}
		info, ok := lookupTag(tag)
		if !ok {
			t.Errorf("formatting tag %s has no fixed id", tag)
			continue
		}
		if info.class&boundaryClassMask != 0 {
			t.Errorf("formatting tag %s is of the kinds %b", tag, info.class&boundaryClassMask)
		}
	}
}
