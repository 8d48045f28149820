package compare

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// DefaultSizes are the page sizes of the comparison.
var DefaultSizes = []int{1_000, 10_000, 100_000}

// Selectors are the eight selectors of W2: tag, class, attribute, child,
// descendant, id, attribute value and :scope.
var Selectors = []string{
	"div",
	".card",
	"[data-role]",
	"ul > li",
	"section p",
	"#el-1000",
	"input[type=checkbox]",
	":scope > *",
}

// Workload sizes.
const (
	QueryRoots     = 200   // W2: elements with ids the queries start from
	CustomHandlers = 10    // W4: listeners of the CustomEvent
	ListenerPairs  = 1_000 // W5: listeners added then removed
	TriggerHandles = 10    // W7: handlers of the triggered event
	StartEntries   = 100   // W8: element entries of the started unit
	workPageSize   = 10_000
	preferredID    = "el-1000" // the element the Go benchmarks use for W4 and W7
)

// Plan is what both sides run: the pages and the elements each workload
// uses. It is written as plan.json next to the pages.
type Plan struct {
	// Pages maps a page label ("10k") to its file name.
	Pages map[string]string `json:"pages"`
	// Elements maps a page label to its number of elements.
	Elements map[string]int `json:"elements"`
	// Parse lists the labels of the pages W1 parses, smallest first.
	Parse []string `json:"parse"`
	// WorkPage is the page of W2, W3, W4, W7 and W8: the 10k page when
	// present, else the largest.
	WorkPage string `json:"workPage"`
	// MemoryPage is the page of W6: the largest.
	MemoryPage string `json:"memoryPage"`

	Selectors    []string `json:"selectors"`    // W2
	QueryRoots   []string `json:"queryRoots"`   // W2: ids of the roots
	DeepTarget   string   `json:"deepTarget"`   // W3: id of the deepest element
	DeepCalls    int      `json:"deepCalls"`    // W3: listener calls per dispatch
	CustomTarget string   `json:"customTarget"` // W4: id of the element
	Custom       int      `json:"customListeners"`
	Listeners    int      `json:"listeners"`    // W5
	TriggerRoot  string   `json:"triggerRoot"`  // W7: id of the unit's root
	Handlers     int      `json:"handlers"`     // W7
	StartEntries []string `json:"startEntries"` // W8: ids, one entry each
	Form         FormTest `json:"form"`         // W9
	HTMX         HTMXTest `json:"htmx"`         // W12
	// W11: the work page with Bootstrap's sheet, its probe and container.
	Style StyleTest `json:"style"`
	// W10: the id of the element the subtree goes into, the subtree, the
	// cycles in all and the cycles between two heap figures, on the Go
	// side and on the JavaScript side.
	ChurnTarget   string `json:"churnTarget"`
	ChurnMarkup   string `json:"churnMarkup"`
	ChurnCycles   int    `json:"churnCycles"`
	ChurnEvery    int    `json:"churnEvery"`
	ChurnCyclesJS int    `json:"churnCyclesJS"`
	ChurnEveryJS  int    `json:"churnEveryJS"`

	// Only, when not empty, restricts the comparison to the workloads whose
	// key starts with one of these prefixes ("W9", "W2 div").
	Only []string `json:"only,omitempty"`

	// Runs is the number of measured runs whose median is reported.
	Runs int `json:"runs"`
	// BatchMillis is how long one JavaScript run lasts at least, for
	// workloads faster than that: a run repeats the operation.
	BatchMillis float64 `json:"batchMillis"`
	// WarmupMillis is the least warm-up of a JavaScript workload, after at
	// least two operations: five batches.
	WarmupMillis float64 `json:"warmupMillis"`
}

// Label names a page size: 1000 is "1k", 1500 is "1500".
func Label(n int) string {
	if n%1000 == 0 {
		return strconv.Itoa(n/1000) + "k"
	}
	return strconv.Itoa(n)
}

