//go:build !race

package selector_test

const raceEnabled = false
