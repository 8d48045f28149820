//go:build race

package browse_test

// raceEnabled: timings under the race detector say nothing about the code.
const raceEnabled = true
