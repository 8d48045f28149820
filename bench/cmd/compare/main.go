// Command compare measures eventperk-go next to jsdom, happy-dom and
// linkedom on the same pages and workloads, checks that every side found
// and called the same things, and prints a Markdown table of medians,
// ratios and targets. See docs/performance.md.
//
//	go run ./bench/cmd/compare                 # everything, about ten minutes
//	go run ./bench/cmd/compare -skip-js        # the Go side only
//	go run ./bench/cmd/compare -pages 1k,10k -runs 3
//	go run ./bench/cmd/compare -only W9          # the workloads whose name starts with W9
//	go run ./bench/cmd/compare -only W10 -w10-cycles 100000  # W10 with fewer cycles
//	go run ./bench/cmd/compare -json > run.json  # then -report run.json
//
// The JavaScript side needs Node 20.19 or later; when bench/js/node_modules
// is missing the command installs the pinned packages with npm ci first.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/eventperk/eventperk-go/bench/compare"
)

func main() {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	pages := fs.String("pages", "1k,10k,100k", "page sizes, comma-separated (W1 parses each; W6 uses the largest; the other workloads use 10k, or the largest)")
	runs := fs.Int("runs", 5, "runs per workload and side; the table shows medians")
	benchtime := fs.String("benchtime", "500ms", "Go time per run, as go test -benchtime")
	batch := fs.Float64("batch-ms", 200, "least duration of one JavaScript run, in milliseconds")
	skipJS := fs.Bool("skip-js", false, "run the Go side only")
	only := fs.String("only", "", "run only the workloads whose name starts with one of these comma-separated prefixes, such as W9 or \"W2 div,W3\"")
	churn := fs.Int("w10-cycles", compare.ChurnCycles, "cycles of W10 (insert, read and remove a subtree) on the Go side, reported in ten segments")
	churnJS := fs.Int("w10-js-cycles", compare.ChurnCyclesJS, "cycles of W10 on each JavaScript DOM (at most -w10-cycles), reported in ten segments")
	noInstall := fs.Bool("no-install", false, "do not run npm ci when bench/js/node_modules is missing")
	asJSON := fs.Bool("json", false, "print the full report as JSON instead of the table")
	keep := fs.String("keep-pages", "", "write the pages and plan.json into this directory and keep them")
	from := fs.String("report", "", "print the table of a report saved with -json, without measuring")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./bench/cmd/compare [flags]\n\n")
		fs.PrintDefaults()
	}
	fs.Parse(os.Args[1:])

	if *from != "" {
		data, err := os.ReadFile(*from)
		if err != nil {
			fmt.Fprintln(os.Stderr, "compare:", err)
			os.Exit(1)
		}
		var rep compare.Report
		if err := json.Unmarshal(data, &rep); err != nil {
			fmt.Fprintf(os.Stderr, "compare: %s: %v\n", *from, err)
			os.Exit(1)
		}
		rep.WriteTable(os.Stdout)
		return
	}

	sizes, err := compare.ParseSizes(*pages)
	if err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(2)
	}
	if *keep != "" {
		if err := os.MkdirAll(*keep, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "compare:", err)
			os.Exit(1)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := compare.Run(ctx, compare.Options{
		Sizes:         sizes,
		Runs:          *runs,
		BenchTime:     *benchtime,
		BatchMillis:   *batch,
		SkipJS:        *skipJS,
		Only:          compare.ParseOnly(*only),
		NoInstall:     *noInstall,
		ChurnCycles:   *churn,
		ChurnCyclesJS: *churnJS,
		PageDir:       *keep,
		Log:           os.Stderr,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(os.Stderr, "compare:", err)
			os.Exit(1)
		}
		return
	}
	rep.WriteTable(os.Stdout)
}
