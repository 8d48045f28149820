package compare

import (
	"flag"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/internal/benchop"
)

// Measure is one side's result for one workload.
type Measure struct {
	// Value is the median: ns per operation, or bytes per element for W6.
	Value float64 `json:"value"`
	// Allocs and Bytes are the Go allocations per operation (median).
	Allocs float64 `json:"allocs,omitempty"`
	Bytes  float64 `json:"bytes,omitempty"`
	// Samples are the values of the single runs.
	Samples []float64 `json:"samples,omitempty"`
	// CPU is the median CPU time per operation in ns (the process's user
	// and system time, every thread, the garbage collector's included),
	// where it is measured: the rows timed with goFresh, the benchmarks
	// that report "cpu-ns/op", and every JavaScript row. On a shared
	// machine it moves less with the load than the wall time does.
	CPU float64 `json:"cpu,omitempty"`
	// Heap is, for W10, the live heap in bytes after a full collection at
	// the end of each segment of cycles.
	Heap []float64 `json:"heap,omitempty"`
	// Check summarises what the workload found or called, to compare sides.
	Check string `json:"check,omitempty"`
	// Detail is the long form of Check (every call, counts per root), used
	// to say where two sides differ.
	Detail []string `json:"detail,omitempty"`
	// Error is set when the workload could not run on this side.
	Error string `json:"error,omitempty"`
}

// OK reports whether m holds a value.
func (m *Measure) OK() bool { return m != nil && m.Error == "" && m.Value > 0 }

// SetBenchTime sets the time testing.Benchmark spends on each run, in the
// syntax of go test -benchtime ("500ms", "100x"). testing.Benchmark reads it
// from the testing package's flag, which testing.Init registers; SetBenchTime
// registers it when needed.
func SetBenchTime(d string) error {
	if flag.Lookup("test.benchtime") == nil {
		testing.Init()
	}
	return flag.Set("test.benchtime", d)
}

// benchFailed carries the message of a benchmark that stopped itself.
type benchFailed struct{ msg string }

// benchFunc is a Go workload for testing.Benchmark. It reports a failure
// by calling fail, which records the message and stops the benchmark.
//
// The functions that make them (benchParse, benchAddRemove, ...) are marked
// go:noinline. Inlined into RunGo, a function of some hundred lines, their
// closures were compiled as part of it, and the compiler inlines far less
// into a very large function: W5's closure called AddEventListener and
// RemoveEventListener instead of inlining them, 2,000 calls per operation
// that the same loop in a test file does not make. Kept apart, each closure
// is compiled as a benchmark function in a test file is.
type benchFunc func(b *testing.B, fail func(format string, args ...any))

// goBench runs each fn with testing.Benchmark runs times and returns the
// medians, one Measure per fn. The functions take turns, run after run, so
// that a workload and its bound see the same machine: a background load
// that comes and goes affects both alike.
func goBench(runs int, fns ...benchFunc) []*Measure {
	type samples struct{ ns, allocs, bytes, cpu []float64 }
	all := make([]samples, len(fns))
	out := make([]*Measure, len(fns))
	for range max(runs, 1) {
		for i, fn := range fns {
			if out[i] != nil {
				continue // failed
			}
			var failed *benchFailed
			r := testing.Benchmark(func(b *testing.B) {
				fn(b, func(format string, args ...any) {
					failed = &benchFailed{fmt.Sprintf(format, args...)}
					b.FailNow()
				})
			})
			switch {
			case failed != nil:
				out[i] = &Measure{Error: failed.msg}
			case r.N == 0:
				out[i] = &Measure{Error: "the benchmark did not run"}
			default:
				all[i].ns = append(all[i].ns, perOp(r, "ns/op", float64(r.T.Nanoseconds())))
				all[i].allocs = append(all[i].allocs, perOp(r, "allocs/op", float64(r.MemAllocs)))
				all[i].bytes = append(all[i].bytes, perOp(r, "B/op", float64(r.MemBytes)))
				if cpu, ok := r.Extra[cpuMetric]; ok {
					all[i].cpu = append(all[i].cpu, cpu)
				}
			}
		}
	}
	for i := range out {
		if out[i] == nil {
			out[i] = &Measure{
				Samples: all[i].ns,
				Value:   median(all[i].ns),
				Allocs:  median(all[i].allocs),
				Bytes:   median(all[i].bytes),
				CPU:     median(all[i].cpu),
			}
		}
	}
	return out
}

// perOp returns the figure of unit per operation: the one the workload
// reported itself when it did (a workload timed with package benchop
// reports its operation alone), else total divided by the runs.
func perOp(r testing.BenchmarkResult, unit string, total float64) float64 {
	if v, ok := r.Extra[unit]; ok {
		return v
	}
	return total / float64(r.N)
}

// cpuMetric is the unit of a benchmark's CPU time per operation
// (benchop.LoopCPU reports it), which goBench puts in Measure.CPU.
const cpuMetric = benchop.CPUMetric

// goBench1 is goBench of one function.
func goBench1(runs int, fn benchFunc) *Measure { return goBench(runs, fn)[0] }

// goFresh times op alone, on a fresh state from setup each time (setup is
// not timed): two warm-up operations, then runs, each one operation. It is
// for operations whose setup, such as parsing a page, costs far more than
// they do, where testing.Benchmark would spend its time in setup.
func goFresh(runs int, setup func() (any, error), op func(any) error) *Measure {
	var ns, allocs, bytes, cpu []float64
	for i := range max(runs, 1) + 2 {
		st, err := setup()
		if err != nil {
			return &Measure{Error: err.Error()}
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c := benchop.CPU()
		t := time.Now()
		err = op(st)
		d := time.Since(t)
		c = benchop.CPU() - c
		runtime.ReadMemStats(&after)
		if err != nil {
			return &Measure{Error: err.Error()}
		}
		if i >= 2 {
			ns = append(ns, float64(d.Nanoseconds()))
			allocs = append(allocs, float64(after.Mallocs-before.Mallocs))
			bytes = append(bytes, float64(after.TotalAlloc-before.TotalAlloc))
			cpu = append(cpu, float64(c.Nanoseconds()))
		}
	}
	return &Measure{Samples: ns, Value: median(ns), Allocs: median(allocs), Bytes: median(bytes), CPU: median(cpu)}
}

// liveHeap measures, runs times, the heap that build's result holds after a
// full collection, divided by per, and returns the median.
func liveHeap(runs int, per int, build func() (any, error)) *Measure {
	var vals []float64
	for range max(runs, 1) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&before)
		keep, err := build()
		if err != nil {
			return &Measure{Error: err.Error()}
		}
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(keep)
		vals = append(vals, (float64(after.HeapAlloc)-float64(before.HeapAlloc))/float64(per))
	}
	return &Measure{Value: median(vals), Samples: vals}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// formatNs writes a duration in ns with three significant digits.
func formatNs(ns float64) string {
	switch {
	case ns < 1e3:
		return fmt.Sprintf("%.3g ns", ns)
	case ns < 1e6:
		return sig3(ns/1e3) + " µs"
	case ns < 1e9:
		return sig3(ns/1e6) + " ms"
	default:
		return sig3(ns/1e9) + " s"
	}
}

func sig3(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}
