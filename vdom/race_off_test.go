//go:build !race

package vdom_test

const raceEnabled = false
