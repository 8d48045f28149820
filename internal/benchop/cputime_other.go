//go:build !unix

package benchop

import "time"

// CPU is not measured here: 0, and LoopCPU reports no CPU time.
func CPU() time.Duration { return 0 }
