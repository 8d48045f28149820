package compare

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// Target is what a row must reach.
type Target struct {
	// BoundMax: the Go figure is at most BoundMax times its bound.
	BoundMax float64 `json:"boundMax,omitempty"`
	// GoMax: the Go figure itself is at most GoMax, in the row's unit
	// (nanoseconds for ns/op): an absolute budget, for the rows whose cost
	// matters whatever the peers do.
	GoMax float64 `json:"goMax,omitempty"`
	// Faster maps a DOM to how many times faster (or, for memory, smaller)
	// Go must be at least.
	Faster map[string]float64 `json:"faster,omitempty"`
	// AllocsMax: Go's allocations per operation divided by AllocsPer are at
	// most AllocsMax.
	AllocsMax  float64 `json:"allocsMax,omitempty"`
	AllocsPer  float64 `json:"allocsPer,omitempty"`
	AllocsWhat string  `json:"allocsWhat,omitempty"`
	// HeapFlat: every heap figure of the Go side (Measure.Heap) is within
	// this fraction of the first.
	HeapFlat float64 `json:"heapFlat,omitempty"`
}

// String is the target in the table's words: "≤1.15× bound; ≥10× jsdom".
func (t *Target) String() string {
	if t == nil {
		return ""
	}
	var parts []string
	if t.BoundMax > 0 {
		parts = append(parts, fmt.Sprintf("≤%g× bound", t.BoundMax))
	}
	if t.GoMax > 0 {
		parts = append(parts, "≤"+formatNs(t.GoMax))
	}
	for _, dom := range DOMs {
		if x, ok := t.Faster[dom]; ok {
			parts = append(parts, fmt.Sprintf("≥%g× %s", x, dom))
		}
	}
	if t.AllocsPer > 0 {
		parts = append(parts, fmt.Sprintf("≤%g %s", t.AllocsMax, t.AllocsWhat))
	}
	if t.HeapFlat > 0 {
		parts = append(parts, fmt.Sprintf("heap flat within %g%%", 100*t.HeapFlat))
	}
	return strings.Join(parts, ", ")
}

// Verdict is the outcome of a row's target.
type Verdict struct {
	Met     bool     `json:"met"`               // every part measured and met
	Misses  []string `json:"misses,omitempty"`  // parts missed, with the figures
	Unknown []string `json:"unknown,omitempty"` // parts not measured
	Notes   []string `json:"notes,omitempty"`   // parts met, with the figures
}

// Ratio returns how many times the DOM's figure exceeds Go's, or 0.
func (r *Row) Ratio(dom string) float64 {
	js := r.JS[dom]
	if !r.Go.OK() || !js.OK() {
		return 0
	}
	return js.Value / r.Go.Value
}

// BoundRatio returns Go's figure over its bound's, or 0.
func (r *Row) BoundRatio() float64 {
	if !r.Go.OK() || !r.Bound.OK() {
		return 0
	}
	return r.Go.Value / r.Bound.Value
}

