package htmlparse

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// xnetModuleDir returns the directory of the golang.org/x/net module the
// package builds against, which holds the html5lib test data.
var xnetModuleDir = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%v: %s", err, ee.Stderr)
		}
		return "", fmt.Errorf("go list -m golang.org/x/net: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", errors.New("go list -m golang.org/x/net printed no directory (is the module downloaded?)")
	}
	return dir, nil
})

// html5libCases reads every tree construction test of the html5lib suite
// shipped with x/net.
func html5libCases(tb testing.TB) []html5libCase {
	tb.Helper()
	dir, err := xnetModuleDir()
	if err != nil {
		tb.Fatalf("cannot locate the html5lib tests: %v", err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "html", "testdata", "html5lib-tests", "tree-construction", "*.dat"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatalf("no html5lib .dat files under %s", dir)
	}
	var all []html5libCase
	for _, f := range files {
		cases, err := readDatFile(f)
		if err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		all = append(all, cases...)
	}
	return all
}

// html5libCase is one test of a tree construction .dat file.
type html5libCase struct {
	file      string // base name, e.g. "tests1.dat"
	index     int    // position in the file, from 0
	data      string
	context   string // "" for a document; "div", "svg path", ...
	scripting bool   // false for #script-off
	want      string // the expected tree in the html5lib format
}

func (c html5libCase) id() string { return fmt.Sprintf("%s:%d", c.file, c.index) }

// readDatFile parses a .dat file (see tree-construction/README.md): a test is
// "#data", the input lines, "#errors" and error lines, optionally
// "#new-errors", "#document-fragment" with the context on the next line and
// "#script-off" or "#script-on", then "#document" and the tree, one line per
// node, up to the blank line before the next "#data".
func readDatFile(path string) ([]html5libCase, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(b), "\n")
	var cases []html5libCase
	i := 0
	for i < len(lines) {
		if lines[i] == "" {
			i++
			continue
		}
		if lines[i] != "#data" {
			return nil, fmt.Errorf("line %d: got %q, want #data", i+1, lines[i])
		}
		c := html5libCase{file: filepath.Base(path), index: len(cases), scripting: true}
		i++
		start := i
		for i < len(lines) && lines[i] != "#errors" {
			i++
		}
		if i == len(lines) {
			return nil, fmt.Errorf("test %d: no #errors", c.index)
		}
		c.data = strings.Join(lines[start:i], "\n")
		// Headers up to #document.
		for {
			i++
			for i < len(lines) && !strings.HasPrefix(lines[i], "#") {
				i++ // error lines
			}
			if i == len(lines) {
				return nil, fmt.Errorf("test %d: no #document", c.index)
			}
			switch h := lines[i]; h {
			case "#errors", "#new-errors":
				continue
			case "#document-fragment":
				i++
				c.context = strings.TrimSpace(lines[i])
				continue
			case "#script-off":
				c.scripting = false
				continue
			case "#script-on":
				c.scripting = true
				continue
			case "#document":
			default:
				return nil, fmt.Errorf("test %d: unexpected header %q", c.index, h)
			}
			break
		}
		i++
		start = i
		for i < len(lines) && !(lines[i] == "#data" && i > 0 && lines[i-1] == "") {
			i++
		}
		doc := lines[start:i]
		for len(doc) > 0 && doc[len(doc)-1] == "" {
			doc = doc[:len(doc)-1]
		}
		c.want = strings.Join(doc, "\n") + "\n"
		cases = append(cases, c)
	}
	return cases, nil
}

// nilContext, as a context string, means ParseFragment with a nil context.
const nilContext = "#nil"

// contextNode builds a fragment context element from an html5lib context
// string such as "td" or "svg path".
func contextNode(ctx string) *html.Node {
	if ctx == "" || ctx == nilContext {
		return nil
	}
	ns, name := "", ctx
	if i := strings.IndexByte(ctx, ' '); i >= 0 {
		ns, name = ctx[:i], ctx[i+1:]
	}
	return &html.Node{Type: html.ElementNode, Data: name, DataAtom: atom.Lookup([]byte(name)), Namespace: ns}
}

