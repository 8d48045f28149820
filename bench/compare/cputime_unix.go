//go:build unix

package compare

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used so far, user and system,
// on every thread: on a machine shared with other work, the time the
// workload itself used, which the wall time does not tell.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
