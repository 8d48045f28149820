package compare

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/benchop"
	"github.com/eventperk/eventperk-go/vdom"
)

// --- W11 computed styles with Bootstrap's whole sheet ---

// StyleSheetPath is W11's sheet, from the module's root: Bootstrap
// 5.3.9's whole minified sheet, as vdom's style tests and benchmarks use it.
const StyleSheetPath = "vdom/testdata/style/sheets/bootstrap.min.css"

// W11's facts. StyleHideClass is Bootstrap's utility that hides an element
// (.d-none{display:none!important}). StyleProbe finds the first element
// whose only class is card, and StyleProbeDisplay is what Bootstrap's .card
// gives it, whatever its tag: an author's rule wins over the user agent's,
// and the page's own <style> sets no display for .card, nor any other
// rule for an element of that one class.
const (
	StyleHideClass    = "d-none"
	StyleProbe        = `[class="card"]`
	StyleProbeDisplay = "flex"
	// StyleRunsJS is the most runs of the two slow JavaScript phases, the
	// first computation and the one after the change: on the 10k page one
	// run takes jsdom about 10 s and happy-dom about a minute.
	StyleRunsJS = 3
	// styleContainerShare: the hidden container holds at most this
	// fraction of the page's elements.
	styleContainerShare = 10
)

// StyleTest is what W11 uses, written into plan.json: the work page with
// the sheet's exact bytes in a <style> element of its head, the element
// whose display proves the sheet applies, and the container the change
// hides.
type StyleTest struct {
	// Page is the file of the styled page, next to the other pages.
	Page string `json:"page"`
	// Sheet is the sheet's path in the module, SheetBytes its size.
	Sheet      string `json:"sheet"`
	SheetBytes int    `json:"sheetBytes"`
	// Probe is the selector of the element that proves the sheet applies
	// (its first match): every side must compute ProbeDisplay for it, or
	// the row fails.
	Probe        string `json:"probe"`
	ProbeDisplay string `json:"probeDisplay"`
	// Container is the id of the element the change hides by adding
	// HideClass; ContainerElements counts it and its descendants.
	Container         string `json:"container"`
	ContainerElements int    `json:"containerElements"`
	HideClass         string `json:"hideClass"`
	// RunsJS is the number of runs of the slow JavaScript phases, each
	// after one warm-up operation.
	RunsJS int `json:"runsJS"`
	// Error says why W11 cannot run (the sheet was not found); both sides
	// report it.
	Error string `json:"error,omitempty"`

	page []byte // the styled page
}

// Row keys of W11.
const (
	keyStyleFirst  = "W11 styles, first after load"
	keyStyleCached = "W11 styles, cached"
	keyStyleChange = "W11 styles, after a class hides a container"
)

// newStyleTest chooses W11's elements on doc, the parsed work page, and
// builds the styled page from page and the sheet found from the working
// directory. A missing sheet is recorded in Error, not returned: the
// other workloads do not need it.
func newStyleTest(doc *vdom.Document, page []byte, label string, runs int) (StyleTest, error) {
	st := StyleTest{
		Page:         "page-" + label + "-bootstrap.html",
		Sheet:        StyleSheetPath,
		Probe:        StyleProbe,
		ProbeDisplay: StyleProbeDisplay,
		HideClass:    StyleHideClass,
		RunsJS:       min(max(runs, 1), StyleRunsJS),
	}
	if probe, err := doc.QuerySelector(st.Probe); err != nil || probe == nil {
		return st, fmt.Errorf("W11: page %s has no element %s (%v)", label, st.Probe, err)
	}
	st.Container, st.ContainerElements = styleContainer(doc)
	if st.Container == "" {
		return st, fmt.Errorf("W11: page %s has no element with an id and descendants", label)
	}
	sheet, err := readStyleSheet()
	if err == nil {
		st.page, err = StyledPage(page, sheet)
	}
	if err != nil {
		st.Error = err.Error()
		return st, nil
	}
	st.SheetBytes = len(sheet)
	return st, nil
}

