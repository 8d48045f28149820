package main

import (
	"context"
	"io"
	"os"
	"os/signal"

	"github.com/eventperk/eventperk-go/internal/cli"
	// The command is written in package scenario, which sets cli.Main.
	_ "github.com/eventperk/eventperk-go/scenario"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command, minus the process: tests call it directly.
// An interrupt cancels the run in progress, which then reports what it was
// waiting for, instead of dying silently.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return cli.Main(ctx, args, stdin, stdout, stderr)
}