// Verdict evaluates the row's target; nil when the row has none.
func (r *Row) Verdict() *Verdict {
	t := r.Target
	if t == nil {
		return nil
	}
	v := &Verdict{}
	if t.BoundMax > 0 {
		if q := r.BoundRatio(); q == 0 {
			v.Unknown = append(v.Unknown, "bound")
		} else if s := fmt.Sprintf("%.2f× %s", q, r.BoundName); q <= t.BoundMax {
			v.Notes = append(v.Notes, s)
		} else {
			v.Misses = append(v.Misses, fmt.Sprintf("%s (want ≤%g×)", s, t.BoundMax))
		}
	}
	if t.GoMax > 0 {
		if !r.Go.OK() {
			v.Unknown = append(v.Unknown, "Go")
		} else if s := formatNs(r.Go.Value); r.Go.Value <= t.GoMax {
			v.Notes = append(v.Notes, s)
		} else {
			v.Misses = append(v.Misses, fmt.Sprintf("%s (want ≤%s)", s, formatNs(t.GoMax)))
		}
	}
	for _, dom := range DOMs {
		x, ok := t.Faster[dom]
		if !ok {
			continue
		}
		if q := r.Ratio(dom); q == 0 {
			v.Unknown = append(v.Unknown, dom)
		} else if s := fmt.Sprintf("%s %s×", dom, ratioString(q)); q >= x {
			v.Notes = append(v.Notes, s)
		} else {
			v.Misses = append(v.Misses, fmt.Sprintf("%s (want ≥%g×)", s, x))
		}
	}
	if t.AllocsPer > 0 {
		if !r.Go.OK() {
			v.Unknown = append(v.Unknown, t.AllocsWhat)
		} else if a := math.Floor(r.Go.Allocs) / t.AllocsPer; a <= t.AllocsMax {
			// Whole allocations per operation, as go test reports them:
			// the first run's growth of a list is not an allocation per add.
			v.Notes = append(v.Notes, fmt.Sprintf("%.2f %s", a, t.AllocsWhat))
		} else {
			v.Misses = append(v.Misses, fmt.Sprintf("%.2f %s (want ≤%g)", a, t.AllocsWhat, t.AllocsMax))
		}
	}
	if t.HeapFlat > 0 {
		if !r.Go.OK() || len(r.Go.Heap) < 2 {
			v.Unknown = append(v.Unknown, "heap")
		} else if d, s := HeapDrift(r.Go.Heap), ""; d <= t.HeapFlat {
			s = fmt.Sprintf("heap within %.1f%% of the first figure", 100*d)
			v.Notes = append(v.Notes, s)
		} else {
			s = fmt.Sprintf("heap %.1f%% off the first figure (want ≤%g%%)", 100*d, 100*t.HeapFlat)
			v.Misses = append(v.Misses, s)
		}
	}
	v.Met = len(v.Misses) == 0 && len(v.Unknown) == 0
	return v
}

func (v *Verdict) String() string {
	if v == nil {
		return ""
	}
	switch {
	case len(v.Misses) > 0:
		s := "**no**: " + strings.Join(v.Misses, "; ")
		if len(v.Unknown) > 0 {
			s += "; not measured: " + strings.Join(v.Unknown, ", ")
		}
		return s
	case len(v.Unknown) > 0:
		return "not measured: " + strings.Join(v.Unknown, ", ")
	default:
		return "yes"
	}
}

// Disagreement is a workload on which the sides did not find or call the
// same things.
type Disagreement struct {
	Key string `json:"key"`
	// Groups lists the sides by the check they reported, the group that
	// agrees with the expected check first.
	Groups []CheckGroup `json:"groups"`
	// Where says where the first differing side departs from the expected
	// one, from the checks' details.
	Where []string `json:"where,omitempty"`
	// Errors lists sides that failed the workload.
	Errors map[string]string `json:"errors,omitempty"`
}

// CheckGroup is a set of sides that reported the same check.
type CheckGroup struct {
	Check string   `json:"check"`
	Sides []string `json:"sides"`
}

