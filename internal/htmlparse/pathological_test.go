package htmlparse

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// pathologicalShape is an input that is hard for the list of active
// formatting elements, the adoption agency or the walks over the stack.
type pathologicalShape struct {
	name  string
	build func(n int) string
	// compareAt is the size whose tree TestPathologicalInputs compares
	// with x/net/html's, 100 if zero; a shape whose tree is recorded in
	// testdata/xnet-departures compares a small one, whose tree is short.
	compareAt int
}

func distinctFormatting(tag string, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "<%s class=c%d>", tag, i)
	}
	return b.String()
}

var pathologicalShapes = []pathologicalShape{
	{name: "stray </b> end tags over deep blocks", build: func(n int) string {
		return "<b>" + strings.Repeat("<div>", n) + strings.Repeat("</b>", n/8)
	}},
	{name: "</b> out of scope behind a table and many formatting elements", build: func(n int) string {
		return "<b><table>" + distinctFormatting("i", n) + strings.Repeat("</b>", n)
	}},
	{name: "<a> start tags behind many formatting elements", build: func(n int) string {
		return "<a>" + distinctFormatting("b", n) + strings.Repeat("<a>", n)
	}},
	{name: "unmatched end tags over deep inline elements", build: func(n int) string {
		return "<div>" + strings.Repeat("<span>", n) + strings.Repeat("</x>", n)
	}},
	{name: "unmatched end tags in deep foreign content", build: func(n int) string {
		return "<svg>" + strings.Repeat("<g>", n) + strings.Repeat("</x>", n)
	}},
	{name: "li start tags over deep inline elements", build: func(n int) string {
		return "<div>" + strings.Repeat("<span>", n) + strings.Repeat("<li></li>", n)
	}},
	{name: "tables closed over deep blocks", build: func(n int) string {
		return strings.Repeat("<div>", n) + strings.Repeat("<table></table>", n)
	}},
	// Every template closes over deep foreign content, and resetting the
	// insertion mode then passes the foreign elements below it.
	{name: "templates opened and closed in deep foreign content", build: func(n int) string {
		return strings.Repeat("<svg><foreignObject>", n) + strings.Repeat("<template>x</template>", n)
	}, compareAt: 3},
	// The first </template> pops the deep foreign content in the template;
	// the others find no template.
	{name: "template end tags over deep foreign content in a template", build: func(n int) string {
		return "<svg><foreignObject><template>" + strings.Repeat("<svg><g>", n) + strings.Repeat("</template>", n) + "x"
	}, compareAt: 3},
	{name: "hr in deep select", build: func(n int) string {
		return "<select>" + strings.Repeat("<span>", n) + strings.Repeat("<hr>", n)
	}},
	{name: "foster parented text in deep tables", build: func(n int) string {
		return strings.Repeat("<table><tr><td>", n) + strings.Repeat("<table>x", n)
	}},
	// Each </b> moves the b below the next div and removes the span in
	// between from the middle of the stack: a hole, not a shift.
	{name: "stray </b> end tags over alternating inline and block elements", build: strayBOverSpanDiv},
	// The Noah's Ark clause removes the oldest member of each family from
	// behind a long run of other formatting elements: found through the
	// family's chain, removed as a hole.
	{name: "Noah's Ark families behind a long run", build: noahsArkBehindRun},
	// One </b> drops n-3 <i> elements from the middle of the list, in
	// front of the n <u> elements the </p> closed.
	{name: "one </b> dropping distinct formatting elements from the middle of the list", build: oneBDroppingDistinct},
	// Each </b> round clones the element right below a div and puts the
	// b after it in the list, in front of the em elements opened later.
	{name: "stray </b> end tags over alternating blocks and formatting elements", build: func(n int) string {
		return "<b>" + strings.Repeat("<div><em>", n) + strings.Repeat("</b>", n/8)
	}},
	// The same with the i element cloned in front of n u elements that a
	// </p> closed, again and again.
	{name: "</b> and </i> rounds in front of closed formatting elements", build: func(n int) string {
		return "<b><i><p>" + distinctFormatting("u", n) + "</p>" + strings.Repeat("<div></b><div></i>", n/8)
	}},
	// Stray body start tags against a body with many attributes.
	{name: "stray <body> tags against a body with many attributes", build: strayBodyTags},
}

// TestPathologicalInputs checks that the step count of every shape grows
// linearly: ten times the input may cost at most twelve times the steps.
func TestPathologicalInputs(t *testing.T) {
	for _, shape := range pathologicalShapes {
		t.Run(shape.name, func(t *testing.T) {
			small, large := 2_000, 20_000
			if raceEnabled {
				small, large = small/4, large/4
			}
			_, smallSteps := parseCounting(t, shape.build(small))
			start := time.Now()
			_, largeSteps := parseCounting(t, shape.build(large))
			elapsed := time.Since(start)
			ratio := float64(largeSteps) / float64(smallSteps)
			t.Logf("steps %d at n=%d, %d at n=%d (x%.1f for x%d); %v at n=%d",
				smallSteps, small, largeSteps, large, ratio, large/small, elapsed.Round(time.Millisecond), large)
			if largeSteps > 12*smallSteps {
				t.Errorf("superlinear: steps x%.1f for input x%d", ratio, large/small)
			}
			// And the result must still match x/net/html where it parses.
			size := 100
			if shape.compareAt != 0 {
				size = shape.compareAt
			}
			compareWithXNet(t, shape.name, shape.build(size), "", true)
		})
	}
}

// The four patterns issue reports of superlinear parsing named, shared by
// TestPathologicalInputs and BenchmarkIssuePatterns.

// strayBOverSpanDiv: stray </b> end tags over alternating inline and block
// elements.
func strayBOverSpanDiv(n int) string {
	return "<b>" + strings.Repeat("<span><div>", n) + strings.Repeat("</b>", n/8)
}

// oneBDroppingDistinct: one </b> drops n distinct <i> elements from the
// middle of the list of active formatting elements.
func oneBDroppingDistinct(n int) string {
	return "<b>" + distinctFormatting("i", n) + "<p>" + distinctFormatting("u", n) + "</p><div></b>"
}

// noahsArkBehindRun: Noah's Ark families behind a long run of other
// formatting elements.
func noahsArkBehindRun(n int) string {
	var b strings.Builder
	for k := 0; k < n/4; k++ {
		fmt.Fprintf(&b, "<b class=k%d><b class=k%d><b class=k%d>", k, k, k)
	}
	b.WriteString(distinctFormatting("i", n))
	for k := 0; k < n/4; k++ {
		fmt.Fprintf(&b, "<b class=k%d>", k)
	}
	return b.String()
}

// strayBodyTags: stray <body> start tags against a body with many
// attributes.
func strayBodyTags(n int) string {
	var b strings.Builder
	b.WriteString("<body")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, " a%d=1", i)
	}
	b.WriteString(">")
	b.WriteString(strings.Repeat("<body a=1>", n))
	return b.String()
}
