// Package scenariotest runs eventperk scenarios from go test: a scenario
// file is loaded, run, and the test fails with every input error or with
// the trace of the run, as "eventperk run" prints it. The page may come
// from Go (HTML the test rendered, a document, or the URL of a page that
// Options.Handler serves), and methods may be Go functions (render and
// onSave are the test's own):
//
//	func TestSave(t *testing.T) {
//		scenariotest.RunPage(t, "testdata/save.json", scenario.Page{HTML: render(t)}, scenario.Options{
//			Methods: map[string]unit.Methods{"app": {"onSave": unit.Sync(onSave)}},
//		})
//	}
//
// AssertHTML compares an element with a snippet by structure, as a
// scenario's "html" check does.
package scenariotest

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/scenario"
	"github.com/eventperk/eventperk-go/vdom"
)

// Run loads the scenario file and runs it. It stops t (Fatal) with every
// problem of a file that is bad input (a page on a server that cannot be
// loaded included), logs the run's warnings (Result.Warnings: style
// sheets that did not load), and fails t (Error) with the trace
// when the run fails: an expectation that does not hold, a handler error
// the step did not expect, a timeout. It returns the result, for further
// checks, or nil after bad input. t's context bounds the run.
func Run(t testing.TB, file string, opts scenario.Options) *scenario.Result {
	t.Helper()
	s, err := scenario.Load(file)
	return run(t, s, err, opts)
}

// RunPage is Run with the page given from Go instead of the file's "page"
// or "html", which the file may leave out.
func RunPage(t testing.TB, file string, page scenario.Page, opts scenario.Options) *scenario.Result {
	t.Helper()
	s, err := scenario.LoadPage(file, page)
	return run(t, s, err, opts)
}

func run(t testing.TB, s *scenario.Scenario, err error, opts scenario.Options) *scenario.Result {
	t.Helper()
	if err != nil {
		t.Fatalf("scenario is bad input:\n%v", err)
		return nil
	}
	res := s.Run(t.Context(), opts)
	if le := res.LoadError(); le != nil {
		t.Fatalf("scenario is bad input:\n%v", le)
		return nil
	}
	for _, w := range res.Warnings {
		// A style sheet that did not load: the run went on without it.
		t.Logf("warning: %s: %s", s.File, w)
	}
	if !res.OK() {
		var b strings.Builder
		res.WriteText(&b, scenario.Format{Quiet: true})
		t.Errorf("scenario %s failed:\n%s", s.File, b.String())
	}
	return res
}

// AssertHTML fails t unless el's HTML equals want by structure: attribute
// order, white space between elements and runs of white space in text do
// not count (see scenario.DiffHTML). The failure shows the lines that
// differ.
func AssertHTML(t testing.TB, el *vdom.Node, want string) {
	t.Helper()
	diff, err := scenario.DiffHTML(el, want)
	switch {
	case err != nil:
		t.Errorf("AssertHTML: %v", err)
	case diff != "":
		t.Errorf("%s mismatch, %s", el.OuterHTML(), diff)
	}
}
