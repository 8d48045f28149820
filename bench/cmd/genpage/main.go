// Command genpage writes a page of the pagegen package to a file or to
// standard output, so that benchmarks outside Go can load the very bytes
// the Go benchmarks use.
//
// Usage:
//
//	genpage [-n elements] [-depth max] [-seed seed] [-o file]
//
// For example, go run ./bench/cmd/genpage -n 10000 -o page-10k.html
// writes the page pagegen.Page(10000) returns. Without -o the page goes
// to standard output. Invalid flags exit with status 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "genpage:", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// usageError is an error in the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg + "\n" + usage }

const usage = `usage: genpage [-n elements] [-depth max] [-seed seed] [-o file]
  -n int       number of elements in the page (default 10000, at least 8)
  -depth int   deepest nesting of elements, 0 for the default 32 (8 to 512)
  -seed uint   page seed, 0 for the default
  -o file      write the page to file instead of standard output`

// run parses args (without the program name) and writes the page to the
// -o file or to stdout.
func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("genpage", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var opts pagegen.Options
	fs.IntVar(&opts.Elements, "n", 10_000, "")
	fs.IntVar(&opts.MaxDepth, "depth", 0, "")
	fs.Uint64Var(&opts.Seed, "seed", 0, "")
	out := fs.String("o", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			_, err := fmt.Fprintln(stdout, usage)
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{"unexpected arguments: " + strings.Join(fs.Args(), " ")}
	}
	if err := opts.Validate(); err != nil {
		return usageError{"invalid page: " + strings.TrimPrefix(err.Error(), "pagegen: ")}
	}
	page := pagegen.Generate(opts)
	if *out == "" {
		_, err := stdout.Write(page)
		return err
	}
	return os.WriteFile(*out, page, 0o644)
}
