package htmlparse

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The inputs where this parser's tree differs from x/net/html's because
// x/net/html departs from the standard (departures.go) have their expected
// trees in testdata/xnet-departures, recorded from parse5 and Chromium
// (see the README there). The differential tests compare with those trees
// where x/net/html's is not the standard's.

// departureKey identifies a case: its input, context and scripting flag.
type departureKey struct {
	data, context string
	scripting     bool
}

// departureCases reads the cases of testdata/xnet-departures once.
var departureCases = sync.OnceValues(func() ([]html5libCase, error) {
	files, err := filepath.Glob(filepath.Join("testdata", "xnet-departures", "*.dat"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no .dat files in testdata/xnet-departures")
	}
	var all []html5libCase
	for _, f := range files {
		cases, err := readDatFile(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		all = append(all, cases...)
	}
	return all, nil
})

// departureTrees maps each case of testdata/xnet-departures to its
// expected tree.
var departureTrees = sync.OnceValues(func() (map[departureKey]string, error) {
	cases, err := departureCases()
	if err != nil {
		return nil, err
	}
	m := make(map[departureKey]string, len(cases))
	for _, c := range cases {
		k := departureKey{c.data, c.context, c.scripting}
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("%s: the input %q (context %q) is listed twice", c.id(), c.data, c.context)
		}
		m[k] = c.want
	}
	return m, nil
})

// departureNames names the classes of a set, for messages.
func departureNames(d xnetDepartures) string {
	var names []string
	for bit, name := range map[xnetDepartures]string{
		departForeignNamedLikeHTML: "a foreign element named like an HTML one",
		departForeignContext:       "a foreign context element",
		departTopmostEndTag:        "an end tag at a foreign fragment's root",
		departTemplateInForeign:    "an HTML template in foreign content",
		departHeadContext:          "a head context element",
	} {
		if d&bit != 0 {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// datCase formats a case in the .dat format, for a failure message that
// shows what to add to testdata/xnet-departures.
func datCase(data, context string, scripting bool, tree string) string {
	var b strings.Builder
	b.WriteString("#data\n" + data + "\n#errors\n")
	if context != "" {
		b.WriteString("#document-fragment\n" + context + "\n")
	}
	if !scripting {
		b.WriteString("#script-off\n")
	}
	b.WriteString("#document\n" + tree)
	return b.String()
}

// TestXNetDepartures runs the cases of testdata/xnet-departures: the tree
// is the recorded one, x/net/html's is not (or x/net/html fails), and the
// parser records that the input reached a class where x/net/html departs
// from the standard. Every class has cases.
func TestXNetDepartures(t *testing.T) {
	cases, err := departureCases()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := departureTrees(); err != nil {
		t.Fatal(err)
	}
	var seen xnetDepartures
	for _, c := range cases {
		p, nodes, err := parseWithParser(c.data, c.context, c.scripting)
		if err != nil {
			t.Errorf("%s %q (context %q): %v", c.id(), c.data, c.context, err)
			continue
		}
		if diff := cmp.Diff(c.want, dumpHTML5Lib(nodes)); diff != "" {
			t.Errorf("%s %q (context %q): mismatch (-want +got):\n%s", c.id(), c.data, c.context, diff)
		}
		if p.departures == 0 {
			t.Errorf("%s %q (context %q): the parser records no departure of x/net/html for this input", c.id(), c.data, c.context)
		}
		seen |= p.departures
		if xnodes, err := parseXNet(c.data, c.context, c.scripting); err == nil && dumpHTML5Lib(xnodes) == c.want {
			t.Errorf("%s %q (context %q): x/net/html builds the recorded tree, so the case does not belong in testdata/xnet-departures", c.id(), c.data, c.context)
		}
	}
	for _, d := range []xnetDepartures{departForeignNamedLikeHTML, departForeignContext, departTopmostEndTag, departTemplateInForeign, departHeadContext} {
		if seen&d == 0 {
			t.Errorf("no case of testdata/xnet-departures reaches %s", departureNames(d))
		}
	}
	t.Logf("%d cases", len(cases))
}
