//go:build race

package vdom_test

// raceEnabled: the race detector slows the stress tests about tenfold, so
// they run smaller under it.
const raceEnabled = true
