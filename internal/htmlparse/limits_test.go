package htmlparse

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// amplifying returns markup that leaves n differently attributed <b>
// elements open in the list of active formatting elements and then opens
// m paragraphs, each of which re-opens all n: n*m cloned elements.
func amplifying(n, m int) string {
	var b strings.Builder
	b.WriteString("<p>")
	for i := range n {
		fmt.Fprintf(&b, "<b class=c%d>", i)
	}
	b.WriteString("</p>")
	for range m {
		b.WriteString("<p>x</p>")
	}
	return b.String()
}

// TestCloneLimit: markup that would re-open formatting elements more than
// MaxClonedElements times stops with a *LimitError naming the tag where
// the limit was passed, and markup just under the limit parses.
func TestCloneLimit(t *testing.T) {
	const n = 2048
	m := MaxClonedElements / n // exactly the limit: parses
	prefix := "<!DOCTYPE html>\n<title>t</title>\n"
	doc, err := Parse(strings.NewReader(prefix + amplifying(n, m)))
	if err != nil {
		t.Fatalf("%d clones: %v", n*m, err)
	}
	if doc == nil {
		t.Fatal("no document")
	}

	input := prefix + amplifying(n, m+1)
	_, err = Parse(strings.NewReader(input))
	if !errors.Is(err, ErrTooManyClones) {
		t.Fatalf("%d clones: error %v, want ErrTooManyClones", n*(m+1), err)
	}
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("error %T is not a *LimitError", err)
	}
	// The text "x" of the paragraph past the limit re-opens the elements.
	lastX := strings.LastIndex(input, "x</p>")
	want := LimitError{Line: 3, Column: lastX - strings.LastIndex(input[:lastX], "\n"), Offset: lastX}
	if diff := cmp.Diff(want, *le); diff != "" {
		t.Errorf("LimitError (-want +got):\n%s", diff)
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("line 3, column %d:", want.Column)) {
		t.Errorf("message %q does not name the line and column", err)
	}

	// The same in a fragment.
	_, err = ParseFragment(strings.NewReader(amplifying(n, m+1)), nil)
	if !errors.Is(err, ErrTooManyClones) {
		t.Errorf("ParseFragment: error %v, want ErrTooManyClones", err)
	}
}

// TestCloneAttributeLimit: re-opening one element with many attributes
// stops once MaxClonedAttributes attributes were copied, long before
// MaxClonedElements elements, with a *LimitError that says so.
func TestCloneAttributeLimit(t *testing.T) {
	const attrs = 1 << 12
	m := MaxClonedAttributes / attrs // exactly the limit: parses
	if _, err := Parse(strings.NewReader(amplifyingAttributes(attrs, m))); err != nil {
		t.Fatalf("%d attributes: %v", attrs*m, err)
	}
	input := amplifyingAttributes(attrs, m+1)
	_, err := Parse(strings.NewReader(input))
	var le *LimitError
	if !errors.As(err, &le) || !errors.Is(err, ErrTooManyClones) {
		t.Fatalf("%d attributes: error %v, want a *LimitError", attrs*(m+1), err)
	}
	lastX := strings.LastIndex(input, "x</p>")
	want := LimitError{Line: 1, Column: lastX + 1, Offset: lastX, Attributes: true}
	if diff := cmp.Diff(want, *le); diff != "" {
		t.Errorf("LimitError (-want +got):\n%s", diff)
	}
	if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("more than %d attributes copied", MaxClonedAttributes)) {
		t.Errorf("message %q does not name the attribute limit", msg)
	}
}

// TestLimitsRefuseWhatXNetBuilds: the two refusals are the only inputs
// x/net/html parses that Parse does not, and they are real: x/net/html
// builds both documents, whose stacks stay within its 512 entries, while
// Parse stops at the limit. (docs/limits.md lists them.) x/net/html's
// trees of a million elements and four million attributes take seconds
// and hundreds of MB, so it is a long test; TestCloneLimit and
// TestCloneAttributeLimit check Parse's refusals in every run.
func TestLimitsRefuseWhatXNetBuilds(t *testing.T) {
	testenv.SkipUnlessLong(t, "x/net/html's trees of a million elements and four million attributes take seconds")
	for _, tc := range []struct {
		name       string
		input      string
		attributes bool
	}{
		// 500 <b>s left open, 2,100 paragraphs: 1,050,000 elements.
		{"elements", amplifying(500, 2100), false},
		// One <b> with 4,096 attributes, 1,025 paragraphs: 4,198,400
		// attributes.
		{"attributes", amplifyingAttributes(1<<12, 1025), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := html.Parse(strings.NewReader(tc.input)); err != nil {
				t.Fatalf("x/net/html refuses the %d bytes: %v", len(tc.input), err)
			}
			_, err := Parse(strings.NewReader(tc.input))
			var le *LimitError
			if !errors.As(err, &le) {
				t.Fatalf("Parse of %d bytes: error %v, want a *LimitError", len(tc.input), err)
			}
			if le.Attributes != tc.attributes {
				t.Errorf("LimitError.Attributes = %v, want %v", le.Attributes, tc.attributes)
			}
			t.Logf("%d bytes: %v", len(tc.input), err)
		})
	}
}
