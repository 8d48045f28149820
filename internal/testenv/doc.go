// Package testenv decides which of the module's tests run in a plain
// `go test ./...` and which wait for an opt-in, so that the plain run is
// quick and gives the same result on a busy machine as on an idle one.
//
//   - Timing tests measure wall time, which depends on the machine and on
//     what else runs on it: the regression guards of the hot paths
//     (internal/ratioguard). They run only with EVENTPERK_TIMING=1, never
//     under the race detector (whose timings say nothing about the code),
//     and are named TestGuard..., so that
//     `EVENTPERK_TIMING=1 go test -run '^TestGuard' ./...` runs all of them.
//   - Long tests check the same things as the plain run at sizes that take
//     seconds (a page of a million elements, documents nested 100,000
//     levels deep). They run only with EVENTPERK_LONG=1 (and not with
//     -short); without it the same checks run at a smaller size.
//
// The leak checks of the module's tests (VerifyNone, VerifyTestMain) are
// goleak's, asked again while a goroutine that is ending may still be
// running on a busy machine.
//
// Files:
//   - testenv.go: the two switches and the skips;
//   - leaks.go: the goroutine leak checks;
//   - race_on.go, race_off.go: whether the race detector is on.
package testenv