// styleContainer returns the element with an id and the most elements in
// its subtree, of those that hold at most 1/styleContainerShare of the
// page's elements (a panel of the page, not the page), and that count;
// the first in tree order of equal ones.
func styleContainer(doc *vdom.Document) (id string, size int) {
	// Subtree sizes by one walk: a node's size is added to its parent's
	// when the walk leaves it, found by a stack of open elements.
	total := 0
	for n := range doc.Descendants() {
		if n.IsElement() {
			total++
		}
	}
	limit := total / styleContainerShare
	type open struct {
		el   *vdom.Node
		size int
	}
	var stack []open
	closeUntil := func(parent *vdom.Node) {
		for len(stack) > 0 && stack[len(stack)-1].el != parent {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				stack[len(stack)-1].size += top.size
			}
			if top.el.ID() != "" && top.size > 1 && top.size <= limit && top.size > size {
				id, size = top.el.ID(), top.size
			}
		}
	}
	for n := range doc.Descendants() {
		if !n.IsElement() {
			continue
		}
		closeUntil(n.ParentNode())
		stack = append(stack, open{el: n, size: 1})
	}
	closeUntil(nil)
	return id, size
}

// readStyleSheet reads StyleSheetPath from the root of the module that
// holds the working directory.
func readStyleSheet() ([]byte, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	root, err := moduleRoot(wd)
	if err != nil {
		return nil, fmt.Errorf("W11's sheet: %w", err)
	}
	return os.ReadFile(filepath.Join(root, filepath.FromSlash(StyleSheetPath)))
}

// StyledPage returns page with sheet in a <style> element right after its
// <title>, before the page's own <style>: the framework first, then the
// page's rules, as a page links them. The sheet's bytes are kept as they
// are, so it must not hold "</style".
func StyledPage(page, sheet []byte) ([]byte, error) {
	if bytes.Contains(bytes.ToLower(sheet), []byte("</style")) {
		return nil, errors.New("W11: the sheet holds </style, which would end the <style> element")
	}
	i := bytes.Index(page, []byte("</title>"))
	if i < 0 {
		return nil, errors.New("W11: the page has no </title>")
	}
	i += len("</title>")
	out := make([]byte, 0, len(page)+len(sheet)+len("<style></style>"))
	out = append(out, page[:i]...)
	out = append(out, "<style>"...)
	out = append(out, sheet...)
	out = append(out, "</style>"...)
	return append(out, page[i:]...), nil
}

// styledDoc is a parsed styled page and its elements in tree order.
type styledDoc struct {
	doc              *vdom.Document
	els              []*vdom.Node
	probe, container *vdom.Node
}

func openStyled(st StyleTest) (*styledDoc, error) {
	if st.Error != "" {
		return nil, errors.New(st.Error)
	}
	doc, err := parseBytes(st.page)
	if err != nil {
		return nil, err
	}
	probe, err := doc.QuerySelector(st.Probe)
	if err != nil {
		return nil, err
	}
	s := &styledDoc{doc: doc, probe: probe, container: doc.GetElementByID(st.Container)}
	if s.probe == nil || s.container == nil {
		return nil, fmt.Errorf("W11: no element %s or #%s", st.Probe, st.Container)
	}
	for n := range doc.Descendants() {
		if n.IsElement() {
			s.els = append(s.els, n)
		}
	}
	return s, nil
}

// pass is W11's operation: every element's display and visibility, read
// through getComputedStyle; it counts the elements hidden by either.
func (s *styledDoc) pass() int {
	hidden := 0
	for _, el := range s.els {
		cs := s.doc.GetComputedStyle(el)
		if cs.PropertyValue("display") == "none" || cs.PropertyValue("visibility") != "visible" {
			hidden++
		}
	}
	return hidden
}

