// Package cli is the entry point of the eventperk command, kept out of
// package scenario's public API. The command is written inside package
// scenario, since it builds scenarios from flags with the same decoder and
// checks as scenario files; package scenario sets Main when it is
// initialized, and cmd/eventperk, which imports scenario, calls it.
package cli

import (
	"context"
	"io"
)

// Main runs one command line (without the program name): a file named "-"
// reads stdin. It returns the exit code: 0 all good, 1 a failure, 2 bad
// input. It is nil unless package scenario is linked in.
var Main func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