// ParseSizes reads a comma-separated list of page sizes such as
// "1k,10k,100k" or "1000,10000".
func ParseSizes(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(strings.ToLower(f))
		if f == "" {
			continue
		}
		mult := 1
		if strings.HasSuffix(f, "k") {
			mult, f = 1000, strings.TrimSuffix(f, "k")
		}
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("page size %q: want a positive number such as 10000 or 10k", f)
		}
		n *= mult
		if err := (pagegen.Options{Elements: n}).Validate(); err != nil {
			return nil, fmt.Errorf("page size %d: %w", n, err)
		}
		if n < pagegen.DeepChainMinElements || n < 4*pagegen.DefaultMaxDepth {
			return nil, fmt.Errorf("page size %d: the workloads need the deep chain, present from %d elements", n, pagegen.DeepChainMinElements)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, errors.New("no page size")
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// NewPlan builds the plan for the given page sizes: it parses the work page
// to choose the elements of each workload, exactly as the Go benchmarks of
// vdom and perk do.
func NewPlan(sizes []int, runs int, batchMillis float64) (*Plan, error) {
	if len(sizes) == 0 {
		return nil, errors.New("no page size")
	}
	sizes = slices.Sorted(slices.Values(sizes))
	p := &Plan{
		Pages:        map[string]string{},
		Elements:     map[string]int{},
		Selectors:    Selectors,
		Custom:       CustomHandlers,
		Listeners:    ListenerPairs,
		Handlers:     TriggerHandles,
		Runs:         max(runs, 1),
		BatchMillis:  batchMillis,
		WarmupMillis: 5 * batchMillis,
		Form:         NewFormTest(),
		HTMX:         NewHTMXTest(),
	}
	work := sizes[len(sizes)-1]
	for _, n := range sizes {
		l := Label(n)
		p.Pages[l] = "page-" + l + ".html"
		p.Elements[l] = n
		p.Parse = append(p.Parse, l)
		if n == workPageSize {
			work = n
		}
	}
	p.WorkPage = Label(work)
	p.MemoryPage = Label(sizes[len(sizes)-1])

	doc := vdom.ParseString(string(pagegen.Page(work)))
	withID, err := doc.QuerySelectorAll("[id]")
	if err != nil {
		return nil, err
	}
	if len(withID) == 0 {
		return nil, fmt.Errorf("page %s has no element with an id", p.WorkPage)
	}
	// W2: 200 elements with ids spread over the page (all of them on
	// pages with fewer).
	nroots := min(QueryRoots, len(withID))
	step := len(withID) / nroots
	for i := range nroots {
		p.QueryRoots = append(p.QueryRoots, withID[i*step].ID())
	}
	// W3: the deepest element, and one capture and one bubble listener
	// per element of its path.
	p.DeepTarget = pagegen.DeepestID(pagegen.Options{Elements: work})
	deep := doc.GetElementByID(p.DeepTarget)
	if deep == nil {
		return nil, fmt.Errorf("page %s has no deep chain", p.WorkPage)
	}
	for n := deep; n != nil && n.IsElement(); n = n.ParentNode() {
		p.DeepCalls += 2
	}
	// W4 and W7: el-1000 when the page has it, else the middle id.
	p.CustomTarget = withID[len(withID)/2].ID()
	if doc.GetElementByID(preferredID) != nil {
		p.CustomTarget = preferredID
	}
	p.TriggerRoot = p.CustomTarget
	// W10: the same element, in a copy of the page of its own.
	p.ChurnTarget, p.ChurnMarkup = p.CustomTarget, ChurnMarkup
	p.SetChurnCycles(ChurnCycles, ChurnCyclesJS)
	// W8: 100 ids of the body, spread as in perk's BenchmarkStartUnit.
	inBody, err := doc.Body().QuerySelectorAll("[id]")
	if err != nil {
		return nil, err
	}
	entries := min(StartEntries, len(inBody))
	for i := range entries {
		p.StartEntries = append(p.StartEntries, inBody[i*len(inBody)/entries].ID())
	}
	if p.Style, err = newStyleTest(doc, p.Page(p.WorkPage), p.WorkPage, p.Runs); err != nil {
		return nil, err
	}
	return p, nil
}

// SetChurnCycles sets the cycles of W10 on the Go side and on the
// JavaScript side (at most as many), each reported in ChurnFigures
// segments (fewer when there are fewer cycles).
func (p *Plan) SetChurnCycles(goCycles, jsCycles int) {
	p.ChurnCycles = max(goCycles, 1)
	p.ChurnEvery = max(p.ChurnCycles/ChurnFigures, 1)
	p.ChurnCyclesJS = min(max(jsCycles, 1), p.ChurnCycles)
	p.ChurnEveryJS = max(p.ChurnCyclesJS/ChurnFigures, 1)
}

// Wants reports whether the workload with the given key is to run: every
// workload when Only is empty, else those whose key starts with one of its
// prefixes.
func (p *Plan) Wants(key string) bool {
	if len(p.Only) == 0 {
		return true
	}
	for _, prefix := range p.Only {
		if strings.HasPrefix(key, prefix) {
			return true
		}
	}
	return false
}

// ParseOnly reads the -only flag: comma-separated prefixes of workload
// keys ("W9", "W2 div,W3"); every workload when s is empty.
func ParseOnly(s string) []string {
	var out []string
	for f := range strings.SplitSeq(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Page returns the bytes of the page with the given label.
func (p *Plan) Page(label string) []byte {
	return pagegen.Page(p.Elements[label])
}

// WriteFiles writes the pages and plan.json into dir.
func (p *Plan) WriteFiles(dir string) error {
	for l, name := range p.Pages {
		if err := os.WriteFile(filepath.Join(dir, name), p.Page(l), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, p.Form.Page), FormPage(), 0o644); err != nil {
		return err
	}
	if p.Style.page != nil {
		if err := os.WriteFile(filepath.Join(dir, p.Style.Page), p.Style.page, 0o644); err != nil {
			return err
		}
	}
	if err := p.HTMX.writeFiles(dir); err != nil {
		return err
	}
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "plan.json"), data, 0o644)
}