// check reads every element's display and visibility, as workloads.mjs
// does: the check counts the elements, those whose display is none and
// those not visible, and hashes every element's "display/visibility" in
// tree order; the detail lists them, with the element's name, so that a
// disagreement names the first elements that differ. It fails unless the probe is
// a flex box (the sheet applies) and the container's display is none
// exactly when hidden says so.
func (s *styledDoc) check(st StyleTest, hidden bool) (string, []string, error) {
	if got := s.doc.GetComputedStyle(s.probe).PropertyValue("display"); got != st.ProbeDisplay {
		return "", nil, fmt.Errorf("W11: the first %s, a %s, has display %q, want %q: the sheet does not apply", st.Probe, s.probe.LocalName(), got, st.ProbeDisplay)
	}
	got := s.doc.GetComputedStyle(s.container).PropertyValue("display")
	if hidden != (got == "none") {
		return "", nil, fmt.Errorf("W11: #%s has display %q with class %q", st.Container, got, s.container.ClassName())
	}
	var b strings.Builder
	detail := make([]string, 0, len(s.els))
	none, invisible := 0, 0
	for _, el := range s.els {
		cs := s.doc.GetComputedStyle(el)
		d, v := cs.PropertyValue("display"), cs.PropertyValue("visibility")
		if d == "none" {
			none++
		}
		if v != "visible" {
			invisible++
		}
		pair := d + "/" + v
		detail = append(detail, el.LocalName()+" "+pair)
		b.WriteString(pair)
		b.WriteByte(';')
	}
	return fmt.Sprintf("elements=%d none=%d invisible=%d values=%s", len(s.els), none, invisible, hash8(b.String())), detail, nil
}

// hide adds or removes the hiding class of the container.
func (s *styledDoc) hide(on bool, st StyleTest) error {
	if on {
		return s.container.ClassList().Add(st.HideClass)
	}
	return s.container.ClassList().Remove(st.HideClass)
}

//go:noinline // see benchFunc
func benchStyleCached(s *styledDoc) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		benchop.LoopCPU(b, func() { s.pass() })
	}
}

// runStyleRows measures W11's three rows, each given to add before it
// runs: the first computation on a freshly parsed page (parsing not
// timed), the same again with the styles kept, and after the change that
// hides the container (the class removed and every style read again
// between runs, not timed).
func runStyleRows(p *Plan, add func(*Row) *Row) {
	st := p.Style
	target := func() *Target { return &Target{Faster: map[string]float64{"jsdom": 50, "happy-dom": 10}} }
	fill := func(r *Row, s *styledDoc, hidden bool) {
		if !r.Go.OK() {
			return
		}
		c, d, err := s.check(st, hidden)
		if err != nil {
			r.Go.Error = err.Error()
			return
		}
		r.Go.Check, r.Go.Detail = c, d
	}
	if p.Wants(keyStyleFirst) {
		r := add(&Row{Key: keyStyleFirst, Unit: "ns/op", Target: target()})
		r.Go = goFresh(p.Runs, func() (any, error) { return openStyled(st) },
			func(s any) error { s.(*styledDoc).pass(); return nil })
		if s, err := openStyled(st); err != nil {
			r.Go.Error = err.Error()
		} else {
			fill(r, s, false)
		}
	}
	if !p.Wants(keyStyleCached) && !p.Wants(keyStyleChange) {
		return
	}
	s, err := openStyled(st)
	if err == nil {
		s.pass()
	}
	if p.Wants(keyStyleCached) {
		r := add(&Row{Key: keyStyleCached, Unit: "ns/op", Target: target()})
		if err != nil {
			r.Go = &Measure{Error: err.Error()}
		} else {
			r.Go = goBench1(p.Runs, benchStyleCached(s))
			fill(r, s, false)
		}
	}
	if p.Wants(keyStyleChange) {
		r := add(&Row{Key: keyStyleChange, Unit: "ns/op", Target: target()})
		if err != nil {
			r.Go = &Measure{Error: err.Error()}
			return
		}
		r.Go = goFresh(p.Runs, func() (any, error) {
			if err := s.hide(false, st); err != nil {
				return nil, err
			}
			s.pass()
			return s, nil
		}, func(any) error {
			if err := s.hide(true, st); err != nil {
				return err
			}
			s.pass()
			return nil
		})
		fill(r, s, true)
	}
}
