//go:build race

package perk_test

// raceEnabled: the race detector slows the stress tests about tenfold, so
// they run smaller under it.
const raceEnabled = true
