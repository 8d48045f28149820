package compare

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/internal/benchop"
)

// The sheet goes into the page byte for byte, after the title and before
// the page's own <style>, so that the page's rules come later in the
// cascade, as a page's own sheet linked after a framework's.
func TestStyledPage(t *testing.T) {
	page := []byte(`<!DOCTYPE html><html><head><title>T</title><style>.x{}</style></head><body></body></html>`)
	sheet := []byte(".a{display:none}\n/* é */ .b::after{content:\"</p>\"}")
	got, err := StyledPage(page, sheet)
	if err != nil {
		t.Fatal(err)
	}
	want := `<!DOCTYPE html><html><head><title>T</title><style>` + string(sheet) + `</style><style>.x{}</style></head><body></body></html>`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("StyledPage mismatch (-want +got):\n%s", diff)
	}
	for _, tc := range []struct{ page, sheet, err string }{
		{string(page), ".a{} </STYLE >", "holds </style"},
		{`<p>no title</p>`, ".a{}", "no </title>"},
	} {
		if _, err := StyledPage([]byte(tc.page), []byte(tc.sheet)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("StyledPage(%q, %q): error %v, want one saying %q", tc.page, tc.sheet, err, tc.err)
		}
	}
}

// The plan's W11: the exact bytes of Bootstrap's sheet in the written page,
// a probe that the page has, the largest panel with an id within a tenth
// of the page, and no more slow JavaScript runs than StyleRunsJS.
func TestStylePlan(t *testing.T) {
	p, err := NewPlan([]int{1_000}, 5, 5)
	if err != nil {
		t.Fatal(err)
	}
	st := p.Style
	if st.Error != "" {
		t.Fatal(st.Error)
	}
	sheet, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(StyleSheetPath)))
	if err != nil {
		t.Fatal(err)
	}
	want := StyleTest{Page: "page-1k-bootstrap.html", Sheet: StyleSheetPath, SheetBytes: len(sheet),
		Probe: StyleProbe, ProbeDisplay: "flex", HideClass: "d-none", RunsJS: 3,
		Container: st.Container, ContainerElements: st.ContainerElements}
	if diff := cmp.Diff(want, st, cmp.AllowUnexported(StyleTest{}), cmp.FilterPath(func(p cmp.Path) bool {
		return p.Last().String() == ".page"
	}, cmp.Ignore())); diff != "" {
		t.Errorf("plan.Style mismatch (-want +got):\n%s", diff)
	}
	dir := t.TempDir()
	if err := p.WriteFiles(dir); err != nil {
		t.Fatal(err)
	}
	written, err := os.ReadFile(filepath.Join(dir, st.Page))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(written, append(append([]byte("<style>"), sheet...), "</style>"...)) {
		t.Error("the styled page does not hold the sheet's bytes in a <style> element")
	}
	if got := bytes.Replace(written, append(append([]byte("<style>"), sheet...), "</style>"...), nil, 1); !bytes.Equal(got, p.Page("1k")) {
		t.Error("the styled page without the sheet is not the 1k page")
	}

	// The container: every element with an id and its subtree's size; the
	// chosen one is the largest of those within a tenth of the page.
	doc, err := parseBytes(p.Page("1k"))
	if err != nil {
		t.Fatal(err)
	}
	els, err := doc.QuerySelectorAll("*")
	if err != nil {
		t.Fatal(err)
	}
	limit, best, bestID := len(els)/10, 0, ""
	for _, el := range els {
		if el.ID() == "" {
			continue
		}
		inside, err := el.QuerySelectorAll("*")
		if err != nil {
			t.Fatal(err)
		}
		if n := len(inside) + 1; n <= limit && n > best {
			best, bestID = n, el.ID()
		}
	}
	if st.Container != bestID || st.ContainerElements != best {
		t.Errorf("container #%s of %d elements, want #%s of %d (at most %d)", st.Container, st.ContainerElements, bestID, best, limit)
	}

	if q, err := NewPlan([]int{1_000}, 2, 5); err != nil || q.Style.RunsJS != 2 {
		t.Errorf("with 2 runs: %d slow JavaScript runs (%v), want 2", q.Style.RunsJS, err)
	}
}

