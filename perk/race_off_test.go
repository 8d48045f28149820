//go:build !race

package perk_test

const raceEnabled = false