// Disagreements compares every row's checks: each JS DOM must report the
// Go check (or, where JSWant says so, the check BitsmistJS v1 gives by
// design). Rows without a Go check, or without JS results, are skipped.
func Disagreements(rows []*Row) []Disagreement {
	var out []Disagreement
	for _, r := range rows {
		if r.Go == nil || r.Go.Check == "" || len(r.JS) == 0 {
			continue
		}
		want := r.Go.Check
		if r.JSWant != "" {
			want = r.JSWant
		}
		d := Disagreement{Key: r.Key}
		checks := map[string][]string{}
		var order []string
		put := func(check, side string) {
			if _, ok := checks[check]; !ok {
				order = append(order, check)
			}
			checks[check] = append(checks[check], side)
		}
		if r.JSWant == "" {
			put(want, "Go")
		}
		bad := false
		for _, dom := range DOMs {
			m, ok := r.JS[dom]
			if !ok {
				continue
			}
			if m.Error != "" {
				if d.Errors == nil {
					d.Errors = map[string]string{}
				}
				d.Errors[dom] = m.Error
				bad = true
				continue
			}
			put(m.Check, dom)
			if m.Check != want {
				bad = true
				if r.JSWant == "" {
					d.Where = append(d.Where, whereDiffer(r.Go.Detail, m.Detail, dom)...)
				} else if len(m.Detail) > 0 {
					d.Where = append(d.Where, dom+": "+strings.Join(m.Detail[:min(len(m.Detail), 5)], ", "))
				}
			}
		}
		if !bad {
			continue
		}
		slices.SortStableFunc(order, func(a, b string) int {
			switch {
			case a == want:
				return -1
			case b == want:
				return 1
			}
			return 0
		})
		for _, c := range order {
			d.Groups = append(d.Groups, CheckGroup{Check: c, Sides: checks[c]})
		}
		if r.JSWant != "" {
			if len(d.Groups) > 0 && d.Groups[0].Check == want {
				d.Groups[0].Sides = append([]string{"expected"}, d.Groups[0].Sides...)
			} else {
				d.Groups = append([]CheckGroup{{Check: want, Sides: []string{"expected"}}}, d.Groups...)
			}
		}
		out = append(out, d)
	}
	return out
}

// whereDiffer names the first entries in which two details differ.
func whereDiffer(goDetail, jsDetail []string, dom string) []string {
	if len(goDetail) == 0 || len(jsDetail) == 0 {
		return nil
	}
	var out []string
	n := max(len(goDetail), len(jsDetail))
	at := func(d []string, i int) string {
		if i < len(d) {
			return d[i]
		}
		return "(none)"
	}
	for i := 0; i < n && len(out) < 3; i++ {
		if at(goDetail, i) != at(jsDetail, i) {
			out = append(out, fmt.Sprintf("#%d: Go %s, %s %s", i, at(goDetail, i), dom, at(jsDetail, i)))
		}
	}
	return out
}

// Report is the outcome of a comparison.
type Report struct {
	Plan          *Plan          `json:"plan"`
	Machine       Machine        `json:"machine"`
	Rows          []*Row         `json:"rows"`
	JSSkipped     string         `json:"jsSkipped,omitempty"`
	Disagreements []Disagreement `json:"disagreements,omitempty"`
}

// Machine describes where the figures come from.
type Machine struct {
	GoVersion  string            `json:"go"`
	OS         string            `json:"os"`
	CPUs       int               `json:"cpus"`
	CPU        string            `json:"cpu,omitempty"`
	Node       string            `json:"node,omitempty"`
	Packages   map[string]string `json:"packages,omitempty"`
	LoadBefore string            `json:"loadBefore,omitempty"`
	LoadAfter  string            `json:"loadAfter,omitempty"`
	LoadDuring string            `json:"loadDuring,omitempty"` // 1-minute load: lowest / median / highest sample
	BenchTime  string            `json:"benchtime"`
	Runs       int               `json:"runs"`
}

func valueString(m *Measure, unit string) string {
	switch {
	case m == nil:
		return "–"
	case m.Error != "":
		return "error"
	case unit == "B/element":
		return fmt.Sprintf("%.0f B", m.Value)
	default:
		return formatNs(m.Value)
	}
}

func ratioString(q float64) string {
	switch {
	case q >= 100:
		return fmt.Sprintf("%.0f", q)
	case q >= 10:
		return fmt.Sprintf("%.1f", q)
	default:
		return fmt.Sprintf("%.2f", q)
	}
}

func allocString(m *Measure, unit string) string {
	if m == nil || m.Error != "" || unit != "ns/op" {
		return ""
	}
	if m.Allocs >= 10 || m.Allocs == float64(int64(m.Allocs)) {
		return fmt.Sprintf("%.0f", m.Allocs)
	}
	return fmt.Sprintf("%.1f", m.Allocs)
}

