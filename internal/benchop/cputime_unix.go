//go:build unix

package benchop

import (
	"syscall"
	"time"
)

// CPU is the CPU time the process has used so far, user and system, on
// every thread: on a machine shared with other work, the time the
// benchmark itself used, which the wall time does not tell (it includes
// the time spent waiting for a core).
func CPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