// parseOurs parses input as a document or, if ctx is set, as a fragment.
func parseOurs(input, ctx string, scripting bool) ([]*html.Node, error) {
	if ctx == nilContext {
		return parseFragment(strings.NewReader(input), nil, scripting)
	}
	if ctx == "" {
		doc, err := parseDocument(strings.NewReader(input), scripting)
		if err != nil {
			return nil, err
		}
		return children(doc), nil
	}
	return parseFragment(strings.NewReader(input), contextNode(ctx), scripting)
}

// parseXNet does the same with x/net/html.
func parseXNet(input, ctx string, scripting bool) ([]*html.Node, error) {
	opt := html.ParseOptionEnableScripting(scripting)
	if ctx == nilContext {
		return html.ParseFragmentWithOptions(strings.NewReader(input), nil, opt)
	}
	if ctx == "" {
		doc, err := html.ParseWithOptions(strings.NewReader(input), opt)
		if err != nil {
			return nil, err
		}
		return children(doc), nil
	}
	return html.ParseFragmentWithOptions(strings.NewReader(input), contextNode(ctx), opt)
}

func children(n *html.Node) []*html.Node {
	var c []*html.Node
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c = append(c, k)
	}
	return c
}

// walk visits the trees under roots in document order without recursion,
// calling visit with each node and its depth (roots are at depth 0).
func walk(roots []*html.Node, visit func(n *html.Node, depth int)) {
	for _, root := range roots {
		n, depth := root, 0
		for {
			visit(n, depth)
			if n.FirstChild != nil {
				n, depth = n.FirstChild, depth+1
				continue
			}
			for n != root && n.NextSibling == nil {
				n, depth = n.Parent, depth-1
			}
			if n == root {
				break
			}
			n = n.NextSibling
		}
	}
}

// dumpHTML5Lib renders trees in the html5lib tree construction format.
func dumpHTML5Lib(roots []*html.Node) string {
	var b strings.Builder
	// Template contents are shown under a "content" line, one level deeper,
	// so the indentation of a node depends on its template ancestors.
	extra := map[*html.Node]int{}
	walk(roots, func(n *html.Node, depth int) {
		level := depth
		if n.Parent != nil {
			level += extra[n.Parent]
		}
		if n.Type == html.ElementNode && n.Namespace == "" && n.DataAtom == atom.Template {
			extra[n] = extra[n.Parent] + 1
		} else if n.Parent != nil {
			extra[n] = extra[n.Parent]
		}
		indent := func(l int) {
			b.WriteString("| ")
			b.WriteString(strings.Repeat("  ", l))
		}
		indent(level)
		switch n.Type {
		case html.ElementNode:
			if n.Namespace != "" {
				fmt.Fprintf(&b, "<%s %s>\n", n.Namespace, n.Data)
			} else {
				fmt.Fprintf(&b, "<%s>\n", n.Data)
			}
			attrs := slices.Clone(n.Attr)
			name := func(at html.Attribute) string {
				if at.Namespace != "" {
					return at.Namespace + " " + at.Key
				}
				return at.Key
			}
			slices.SortStableFunc(attrs, func(x, y html.Attribute) int { return strings.Compare(name(x), name(y)) })
			for _, at := range attrs {
				indent(level + 1)
				fmt.Fprintf(&b, "%s=\"%s\"\n", name(at), at.Val)
			}
			if n.Namespace == "" && n.DataAtom == atom.Template {
				indent(level + 1)
				b.WriteString("content\n")
			}
		case html.TextNode:
			fmt.Fprintf(&b, "\"%s\"\n", n.Data)
		case html.CommentNode:
			fmt.Fprintf(&b, "<!-- %s -->\n", n.Data)
		case html.DoctypeNode:
			var public, system string
			for _, at := range n.Attr {
				switch at.Key {
				case "public":
					public = at.Val
				case "system":
					system = at.Val
				}
			}
			if public != "" || system != "" {
				fmt.Fprintf(&b, "<!DOCTYPE %s \"%s\" \"%s\">\n", n.Data, public, system)
			} else {
				fmt.Fprintf(&b, "<!DOCTYPE %s>\n", n.Data)
			}
		default:
			fmt.Fprintf(&b, "<?unexpected node type %d %q>\n", n.Type, n.Data)
		}
	})
	return b.String()
}

// dumpStructure renders trees with every field the parsers set: node type,
// Data, DataAtom, Namespace and the attributes in order with their
// namespaces. It is the comparison used by the differential tests.
func dumpStructure(roots []*html.Node) []string {
	return dumpStructureView(roots, func(n *html.Node) (string, []html.Attribute) { return n.Data, n.Attr })
}

