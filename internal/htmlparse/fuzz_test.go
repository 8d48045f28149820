package htmlparse

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// fuzzContexts are the fragment contexts the fuzz target picks from ("" is
// a whole document).
var fuzzContexts = []string{
	"", "", "", nilContext, "body", "div", "table", "tbody", "tr", "td", "caption",
	"colgroup", "select", "template", "title", "textarea", "script",
	"plaintext", "head", "html", "frameset", "p", "svg svg", "svg desc",
	"svg foreignObject", "math math", "math mi", "math annotation-xml",
}

// FuzzParseMatchesXNetHTML checks, for arbitrary input and a few fragment
// contexts, that the parser never panics and always returns a well-formed
// tree, and that the tree is identical to x/net/html's whenever x/net/html
// succeeds (and returns a well-formed tree) and does not depart from the
// standard for the input (departures.go); a head context's tree must be
// x/net/html's in a body context (xnetContext).
func FuzzParseMatchesXNetHTML(f *testing.F) {
	for i, c := range append(html5libCases(f), localCases(f)...) {
		ctx := uint8(0)
		for j, fc := range fuzzContexts {
			if fc == c.context {
				ctx = uint8(j)
			}
		}
		f.Add(c.data, ctx, c.scripting)
		if c.context == "" {
			// The same input in another context.
			f.Add(c.data, uint8(i%len(fuzzContexts)), c.scripting)
		}
	}
	// SVG and MathML elements named like table parts, in tables and
	// templates (foreign_tables_test.go).
	r := rand.New(rand.NewPCG(5, 8))
	for i := range 200 {
		f.Add(foreignTableSoup(r, 1+r.IntN(3)), uint8(i%len(fuzzContexts)), true)
	}
	// Template elements in SVG and MathML content
	// (foreign_templates_test.go), as documents.
	for _, in := range foreignTemplateInputs() {
		if in.context == "" {
			f.Add(in.data, uint8(0), true)
		}
	}
	f.Add(strings.Repeat("<div>", 600)+"x", uint8(0), true)
	f.Add(strings.Repeat("<b><i>", 300)+"<table><td>x", uint8(0), true)
	f.Fuzz(func(t *testing.T, input string, ctxIndex uint8, scripting bool) {
		ctx := fuzzContexts[int(ctxIndex)%len(fuzzContexts)]
		// A hang would stall the fuzzer without reporting the input;
		// crash instead, which makes the fuzzer save it.
		watchdog := time.AfterFunc(20*time.Second, func() {
			panic(fmt.Sprintf("parsing %q (context %q) takes more than 20s", input, ctx))
		})
		defer watchdog.Stop()
		p, ours, err := parseWithParser(input, ctx, scripting)
		if err != nil {
			t.Fatalf("parse error: %v", err)
		}
		if p.loopGuardTripped {
			t.Fatalf("the reprocessing guard tripped for %q (context %q)", input, ctx)
		}
		if err := checkWellFormed(ours); err != nil {
			t.Fatalf("malformed tree for %q (context %q): %v", input, ctx, err)
		}
		if err := checkTemplateList(p.templates, ours); err != nil {
			t.Fatalf("input %q (context %q): %v", input, ctx, err)
		}
		theirCtx := xnetContext(p.departures, ctx)
		theirs, err := parseXNet(input, theirCtx, scripting)
		if err != nil {
			// Too deep for x/net/html, or one of its internal errors:
			// there is nothing to compare, and our tree is well formed.
			return
		}
		if checkWellFormed(theirs) != nil {
			return // x/net/html built a broken tree; nothing to match
		}
		if p.departures != 0 && theirCtx == ctx {
			// x/net/html departs from the standard for this input
			// (departures.go); a new input has no recorded tree to
			// compare with instead.
			return
		}
		if diff := cmp.Diff(dumpStructure(theirs), dumpAsXNet(ours)); diff != "" {
			t.Fatalf("input %q (context %q, scripting %v): tree differs from x/net/html's (context %q) (-x/net +ours):\n%s", input, ctx, scripting, theirCtx, diff)
		}
	})
}

// parseWithParser is parseOurs, also returning the parser.
func parseWithParser(input, ctx string, scripting bool) (*parser, []*html.Node, error) {
	r := strings.NewReader(input)
	if ctx == "" {
		p := newDocumentParser(r, scripting)
		if err := p.run(); err != nil {
			return nil, nil, err
		}
		return p, children(p.doc), nil
	}
	p, root, err := newFragmentParser(r, contextNode(ctx), scripting)
	if err != nil {
		return nil, nil, err
	}
	if err := p.run(); err != nil {
		return nil, nil, err
	}
	return p, p.fragmentResult(root), nil
}

// checkTemplateList checks the parser's list of template elements (what
// ParseTemplates returns) against the tree: every HTML template element
// of the tree once, and nothing else: no template the parser made leaves
// the tree.
func checkTemplateList(list, roots []*html.Node) error {
	inTree := map[*html.Node]bool{}
	for _, r := range roots {
		inTree[r] = true
		for n := range r.Descendants() {
			inTree[n] = true
		}
	}
	listed := make(map[*html.Node]bool, len(list))
	for _, t := range list {
		if t.Type != html.ElementNode || t.Namespace != "" || t.Data != "template" {
			return fmt.Errorf("the template list holds <%s> (namespace %q)", t.Data, t.Namespace)
		}
		if listed[t] {
			return fmt.Errorf("the template list holds a template twice")
		}
		if !inTree[t] {
			return fmt.Errorf("the template list holds a template that is not in the tree")
		}
		listed[t] = true
	}
	for _, r := range roots {
		for n := range r.Descendants() {
			if n.Type == html.ElementNode && n.Namespace == "" && n.Data == "template" {
				if !listed[n] {
					return fmt.Errorf("a template of the tree is not in the template list")
				}
			}
		}
		if r.Type == html.ElementNode && r.Namespace == "" && r.Data == "template" {
			if !listed[r] {
				return fmt.Errorf("a template of the tree is not in the template list")
			}
		}
	}
	return nil
}
