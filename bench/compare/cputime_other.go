//go:build !unix

package compare

import "time"

// processCPU is not measured here: 0, and the rows report no CPU time.
func processCPU() time.Duration { return 0 }
