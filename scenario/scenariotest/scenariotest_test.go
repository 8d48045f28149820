package scenariotest_test

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/scenario"
	"github.com/eventperk/eventperk-go/scenario/scenariotest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// fakeTB records failures instead of failing the test.
type fakeTB struct {
	testing.TB
	errors []string
	logs   []string
	fatal  bool
}

func (f *fakeTB) Logf(format string, args ...any) {
	f.logs = append(f.logs, fmt.Sprintf(format, args...))
}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.Errorf(format, args...)
	f.fatal = true
}

const page = `<!DOCTYPE html><html><body><main id="app"><input id="title"><button id="save">Save</button><p id="status"></p></main></body></html>`

// onSave is a Go method: it writes what it saved.
func onSave(_ any, e *vdom.Event, ex unit.Ex) error {
	doc := ex.Element.OwnerDocument()
	title, _ := doc.GetElementByID("title").GetAttribute("value")
	doc.GetElementByID("status").SetTextContent("saved " + title)
	return nil
}

// render stands for the server's rendering of the page.
func render(testing.TB) []byte { return []byte(page) }

// TestSave is the example of the package doc and docs/cli.md, word for
// word (TestDocsShowTestSave checks it).
func TestSave(t *testing.T) {
	scenariotest.RunPage(t, "testdata/save.json", scenario.Page{HTML: render(t)}, scenario.Options{
		Methods: map[string]unit.Methods{"app": {"onSave": unit.Sync(onSave)}},
	})
}

// TestDocsShowTestSave checks that the examples in the package doc and in
// docs/cli.md are TestSave above.
func TestDocsShowTestSave(t *testing.T) {
	src, err := os.ReadFile("scenariotest_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(src), "\nfunc TestSave(")
	body, _, _ := strings.Cut(rest, "\n}\n")
	want := "func TestSave(" + body + "\n}"
	pkgDoc, err := os.ReadFile("scenariotest.go")
	if err != nil {
		t.Fatal(err)
	}
	var fromDoc []string
	for _, l := range strings.Split(string(pkgDoc), "\n") {
		if strings.HasPrefix(l, "//\t") {
			fromDoc = append(fromDoc, strings.TrimPrefix(l, "//\t"))
		}
	}
	if got := strings.Join(fromDoc, "\n"); got != want {
		t.Errorf("the package doc's example is not TestSave:\n%s\nwant:\n%s", got, want)
	}
	cli, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(cli), "```go\n"+want+"\n```") {
		t.Errorf("docs/cli.md does not show TestSave:\n%s", want)
	}
}

var goMethods = scenario.Options{Methods: map[string]unit.Methods{"app": {"onSave": unit.Sync(onSave)}}}

func TestRunPage(t *testing.T) {
	t.Run("HTML", func(t *testing.T) {
		res := scenariotest.RunPage(t, "testdata/save.json", scenario.Page{HTML: []byte(page)}, goMethods)
		var saved *scenario.Call
		for _, c := range res.Calls {
			if c.Handler == "onSave" {
				saved = c
			}
		}
		// The Go method's call is traced with its arguments.
		if saved == nil || saved.Args == nil || saved.Args.Sender != "#save" {
			t.Fatalf("the call of onSave: %+v", saved)
		}
	})
	t.Run("Document", func(t *testing.T) {
		doc := vdom.ParseString(page)
		scenariotest.RunPage(t, "testdata/save.json", scenario.Page{Document: doc}, goMethods)
		if got := doc.GetElementByID("status").TextContent(); got != "" {
			t.Errorf("the run changed the document given: status %q", got)
		}
	})
}

// TestRunPageOnAServer runs the scenario on a page a handler serves, and
// stops the test when the page cannot be loaded.
func TestRunPageOnAServer(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, page) })
	t.Run("served", func(t *testing.T) {
		res := scenariotest.RunPage(t, "testdata/save.json", scenario.Page{URL: "/"}, scenario.Options{Methods: goMethods.Methods, Handler: mux})
		if res == nil || len(res.Calls) == 0 {
			t.Fatalf("no calls: %+v", res)
		}
	})
	t.Run("not found", func(t *testing.T) {
		tb := &fakeTB{TB: t}
		if res := scenariotest.RunPage(tb, "testdata/save.json", scenario.Page{URL: "/gone"}, scenario.Options{Handler: mux}); res != nil {
			t.Error("a result for a page that could not be loaded")
		}
		if !tb.fatal || len(tb.errors) != 1 || !strings.Contains(tb.errors[0], "testdata/save.json: cannot load the page: GET http://example.com/gone: status 404 Not Found") {
			t.Errorf("want a fatal failure naming the page and its status, got %q", tb.errors)
		}
	})
}

func TestRunFailsWithTheTrace(t *testing.T) {
	tb := &fakeTB{TB: t}
	// Without the Go method, onSave is not a function.
	scenariotest.RunPage(tb, "testdata/save.json", scenario.Page{HTML: []byte(page)}, scenario.Options{})
	if len(tb.errors) != 1 || tb.fatal {
		t.Fatalf("want one failure, got %q (fatal %v)", tb.errors, tb.fatal)
	}
	for _, want := range []string{"scenario testdata/save.json failed:", "click #save onSave", "FAILED: handler is not a function", "FAIL testdata/save.json"} {
		if !strings.Contains(tb.errors[0], want) {
			t.Errorf("the failure lacks %q:\n%s", want, tb.errors[0])
		}
	}
}

func TestRunStopsOnBadInput(t *testing.T) {
	tb := &fakeTB{TB: t}
	if res := scenariotest.Run(tb, "testdata/save.json", scenario.Options{}); res != nil {
		t.Error("a result for bad input")
	}
	if !tb.fatal || len(tb.errors) != 1 || !strings.Contains(tb.errors[0], `testdata/save.json:1:1: missing key "page"`) {
		t.Errorf("want a fatal failure naming the missing page, got %q", tb.errors)
	}
}

func TestAssertHTML(t *testing.T) {
	doc := vdom.ParseString(`<ul id="l"><li class="a  b" data-x="1" id="i">one   item</li></ul>`)
	li := doc.GetElementByID("i")
	scenariotest.AssertHTML(t, li, `<li id="i" data-x="1" class="a b">one item</li>`)
	tb := &fakeTB{TB: t}
	scenariotest.AssertHTML(tb, li, `<li id="i" data-x="2" class="a b">one item</li>`)
	if len(tb.errors) != 1 || !strings.Contains(tb.errors[0], `- <li class="a b" data-x="2" id="i">`) ||
		!strings.Contains(tb.errors[0], `+ <li class="a b" data-x="1" id="i">`) {
		t.Errorf("want a line diff, got %q", tb.errors)
	}
}

// A style sheet the page links that does not load is logged, and the run
// goes on without it.
func TestRunLogsSheetWarnings(t *testing.T) {
	f := &fakeTB{TB: t}
	html := []byte(`<link rel=stylesheet href="missing.css">` + page)
	res := scenariotest.RunPage(f, "testdata/save.json", scenario.Page{HTML: html}, scenario.Options{
		Methods: map[string]unit.Methods{"app": {"onSave": unit.Sync(onSave)}},
	})
	if res == nil || len(f.errors) > 0 {
		t.Fatalf("the run failed: %v", f.errors)
	}
	want := []string{"warning: testdata/save.json: the inline page: style sheet /missing.css not loaded: missing.css: no such file in the page's directory"}
	if diff := cmp.Diff(want, f.logs); diff != "" {
		t.Errorf("logs mismatch (-want +got):\n%s", diff)
	}
}
