package ratioguard

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recorder is a testing.TB that keeps what check reports.
type recorder struct {
	testing.TB
	Errors, Logs []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Errorf(f string, a ...any) { r.Errors = append(r.Errors, fmt.Sprintf(f, a...)) }
func (r *recorder) Logf(f string, a ...any)   { r.Logs = append(r.Logs, fmt.Sprintf(f, a...)) }

// TestCheckRetriesThenFails gives check scripted measurements: a ratio
// within the bound passes at once, one past it is measured again, and
// only Attempts measurements past it fail, naming the ratio and each
// measurement.
func TestCheckRetriesThenFails(t *testing.T) {
	failure := func(seen string) string {
		return "twice against once: the ratio was " + seen + " in 3 measurements, above its bound 1.30: " +
			"the code under test costs more against its baseline than it did when the bound was set " +
			`(see docs/performance.md, "Regression guard")`
	}
	for _, tc := range []struct {
		name     string
		ratios   []float64
		want     recorder
		measured int
	}{
		{"within", []float64{1.1}, recorder{Logs: []string{"twice against once: 1.100 (bound 1.30, 64 calls per batch, measurement 1)"}}, 1},
		{"at the bound", []float64{1.3}, recorder{Logs: []string{"twice against once: 1.300 (bound 1.30, 64 calls per batch, measurement 1)"}}, 1},
		{"past once", []float64{2, 1.2}, recorder{Logs: []string{"twice against once: 1.200 (bound 1.30, 64 calls per batch, measurement 2)"}}, 2},
		{"past twice", []float64{2, 1.9, 1.25}, recorder{Logs: []string{"twice against once: 1.250 (bound 1.30, 64 calls per batch, measurement 3)"}}, 3},
		{"past every time", []float64{2, 2.1, 1.95}, recorder{Errors: []string{failure("[2.000 2.100 1.950]")}}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			measured := 0
			var got recorder
			check(&got, "twice against once", 1.3, func() (float64, int) {
				r := tc.ratios[measured]
				measured++
				return r, 64
			})
			if diff := cmp.Diff(tc.want, got, cmp.FilterPath(func(p cmp.Path) bool { return p.String() == "TB" }, cmp.Ignore())); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			if measured != tc.measured {
				t.Errorf("measured %d times, want %d", measured, tc.measured)
			}
		})
	}
}
