//go:build !race

package browse_test

const raceEnabled = false
