package benchop

import "testing"

// CPUMetric is the unit of the CPU time per operation LoopCPU reports.
const CPUMetric = "cpu-ns/op"

// LoopCPU runs op for b.Loop with allocations reported and reports,
// besides the wall time, the process's CPU time per operation
// (CPUMetric). On a machine shared with other work the CPU time moves
// less with the load than the wall time (the garbage collector's work is
// in both). Where CPU measures nothing, no CPU time is reported.
func LoopCPU(b *testing.B, op func()) {
	b.ReportAllocs()
	start, n := CPU(), 0
	for b.Loop() {
		op()
		n++
	}
	if cpu := CPU() - start; n > 0 && cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), CPUMetric)
	}
}
