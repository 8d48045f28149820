package htmlparse

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
)

// Fragments in the contexts that "reset the insertion mode appropriately"
// (13.2.4.1) treats by name. The fragment parsing algorithm resets the
// insertion mode with the context element standing for the bottom of the
// stack, the "last" node: an HTML html element selects "before head",
// frameset "in frameset", colgroup "in column group", a table part its
// table mode, template the current template insertion mode, and head, td
// and th, like any other element (select too: the standard has no select
// modes since the customizable select element) or an SVG or MathML one,
// "in body". Then resetting again, after a table or a template closes
// inside the fragment, comes back to the context. The generated inputs
// below are two parts from resetContextParts in each context of
// resetContexts, which covers each mode's own rules for head content,
// structure tags, body content and table parts. x/net/html parses a head
// context "in head" and drops what follows the first part that is no head
// content (departHeadContext); the trees of those inputs are in
// testdata/xnet-departures, and each is held to x/net/html's tree for the
// input in a body context (xnetContext). A td or th context it parses "in
// cell", which builds the same trees as "in body" (the inputs in those
// contexts compare with x/net/html).

// resetContext is a fragment context and whether the standard keeps the
// text at the end of every input in it.
type resetContext struct {
	context string
	// keepsText: the insertion mode the context starts in inserts text,
	// and no part leads to one that ignores it.
	keepsText bool
}

// resetContexts are the HTML elements the reset looks for, an element it
// does not (div), and SVG and MathML elements: the roots of each
// namespace, integration points, and elements named like HTML elements
// the reset looks for, which it must not take for them.
var resetContexts = []resetContext{
	// "before head": the frameset part switches to "in frameset", which
	// ignores text.
	{"html", false},
	{"head", true}, {"body", true}, {"div", true},
	// "in frameset" and "in column group" ignore text (the fragment's
	// root is no colgroup element).
	{"frameset", false}, {"colgroup", false},
	{"select", true}, {"td", true}, {"th", true},
	// The table modes foster parent text, into the fragment's root.
	{"tr", true}, {"tbody", true}, {"thead", true}, {"tfoot", true},
	{"caption", true}, {"table", true},
	// "in template": a col part switches it to "in column group".
	{"template", false},
	{"svg svg", true}, {"svg foreignObject", true}, {"math math", true}, {"math mi", true},
	{"svg head", true}, {"math td", true}, {"svg template", true},
}

// resetContextParts are head content (raw text, a void element, noscript,
// whose parsing depends on the scripting flag and the mode, a template
// whose end resets the insertion mode), the tags the modes before and
// after the body treat specially, body content, table parts (a table
// whose end resets the insertion mode, and the parts each table mode
// handles) and SVG and MathML content.
var resetContextParts = []string{
	"<title>t</title>", "<meta>", "<noscript><p>n</noscript>", "<template><td>c</template>",
	"<head>", "</head>", "<body a=b>", "</body>", "<html a=b>", "</html>", "<frameset><frame>",
	"<div>d", " t ", "<!--c-->", "<select><option>o</select>",
	"<table><td>c</table>", "<tr>", "<td>", "</td>", "<caption>", "<col>",
	"<svg><g>", "<math><mi>",
}

// resetContextExamples are the examples of the package documentation and
// docs/html.md, and the markup of vdom's tests of a head context.
var resetContextExamples = []string{
	"<div><template>x</template></div><p>after",
	"<title>t</title><p>after",
	`<meta name=a><template id=t><li>x</template><style>p{}</style><p id=after>after`,
}

// resetContextInput is one generated input.
type resetContextInput struct {
	data      string
	context   resetContext
	scripting bool
}

// resetContextInputs returns every pair of parts in every context, ending
// in text that shows where the insertion point ended up; inputs with a
// noscript element come with scripting enabled and disabled.
func resetContextInputs() []resetContextInput {
	var out []resetContextInput
	for _, ctx := range resetContexts {
		for _, first := range resetContextParts {
			for _, second := range resetContextParts {
				data := first + second + "z"
				out = append(out, resetContextInput{data, ctx, true})
				if strings.Contains(data, "<noscript>") {
					out = append(out, resetContextInput{data, ctx, false})
				}
			}
		}
	}
	return out
}

// TestDifferentialResetContexts compares the trees of the examples in a
// head context and of every seventh generated input (every one in the
// long run, EVENTPERK_LONG=1; every 49th under the race detector) with
// x/net/html's or, where x/net/html departs from the standard, with the
// recorded trees (compareWithXNet), and checks that the text at the end
// is in the tree wherever the context's mode keeps text. Seven shares no
// factor with the 23 parts, so in every context the sample puts every
// part first and every part second.
func TestDifferentialResetContexts(t *testing.T) {
	for _, data := range resetContextExamples {
		compareWithXNet(t, "head context example", data, "head", true)
		checkKeepsText(t, foreignTableInput{data, "head"}, true, "after")
	}
	inputs := resetContextInputs()
	stride := 7
	if testenv.Long(t) {
		stride = 1
	}
	if raceEnabled {
		stride *= 7
	}
	compared := 0
	for i := 0; i < len(inputs); i += stride {
		in := inputs[i]
		compareWithXNet(t, "reset context", in.data, in.context.context, in.scripting)
		if in.context.keepsText {
			checkKeepsText(t, foreignTableInput{in.data, in.context.context}, in.scripting, "z")
		}
		if t.Failed() {
			return
		}
		compared++
	}
	t.Logf("compared %d of %d inputs", compared, len(inputs))
}
