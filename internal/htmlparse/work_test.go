package htmlparse

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/internal/testenv"
)

// The parser's work is counted in steps (parser.steps): the tokens
// dispatched and every iteration of a loop over the stack of open elements,
// the list of active formatting elements, their holes and chains, an
// element's children or a tag's attributes. These tests and
// FuzzParseWork hold it to a bound linear in the input plus the elements
// and attributes the parser copies when it re-opens formatting elements,
// which MaxClonedElements and MaxClonedAttributes bound: the tree the
// standard asks for can be far larger than the input only through them.

// Work bound: steps per input byte, per re-opened element and per copied
// attribute, plus a constant for tiny inputs. The measured worst is under
// 5 steps per byte (nested <i><b><em> without end tags, which makes the
// Noah's Ark clause drop an element at every tag) and 3 per re-opened
// element.
const (
	stepsPerByte  = 8
	stepsPerClone = 4
	stepsBase     = 1024
)

// workBound is the most steps a parse of n bytes that re-opened clones
// elements with attrs attributes in all may take.
func workBound(n, clones, attrs int) int {
	return stepsPerByte*n + stepsPerClone*clones + attrs + stepsBase
}

// parseForWork parses input as a document and returns the parser, which
// holds the step and clone counts, and the parse's error.
func parseForWork(input string) (*parser, error) {
	p := newDocumentParser(strings.NewReader(input), true)
	err := p.run()
	return p, err
}

// checkWork fails the test if the parse of input took more steps than
// workBound allows, or failed other than with a *LimitError.
func checkWork(t testing.TB, name, input string) *parser {
	t.Helper()
	p, err := parseForWork(input)
	var le *LimitError
	if err != nil && !errors.As(err, &le) {
		t.Fatalf("%s: %v", name, err)
	}
	if p.loopGuardTripped {
		t.Fatalf("%s: the reprocessing guard tripped", name)
	}
	if bound := workBound(len(input), p.clones, p.clonedAttrs); p.steps > bound {
		t.Errorf("%s (%d bytes, %d elements and %d attributes copied): %d steps, more than the bound %d",
			name, len(input), p.clones, p.clonedAttrs, p.steps, bound)
	}
	// A parse that counted first (counting.go) read the input twice; the
	// count is held to the same bound, for what it counted.
	if bound := workBound(len(input), p.countedClones, p.countedAttrs); p.countSteps > bound {
		t.Errorf("%s (%d bytes, %d elements and %d attributes counted): counting took %d steps, more than the bound %d",
			name, len(input), p.countedClones, p.countedAttrs, p.countSteps, bound)
	}
	return p
}

// TestWorkIsLinear holds every pathological shape, every deep shape and
// every html5lib input to the work bound, and the pathological and deep
// shapes, which re-open nothing or little, to stepsPerByte alone at two
// sizes: 5,000 repetitions and a tenth of that (20,000 with
// EVENTPERK_LONG=1).
func TestWorkIsLinear(t *testing.T) {
	n := 5_000
	switch {
	case raceEnabled:
		n = 2_000
	case testenv.Long(t):
		n = 20_000
	}
	for _, shape := range pathologicalShapes {
		for _, size := range []int{n / 10, n} {
			input := shape.build(size)
			p := checkWork(t, fmt.Sprintf("%s, n=%d", shape.name, size), input)
			if p.clones == 0 && p.steps > stepsPerByte*len(input) {
				t.Errorf("%s, n=%d: %d steps for %d bytes", shape.name, size, p.steps, len(input))
			}
		}
	}
	for _, shape := range deepShapes {
		for _, closed := range []bool{true, false} {
			input := shape.build(n, closed)
			checkWork(t, fmt.Sprintf("%s (closed %v), n=%d", shape.name, closed, n), input)
		}
	}
	for _, c := range html5libCases(t) {
		checkWork(t, c.id(), c.data)
	}
	// Re-opened elements and copied attributes count: up to the limits,
	// the work follows them; past them, the parse stops.
	checkWork(t, "amplifying 64x4096", amplifying(64, 4096))
	checkWork(t, "amplifying past the limit", amplifying(2048, MaxClonedElements/2048+1))
	checkWork(t, "attributes past the limit", amplifyingAttributes(1<<12, MaxClonedAttributes>>12+1))
}

// amplifyingAttributes returns markup that leaves one <b> element with
// attrs attributes open in the list of active formatting elements and then
// opens m paragraphs, each of which re-opens it: m elements and m*attrs
// attributes copied.
func amplifyingAttributes(attrs, m int) string {
	var b strings.Builder
	b.WriteString("<p><b")
	for i := range attrs {
		fmt.Fprintf(&b, " a%d", i)
	}
	b.WriteString("></p>")
	for range m {
		b.WriteString("<p>x</p>")
	}
	return b.String()
}

// FuzzParseWork checks, for arbitrary input, that the parser's work stays
// within workBound: linear in the input, plus the copies it makes, which
// the limits bound. The seeds are the pathological shapes, the deep shapes
// and the html5lib inputs.
func FuzzParseWork(f *testing.F) {
	for _, shape := range pathologicalShapes {
		f.Add(shape.build(300))
	}
	for _, shape := range deepShapes {
		f.Add(shape.build(300, false))
	}
	for _, c := range html5libCases(f) {
		f.Add(c.data)
	}
	f.Add(amplifying(16, 16))
	f.Add(amplifyingAttributes(16, 16))
	f.Fuzz(func(t *testing.T, input string) {
		p := checkWork(t, fmt.Sprintf("%q", truncate(input, 200)), input)
		// And counting (counting.go) makes the same counts, where no
		// limit stopped the parse.
		if p.err == nil {
			want := counts{Clones: p.clones, Attributes: p.clonedAttrs}
			if diff := cmp.Diff(want, countingParse(input, "")); diff != "" {
				t.Errorf("%q: counts mismatch (-parse +count):\n%s", truncate(input, 200), diff)
			}
		}
	})
}