// dumpAsXNet is dumpStructure of our trees as x/net/html would read the
// same input (xnetView).
func dumpAsXNet(roots []*html.Node) []string {
	return dumpStructureView(roots, xnetView)
}

// xnetView returns the Data and attributes x/net/html gives the node n of
// our tree, where this parser follows the standard instead: its Tokenizer
// decodes character references in comment data (token.go), and it sorts
// the attributes of formatting elements (formatting.go).
func xnetView(n *html.Node) (string, []html.Attribute) {
	switch {
	case n.Type == html.CommentNode:
		return html.UnescapeString(n.Data), n.Attr
	case n.Type == html.ElementNode && n.Namespace == "" && xnetSorted[n.Data] && len(n.Attr) > 1:
		return n.Data, slices.SortedFunc(slices.Values(n.Attr), attrCompare)
	}
	return n.Data, n.Attr
}

// xnetSorted are the formatting elements (HTML §13.2.4.3), whose
// attributes x/net/html sorts.
var xnetSorted = map[string]bool{"a": true, "b": true, "big": true, "code": true, "em": true, "font": true, "i": true,
	"nobr": true, "s": true, "small": true, "strike": true, "strong": true, "tt": true, "u": true}

func dumpStructureView(roots []*html.Node, view func(*html.Node) (string, []html.Attribute)) []string {
	var lines []string
	walk(roots, func(n *html.Node, depth int) {
		var b strings.Builder
		b.WriteString(strings.Repeat(". ", depth))
		data, attr := view(n)
		fmt.Fprintf(&b, "%v %q", n.Type, data)
		if n.DataAtom != 0 || n.Type == html.ElementNode {
			fmt.Fprintf(&b, " atom=%#x", uint32(n.DataAtom))
		}
		if n.Namespace != "" {
			fmt.Fprintf(&b, " ns=%q", n.Namespace)
		}
		for _, at := range attr {
			fmt.Fprintf(&b, " [%q %q=%q]", at.Namespace, at.Key, at.Val)
		}
		lines = append(lines, b.String())
	})
	return lines
}

// sameStructure reports whether dumpStructure of theirs (x/net/html's
// trees) and dumpAsXNet of ours are equal, without formatting them:
// comparing the dumps of every tree took most of the differential tests'
// time, and the dump is only needed to show a difference.
func sameStructure(theirs, ours []*html.Node) bool {
	type at struct {
		n     *html.Node
		depth int
	}
	var left []at
	walk(theirs, func(n *html.Node, depth int) { left = append(left, at{n, depth}) })
	i, same := 0, true
	walk(ours, func(n *html.Node, depth int) {
		if !same {
			return
		}
		if i == len(left) {
			same = false
			return
		}
		m := left[i]
		i++
		data, attr := xnetView(n)
		same = m.depth == depth && m.n.Type == n.Type && m.n.Data == data &&
			m.n.DataAtom == n.DataAtom && m.n.Namespace == n.Namespace && slices.Equal(m.n.Attr, attr)
	})
	return same && i == len(left)
}

// checkWellFormed verifies the parent, child and sibling links of the trees
// under roots and that they contain no cycle.
func checkWellFormed(roots []*html.Node) error {
	seen := map[*html.Node]bool{}
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			return fmt.Errorf("node %v %q reached twice (cycle or shared node)", n.Type, n.Data)
		}
		seen[n] = true
		var prev *html.Node
		count := 0
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if count++; count > 10_000_000 {
				return fmt.Errorf("children of %q do not end", n.Data)
			}
			if c.Parent != n {
				return fmt.Errorf("child %v %q of %q has parent %p, want %p", c.Type, c.Data, n.Data, c.Parent, n)
			}
			if c.PrevSibling != prev {
				return fmt.Errorf("child %v %q of %q has a wrong PrevSibling", c.Type, c.Data, n.Data)
			}
			if c.Type == html.DocumentNode {
				return fmt.Errorf("document node below %q", n.Data)
			}
			prev = c
			stack = append(stack, c)
		}
		if n.LastChild != prev {
			return fmt.Errorf("LastChild of %v %q is not its last child", n.Type, n.Data)
		}
	}
	return nil
}