// A page without the sheet fails the check: the probe is not a flex box.
// A container that is not hidden when it should be fails it too.
func TestStyleCheckFailsWithoutTheSheet(t *testing.T) {
	p, err := NewPlan([]int{1_000}, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	bare := p.Style
	bare.page = p.Page("1k")
	s, err := openStyled(bare)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.check(bare, false); err == nil || !strings.Contains(err.Error(), "the sheet does not apply") {
		t.Errorf("check without the sheet: error %v, want the sheet does not apply", err)
	}

	s, err = openStyled(p.Style)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.check(p.Style, true); err == nil || !strings.Contains(err.Error(), "#"+p.Style.Container) {
		t.Errorf("check of a visible container as hidden: error %v", err)
	}

	missing := p.Style
	missing.Error = "W11's sheet: not found"
	rows := runStyleRowsOnly(t, &Plan{Runs: 1, Style: missing})
	for _, r := range rows {
		if r.Go == nil || r.Go.Error != missing.Error {
			t.Errorf("%s without the sheet: %+v, want the error %q", r.Key, r.Go, missing.Error)
		}
	}
}

func runStyleRowsOnly(t *testing.T, p *Plan) []*Row {
	t.Helper()
	var rows []*Row
	runStyleRows(p, func(r *Row) *Row { rows = append(rows, r); return r })
	if len(rows) != 3 {
		t.Fatalf("%d W11 rows, want 3", len(rows))
	}
	return rows
}

// The Go side's three rows on the 1k page: the same values first and
// cached; after the change exactly one more element's display is none
// (display is not inherited: the container's descendants keep theirs);
// every element in the detail; the targets of the product.
func TestStyleRows(t *testing.T) {
	p, rows := goSide(t)
	first, cached, change := mustRow(t, rows, keyStyleFirst), mustRow(t, rows, keyStyleCached), mustRow(t, rows, keyStyleChange)
	elements := p.Elements["1k"] + 1 // and the <style> of the sheet
	var none, invisible int
	var hash string
	if _, err := fmt.Sscanf(first.Go.Check, "elements=1001 none=%d invisible=%d values=%s", &none, &invisible, &hash); err != nil {
		t.Fatalf("first: check %q: %v", first.Go.Check, err)
	}
	if none == 0 || invisible != 0 || len(first.Go.Detail) != elements {
		t.Errorf("first: check %q with %d details, want some display none, every element visible, %d details", first.Go.Check, len(first.Go.Detail), elements)
	}
	if cached.Go.Check != first.Go.Check {
		t.Errorf("cached check %q, want the first's %q", cached.Go.Check, first.Go.Check)
	}
	wantChange := fmt.Sprintf("elements=%d none=%d invisible=0 values=", elements, none+1)
	if !strings.HasPrefix(change.Go.Check, wantChange) || change.Go.Check[len(wantChange):] == hash {
		t.Errorf("after the change: check %q, want %q and other values", change.Go.Check, wantChange)
	}
	diffs := 0
	for i := range first.Go.Detail {
		if first.Go.Detail[i] != change.Go.Detail[i] {
			diffs++
			if !strings.HasSuffix(change.Go.Detail[i], " none/visible") {
				t.Errorf("element %d after the change: %q", i, change.Go.Detail[i])
			}
		}
	}
	if diffs != 1 {
		t.Errorf("%d elements changed, want the container alone", diffs)
	}
	for _, r := range []*Row{first, cached, change} {
		if want := (&Target{Faster: map[string]float64{"jsdom": 50, "happy-dom": 10}}); !cmp.Equal(r.Target, want) {
			t.Errorf("%s: target %v, want %v", r.Key, r.Target, want)
		}
	}
}

// The Go side measures its CPU time where it can, and the table lists it
// beside the JavaScript sides' with the ratios.
func TestCPUTable(t *testing.T) {
	if benchop.CPU() == 0 {
		t.Skip("no CPU time on this system")
	}
	_, rows := goSide(t)
	for _, key := range []string{keyStyleFirst, keyStyleCached, keyStyleChange} {
		if m := mustRow(t, rows, key).Go; m.CPU <= 0 {
			t.Errorf("%s: no CPU time: %+v", key, m)
		}
	}
	rep := &Report{Machine: Machine{GoVersion: "go", CPUs: 1, Runs: 1, BenchTime: "1x"}, JSSkipped: "-skip-js", Rows: []*Row{
		{Key: "a", Unit: "ns/op", Go: &Measure{Value: 2e6, CPU: 1e6},
			JS: map[string]*Measure{"jsdom": {Value: 9e8, CPU: 5e8}, "happy-dom": {Error: "failed"}}},
		{Key: "no cpu", Unit: "ns/op", Go: &Measure{Value: 1}},
	}}
	var b strings.Builder
	rep.WriteTable(&b)
	out := b.String()
	if want := "| a | 1.00 ms | 500 ms | – | – | 500× | – | – |"; !strings.Contains(out, want) {
		t.Errorf("the table lacks %q:\n%s", want, out)
	}
	_, cpuTable, _ := strings.Cut(out, "CPU time per operation")
	cpuTable, _, _ = strings.Cut(cpuTable, "\n\n\n")
	if strings.Contains(cpuTable, "no cpu") {
		t.Errorf("a row without CPU time is in the CPU table:\n%s", out)
	}
}

// The values W11 reads are Chromium's: on the 1k page with Bootstrap,
// every element's display and visibility as Chromium 148 computed them
// (testdata/README.md says how they were recorded).
func TestStyleAsChromium(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "w11-chromium-1k.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	p, rows := goSide(t)
	if p.WorkPage != "1k" {
		t.Fatalf("the recording is of the 1k page, the work page is %s", p.WorkPage)
	}
	if diff := cmp.Diff(want, mustRow(t, rows, keyStyleFirst).Go.Detail); diff != "" {
		t.Errorf("display/visibility mismatch (-Chromium +vdom):\n%s", diff)
	}
}