// WriteTable writes the Markdown table, the disagreements and the notes.
func (rep *Report) WriteTable(w io.Writer) {
	mc := rep.Machine
	fmt.Fprintf(w, "Go %s, %s, %d CPUs", mc.GoVersion, mc.OS, mc.CPUs)
	if mc.CPU != "" {
		fmt.Fprintf(w, " (%s)", mc.CPU)
	}
	if mc.Node != "" {
		fmt.Fprintf(w, "; Node %s", mc.Node)
		for _, pkg := range slices.Concat(DOMs, TestingLibrary, HTMXPackages()) {
			if v := mc.Packages[pkg]; v != "" {
				fmt.Fprintf(w, ", %s %s", pkg, v)
			}
		}
	}
	fmt.Fprintf(w, ".\nMedians of %d runs (Go: testing.Benchmark, -benchtime %s each).", mc.Runs, mc.BenchTime)
	if mc.LoadBefore != "" {
		fmt.Fprintf(w, " Load average before: %s; after: %s.", mc.LoadBefore, mc.LoadAfter)
	}
	if mc.LoadDuring != "" {
		fmt.Fprintf(w, " 1-minute load during the run (lowest / median / highest, the run itself included): %s.", mc.LoadDuring)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| workload | Go | Go allocs/op | jsdom | happy-dom | linkedom | jsdom/Go | happy-dom/Go | linkedom/Go | target | met? |")
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|")
	disagree := map[string]map[string]bool{}
	for _, d := range rep.Disagreements {
		disagree[d.Key] = map[string]bool{}
		want := ""
		if len(d.Groups) > 0 {
			want = d.Groups[0].Check
		}
		for _, g := range d.Groups {
			if g.Check != want {
				for _, s := range g.Sides {
					disagree[d.Key][s] = true
				}
			}
		}
		for s := range d.Errors {
			disagree[d.Key][s] = true
		}
	}
	for _, r := range rep.Rows {
		cells := []string{r.Key, valueString(r.Go, r.Unit), allocString(r.Go, r.Unit)}
		for _, dom := range DOMs {
			c := valueString(r.JS[dom], r.Unit)
			if disagree[r.Key][dom] {
				c += " ≠"
			}
			cells = append(cells, c)
		}
		for _, dom := range DOMs {
			if q := r.Ratio(dom); q > 0 {
				cells = append(cells, ratioString(q)+"×")
			} else {
				cells = append(cells, "–")
			}
		}
		cells = append(cells, r.Target.String(), r.Verdict().String())
		fmt.Fprintln(w, "| "+strings.Join(cells, " | ")+" |")
		if r.BoundName != "" && r.Bound != nil {
			b := []string{"  ↳ " + r.BoundName + " (bound)", valueString(r.Bound, r.Unit), allocString(r.Bound, r.Unit),
				"", "", "", "", "", "", "", ""}
			if q := r.BoundRatio(); q > 0 {
				b[3] = fmt.Sprintf("Go = %.2f× bound", q)
			}
			fmt.Fprintln(w, "| "+strings.Join(b, " | ")+" |")
		}
	}
	fmt.Fprintln(w)
	if rep.JSSkipped != "" {
		fmt.Fprintf(w, "JavaScript side not run: %s\n\n", rep.JSSkipped)
	}
	for _, r := range rep.Rows {
		if r.JSWhat != "" && len(r.JS) > 0 {
			fmt.Fprintf(w, "%s: the JS columns run the %s on each DOM.\n", r.Key, r.JSWhat)
		}
	}
	rep.writeHeaps(w)
	rep.writeCPU(w)
	fmt.Fprintln(w)
	rep.writeChecks(w)
}

// writeHeaps lists, for the rows that have them (W10), every side's heap
// figures in MB.
func (rep *Report) writeHeaps(w io.Writer) {
	for _, r := range rep.Rows {
		if r.Go == nil || len(r.Go.Heap) == 0 {
			continue
		}
		every, everyJS := 0, 0
		if rep.Plan != nil {
			every, everyJS = rep.Plan.ChurnEvery, rep.Plan.ChurnEveryJS
		}
		fmt.Fprintf(w, "%s: live heap after a full collection every %d cycles (Go) or %d cycles (JS), MB (largest difference from the first figure):\n", r.Key, every, everyJS)
		line := func(side string, m *Measure) {
			if m == nil || len(m.Heap) == 0 {
				return
			}
			figs := make([]string, len(m.Heap))
			for i, h := range m.Heap {
				figs[i] = fmt.Sprintf("%.2f", h/1e6)
			}
			fmt.Fprintf(w, "- %s: %s (%.1f%%)\n", side, strings.Join(figs, ", "), 100*HeapDrift(m.Heap))
		}
		line("Go", r.Go)
		for _, dom := range DOMs {
			line(dom, r.JS[dom])
		}
		fmt.Fprintln(w)
	}
}

// writeCPU tabulates the CPU time per operation of the rows whose Go side
// measured it (Measure.CPU), beside the JavaScript sides' and the ratios:
// on a busy machine the wall times of the two sides, measured minutes
// apart, see different loads, and their CPU times less so.
func (rep *Report) writeCPU(w io.Writer) {
	var rows []*Row
	for _, r := range rep.Rows {
		if r.Go != nil && r.Go.CPU > 0 && r.Unit == "ns/op" {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintln(w, "CPU time per operation (the process's user and system time, every thread):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| workload | Go | jsdom | happy-dom | linkedom | jsdom/Go | happy-dom/Go | linkedom/Go |")
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|--:|--:|")
	for _, r := range rows {
		cells := []string{r.Key, formatNs(r.Go.CPU)}
		var ratios []string
		for _, dom := range DOMs {
			m := r.JS[dom]
			if m == nil || m.Error != "" || m.CPU <= 0 {
				cells = append(cells, "–")
				ratios = append(ratios, "–")
				continue
			}
			cells = append(cells, formatNs(m.CPU))
			ratios = append(ratios, ratioString(m.CPU/r.Go.CPU)+"×")
		}
		fmt.Fprintln(w, "| "+strings.Join(append(cells, ratios...), " | ")+" |")
	}
	fmt.Fprintln(w)
}

func (rep *Report) writeChecks(w io.Writer) {
	if rep.JSSkipped != "" {
		return
	}
	var design, dom []Disagreement
	byKey := map[string]*Row{}
	for _, r := range rep.Rows {
		byKey[r.Key] = r
	}
	for _, d := range rep.Disagreements {
		dom = append(dom, d)
	}
	// Expected differences of BitsmistJS v1 are not disagreements; say so
	// once for the rows where every DOM matched the expected check.
	for _, r := range rep.Rows {
		if r.JSWant == "" || len(r.JS) == 0 {
			continue
		}
		if !slices.ContainsFunc(dom, func(d Disagreement) bool { return d.Key == r.Key }) {
			design = append(design, Disagreement{Key: r.Key, Groups: []CheckGroup{
				{Check: r.JSWant, Sides: []string{"BitsmistJS v1 on every DOM"}},
				{Check: r.Go.Check, Sides: []string{"Go"}},
			}})
		}
	}
	if len(dom) == 0 {
		fmt.Fprintln(w, "Checks: every JS DOM found the same matches and called the same listeners in the same order as Go.")
	} else {
		fmt.Fprintln(w, "Checks that differ (≠ in the table):")
		for _, d := range dom {
			fmt.Fprintf(w, "- %s:", d.Key)
			for _, g := range d.Groups {
				fmt.Fprintf(w, " [%s] %s;", strings.Join(g.Sides, ", "), g.Check)
			}
			for s, e := range d.Errors {
				fmt.Fprintf(w, " [%s] error: %s;", s, e)
			}
			fmt.Fprintln(w)
			for _, x := range d.Where {
				fmt.Fprintf(w, "    %s\n", x)
			}
			if r := byKey[d.Key]; r != nil && r.JSWantWhy != "" {
				fmt.Fprintf(w, "    (expected from BitsmistJS v1 by design: %s)\n", r.JSWantWhy)
			}
		}
	}
	for _, d := range design {
		fmt.Fprintf(w, "- %s, by design: [%s] %s; [Go] %s (%s)\n", d.Key, d.Groups[0].Sides[0], d.Groups[0].Check, d.Groups[1].Check, byKey[d.Key].JSWantWhy)
	}
}
