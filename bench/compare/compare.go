package compare

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// Options configure Run.
type Options struct {
	// Sizes are the page sizes; DefaultSizes when empty.
	Sizes []int
	// Runs is the number of runs whose median is reported; 5 when 0.
	Runs int
	// BenchTime is the Go time per run ("500ms", "100x"); "500ms" when
	// empty.
	BenchTime string
	// BatchMillis is the least duration of one JavaScript run; 200 when 0.
	BatchMillis float64
	// SkipJS runs the Go side only.
	SkipJS bool
	// JSDir is bench/js; found from the working directory when empty.
	JSDir string
	// NoInstall stops Run from running npm ci when node_modules is missing.
	NoInstall bool
	// PageDir receives the pages and plan.json; a temporary directory,
	// removed afterwards, when empty.
	PageDir string
	// ChurnCycles and ChurnCyclesJS are the numbers of W10 cycles on the
	// Go side and on the JavaScript side; the constants of the same names
	// when 0.
	ChurnCycles, ChurnCyclesJS int
	// Only restricts the run to the workloads whose key starts with one of
	// these prefixes (see Plan.Only); all of them when empty.
	Only []string
	// Log receives progress; io.Discard when nil.
	Log io.Writer
}

// Run runs the comparison: the Go side, then the JavaScript side, then the
// checks. A JavaScript side that cannot run is reported in
// Report.JSSkipped, not as an error.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Log == nil {
		o.Log = io.Discard
	}
	if len(o.Sizes) == 0 {
		o.Sizes = DefaultSizes
	}
	if o.Runs <= 0 {
		o.Runs = 5
	}
	if o.BenchTime == "" {
		o.BenchTime = "500ms"
	}
	if o.BatchMillis <= 0 {
		o.BatchMillis = 200
	}
	if err := SetBenchTime(o.BenchTime); err != nil {
		return nil, fmt.Errorf("benchtime %q: %w", o.BenchTime, err)
	}
	plan, err := NewPlan(o.Sizes, o.Runs, o.BatchMillis)
	if err != nil {
		return nil, err
	}
	plan.Only = o.Only
	if o.ChurnCycles > 0 || o.ChurnCyclesJS > 0 {
		goCycles, jsCycles := o.ChurnCycles, o.ChurnCyclesJS
		if goCycles <= 0 {
			goCycles = ChurnCycles
		}
		if jsCycles <= 0 {
			jsCycles = ChurnCyclesJS
		}
		plan.SetChurnCycles(goCycles, jsCycles)
	}
	rep := &Report{Plan: plan, Machine: Machine{
		GoVersion:  runtime.Version(),
		OS:         runtime.GOOS + "/" + runtime.GOARCH,
		CPUs:       runtime.NumCPU(),
		CPU:        cpuModel(),
		LoadBefore: loadAverage(),
		BenchTime:  o.BenchTime,
		Runs:       o.Runs,
	}}

	stopSampling := sampleLoad(&rep.Machine)
	defer stopSampling()

	dir := o.PageDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "eventperk-compare-"); err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
	}
	if err := plan.WriteFiles(dir); err != nil {
		return nil, err
	}
	fmt.Fprintf(o.Log, "pages and plan.json in %s\n", dir)

	// Decide about the JavaScript side before spending minutes on Go.
	jsDir := o.JSDir
	if !o.SkipJS {
		if jsDir == "" {
			wd, _ := os.Getwd()
			jsDir, err = FindJSDir(wd)
		}
		if err == nil && !o.NoInstall {
			err = InstallJS(ctx, jsDir, o.Log)
		}
		if err == nil {
			err = JSReady(jsDir)
		}
		if err != nil {
			if !errors.Is(err, ErrJSUnavailable) {
				return nil, err
			}
			rep.JSSkipped = err.Error()
		}
	} else {
		rep.JSSkipped = "-skip-js"
	}

	if rep.Rows, err = RunGo(plan, o.Log); err != nil {
		return nil, err
	}
	if rep.JSSkipped == "" {
		js, err := RunJS(ctx, jsDir, dir, o.Log)
		if err != nil {
			return nil, err
		}
		rep.Machine.Node = js.Node
		rep.Machine.Packages = js.Packages
		Merge(rep.Rows, js)
		rep.Disagreements = Disagreements(rep.Rows)
	}
	stopSampling()
	rep.Machine.LoadAfter = loadAverage()
	return rep, nil
}

// sampleLoad records the 1-minute load average every 10 seconds until the
// returned function is called, which sets m.LoadDuring to the lowest,
// median and highest sample. The comparison's own work counts in it: about
// one CPU's worth.
func sampleLoad(m *Machine) (stop func()) {
	if loadAverage() == "" {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan []float64)
	go func() {
		var samples []float64
		t := time.NewTicker(10 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				finished <- samples
				return
			case <-t.C:
				var one float64
				if _, err := fmt.Sscan(loadAverage(), &one); err == nil {
					samples = append(samples, one)
				}
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			s := <-finished
			if len(s) > 0 {
				m.LoadDuring = fmt.Sprintf("%.2f / %.2f / %.2f", slices.Min(s), median(s), slices.Max(s))
			}
		})
	}
}

// loadAverage returns the 1, 5 and 15 minute load averages, where the
// system tells them.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// cpuModel returns the processor's name, where the system tells it.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
