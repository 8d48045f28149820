package benchop_test

import (
	"runtime"
	"testing"

	"github.com/eventperk/eventperk-go/internal/benchop"
)

// TestLoopCPUReportsCPUTimeAndAllocations runs LoopCPU in a real benchmark
// of ten turns, each allocating one array and working for a while: the
// benchmark reports the operation's allocation and, where the process's
// CPU time is measured, a CPU time per operation above 0 (its size
// depends on the machine, so only that it is there is checked).
func TestLoopCPUReportsCPUTimeAndAllocations(t *testing.T) {
	setBenchtime(t, "10x")
	var sink *[64]byte
	turns, sum := 0, 0
	r := testing.Benchmark(func(b *testing.B) {
		benchop.LoopCPU(b, func() {
			sink = new([64]byte)
			for i := range 2_000_000 {
				sum += i % 7
			}
			turns++
		})
	})
	if r.N == 0 || turns == 0 {
		t.Fatalf("the benchmark did not run (N %d, %d turns)", r.N, turns)
	}
	if got := r.AllocsPerOp(); got != 1 {
		t.Errorf("allocs/op = %d, want 1 (the array of the operation)", got)
	}
	cpu, ok := r.Extra[benchop.CPUMetric]
	switch runtime.GOOS {
	case "windows", "plan9", "js", "wasip1":
		if ok {
			t.Errorf("%s = %v where the CPU time is not measured", benchop.CPUMetric, cpu)
		}
	default:
		if !ok || cpu <= 0 {
			t.Errorf("%s = %v (reported %v), want above 0", benchop.CPUMetric, cpu, ok)
		}
	}
	_, _ = sink, sum
}
