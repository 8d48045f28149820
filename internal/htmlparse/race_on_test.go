//go:build race

package htmlparse

// raceEnabled: the parser runs on one goroutine, so the race detector has
// nothing to find in the deep and pathological inputs and only makes them
// ten times slower; under it they run at a tenth of the size (the step
// ratios are checked all the same).
const raceEnabled = true
