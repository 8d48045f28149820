package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/eventperk/eventperk-go/internal/suggest"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/internal/cli"
)

// command is the eventperk command line: the subcommands run, fire, check,
// version and help. cmd/eventperk is a thin main around it, through
// internal/cli.
type command struct {
	// Stdin is what a file named "-" reads; nil means "-" is a file name.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Getenv reads the environment (NO_COLOR); nil means os.Getenv.
	Getenv func(string) string
	// IsTerminal reports whether w is a terminal, for colour; nil means
	// "an *os.File that is a character device".
	IsTerminal func(w io.Writer) bool

	stdinUsed atomic.Bool // a file named "-" was read (loading may go on after a timeout)
}

// The command is reached through internal/cli, so that it is no part of
// this package's API.
func init() {
	cli.Main = func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return (&command{Stdin: stdin, Stdout: stdout, Stderr: stderr}).Run(ctx, args)
	}
}

// usageError is a wrong command line: exit code 2, with a pointer to help.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// Run runs one command line and returns its exit code.
func (c *command) Run(ctx context.Context, args []string) int {
	if c.Getenv == nil {
		c.Getenv = os.Getenv
	}
	if c.IsTerminal == nil {
		c.IsTerminal = isTerminal
	}
	if len(args) == 0 {
		fmt.Fprint(c.Stderr, mainUsage)
		return ExitBadInput
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help", "help":
		if name != "help" || len(rest) == 0 || isHelpFlag(rest[0]) {
			fmt.Fprint(c.Stdout, mainUsage)
			return ExitOK
		}
		switch topic := rest[0]; topic {
		case "scenario":
			fmt.Fprint(c.Stdout, scenarioHelp)
			return ExitOK
		case "run", "fire", "check", "version":
			// "help fire" is "fire --help": the text and the flags.
			return c.Run(ctx, []string{topic, "--help"})
		default:
			hint := ""
			if s := suggest.Word(topic, []string{"run", "fire", "check", "version", "scenario"}); s != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", s)
			}
			fmt.Fprintf(c.Stderr, "eventperk help: unknown topic %q%s\n\n%s", topic, hint, mainUsage)
			return ExitBadInput
		}
	case "run":
		return c.run(ctx, rest)
	case "fire":
		return c.fire(ctx, rest)
	case "check":
		return c.check(ctx, rest)
	case "version", "-version", "--version":
		return c.version(rest)
	}
	hint := ""
	if s := suggest.Word(name, []string{"run", "fire", "check", "version", "help"}); s != "" {
		hint = fmt.Sprintf(" (did you mean %q?)", s)
	}
	fmt.Fprintf(c.Stderr, "eventperk: unknown command %q%s\n\n%s", name, hint, mainUsage)
	return ExitBadInput
}

func isHelpFlag(s string) bool {
	switch s {
	case "-h", "-help", "--help":
		return true
	}
	return false
}

// outputFlags are the flags run and fire share.
type outputFlags struct {
	json        bool
	html        htmlFlag
	noDurations bool
	internal    bool
	color       string
	quiet       bool
	timeout     time.Duration
	spy         bool
	maxInput    sizeFlag
	// The pages on a server: where a page path starting with "/" is, and
	// the longest response read.
	baseURL string
	base    *url.URL
	maxPage sizeFlag
	// sameHost (--same-host) keeps every request on the first page's
	// host.
	sameHost bool
	// header (--header) and cookies (--cookie) go with the requests
	// (request_flags.go).
	header  headerFlag
	cookies cookieFlag
	// htmx (--htmx) is how pages that load htmx run it (htmx.go).
	htmx htmxFlag
}

// jsonUsage points to the description of the JSON output where a user
// without a checkout can read it.
const jsonUsage = "write the result as JSON (its fields: " + docsURL + "#json-output)"

// docsURL is the manual of the command.
const docsURL = "https://github.com/eventperk/eventperk-go/blob/main/docs/cli.md"

// register adds the output flags; scenarios says whether the command runs
// scenario files (run), which have a timeout and may be many (--quiet).
func (o *outputFlags) register(fs *flag.FlagSet, scenarios bool) {
	fs.BoolVar(&o.json, "json", false, jsonUsage)
	fs.Var(&o.html, "html", "print the final page after the trace; --html=FILE writes it to FILE")
	fs.BoolVar(&o.noDurations, "no-durations", false, "leave durations out, so the output is the same on every run")
	fs.BoolVar(&o.internal, "internal", false, "show EventPerk's own lifecycle handlers too")
	fs.StringVar(&o.color, "color", "auto", "colour the trace: auto (on a terminal, unless NO_COLOR is set), always, never")
	if scenarios {
		fs.DurationVar(&o.timeout, "timeout", 0, "bound each run, loading included (default: the scenario's \"timeout\", or 10s)")
	} else {
		fs.DurationVar(&o.timeout, "timeout", 0, "bound the run, loading included (default 10s)")
	}
	fs.BoolVar(&o.spy, "spy", false, "turn every handler name without a method into a recorder")
	o.maxInput = DefaultMaxInput
	fs.Var(&o.maxInput, "max-input", "refuse input files larger than this, such as 512KB, 256MB or 1GB")
	if scenarios {
		fs.BoolVar(&o.quiet, "quiet", false, "print only failures and the summary line of each scenario")
		fs.Var(&o.htmx, "htmx", "how a page from a server that loads htmx runs its hx- attributes: auto (the version its script names, else 2), 2, 4, or off")
	}
	registerPageFlags(fs, o)
}

// registerPageFlags adds the flags of pages fetched from a server.
func registerPageFlags(fs *flag.FlagSet, o *outputFlags) {
	fs.StringVar(&o.baseURL, "base-url", "", "fetch a page path starting with / (a scenario's \"page\", fire's PAGE) from this server, such as http://localhost:8080")
	o.maxPage = browse.DefaultMaxBodyBytes
	fs.Var(&o.maxPage, "max-page-bytes", "refuse a page fetched from a server whose body is larger than this, such as 512KB or 16MB")
	fs.BoolVar(&o.sameHost, "same-host", false, "refuse every request to a host other than the first page's (--base-url, or the page URL): a redirect, link or form that leaves it fails")
	fs.Var(&o.header, "header", "send this header with every request to a server, such as \"Authorization: Bearer abc\" (to every host: add --same-host to keep the run on the first page's); repeatable")
	fs.Var(&o.cookies, "cookie", "a cookie of the first page's host, such as session=abc123, sent to that host only, as if it had set it; repeatable")
}

// requestFlags names the flags given that shape requests, for the message
// that refuses them where no request is sent.
func (o *outputFlags) requestFlags() string {
	var given []string
	if len(o.header.h) > 0 {
		given = append(given, "--header")
	}
	if len(o.cookies.cs) > 0 {
		given = append(given, "--cookie")
	}
	return strings.Join(given, " and ")
}

// options are the run's options from the flags.
func (o *outputFlags) options() Options {
	return Options{Timeout: o.timeout, Spy: o.spy, MaxPageBytes: int64(o.maxPage), StayOnHost: o.sameHost,
		Header: o.header.h, Cookies: o.cookies.cs, HTMX: o.htmx.o}
}

// checkBaseURL parses --base-url, when given.
func checkBaseURL(raw string) (*url.URL, error) {
	if raw == "" {
		return nil, nil
	}
	u, err := parseBaseURL(raw)
	if err != nil {
		return nil, fmt.Errorf("--base-url: %v", err)
	}
	return u, nil
}

// check refuses flag combinations that would be quietly ignored or
// misread. pages is how many positional arguments are HTML pages (fire's
// PAGE); a further one that looks like a page after a bare --html was
// meant as its file.
func (o *outputFlags) check(args []string, pages int) error {
	if o.json && o.quiet {
		return errors.New("--quiet shortens the text output and --json writes every field; give one of them")
	}
	if o.html.on && o.html.file == "" {
		for _, a := range args[min(pages, len(args)):] {
			ext := strings.ToLower(filepath.Ext(a))
			if ext == ".html" || ext == ".htm" {
				what := "is an HTML file, not a scenario"
				if pages > 0 {
					what = "is a second HTML page"
				}
				return fmt.Errorf("%q %s; to write the final page to it, say --html=%s", a, what, a)
			}
		}
	}
	return nil
}

// shownName is how messages name an input file.
func (c *command) shownName(file string) string {
	if file == stdinArg && c.Stdin != nil {
		return stdinName
	}
	return file
}

// checkTimeout refuses a --timeout that is not positive, as a scenario's
// "timeout" is refused, instead of quietly using the default.
func checkTimeout(fs *flag.FlagSet, d time.Duration) error {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "timeout" })
	if set && d <= 0 {
		return fmt.Errorf("--timeout: want a positive duration such as 250ms or 2s, got %s", d)
	}
	return nil
}

// reader is how the command reads its inputs: within --max-input, and
// within --timeout when it is given.
func (c *command) reader(ctx context.Context, o *outputFlags) (*inputReader, context.CancelFunc) {
	cancel := context.CancelFunc(func() {})
	if o.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
	}
	return &inputReader{ctx: ctx, max: int64(o.maxInput), stdin: c.Stdin, stdinUsed: &c.stdinUsed, baseURL: o.base}, cancel
}

func (o *outputFlags) format(c *command) (Format, error) {
	f := Format{Durations: !o.noDurations, Internal: o.internal, Quiet: o.quiet}
	switch o.color {
	case "auto":
		f.Color = c.IsTerminal(c.Stdout) && c.Getenv("NO_COLOR") == ""
	case "always":
		f.Color = true
	case "never":
	default:
		return f, &usageError{fmt.Sprintf("--color: want auto, always or never, got %q", o.color)}
	}
	return f, nil
}

// htmlFlag is --html (print the page) or --html=FILE (write it).
type htmlFlag struct {
	on   bool
	file string
}

func (h *htmlFlag) String() string {
	if h.file != "" {
		return h.file
	}
	return ""
}

func (h *htmlFlag) Set(s string) error {
	switch s {
	case "true":
		h.on, h.file = true, ""
	case "false":
		h.on, h.file = false, ""
	case "":
		return errors.New("want --html or --html=FILE")
	default:
		h.on, h.file = true, s
	}
	return nil
}

func (h *htmlFlag) IsBoolFlag() bool { return true }

// parseArgs parses flags anywhere among the arguments, as people write
// "run a.json --json", and returns the positional arguments.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// newFlags makes a flag set whose errors and help go where they belong:
// --help to stdout (exit 0), mistakes to stderr (exit 2).
func (c *command) newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("eventperk "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// flagError turns a flag parsing error into an exit code, printing help
// or the mistake.
func (c *command) flagError(name string, fs *flag.FlagSet, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		c.printHelp(name, fs)
		return ExitOK
	}
	msg := err.Error()
	if bad, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		msg = "unknown flag --" + bad
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if s := suggest.Word(bad, names); s != "" {
			msg += fmt.Sprintf(" (did you mean --%s?)", s)
		}
	} else {
		// The flag package names flags with one dash; the docs use two.
		msg = singleDashFlag.ReplaceAllString(msg, "${1}--$2")
	}
	fmt.Fprintf(c.Stderr, "eventperk %s: %s\nRun 'eventperk %s --help' for usage.\n", name, msg, name)
	return ExitBadInput
}

// singleDashFlag finds a flag named with one dash in the flag package's
// messages ("invalid value ... for flag -timeout").
var singleDashFlag = regexp.MustCompile(`(^|[\s:])-([a-z][a-z-]*)`)

func (c *command) usage(name string, err error) int {
	fmt.Fprintf(c.Stderr, "eventperk %s: %v\nRun 'eventperk %s --help' for usage.\n", name, err, name)
	return ExitBadInput
}

func (c *command) printHelp(name string, fs *flag.FlagSet) {
	fmt.Fprint(c.Stdout, helps[name])
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintln(c.Stdout, "\nFlags:")
	printFlags(c.Stdout, fs)
}

// printFlags lists the flags as the docs write them, with two dashes.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		typ, usage := flag.UnquoteUsage(f)
		switch f.Value.(type) {
		case *sizeFlag:
			typ = "size"
		case *headerFlag:
			typ = "'Name: value'"
		case *cookieFlag:
			typ = "name=value"
		}
		line := "  --" + f.Name
		if typ != "" {
			line += " " + typ
		}
		if _, ok := f.Value.(*htmlFlag); ok {
			line = "  --html, --html=FILE"
		}
		fmt.Fprintf(w, "%s\n    \t%s", line, usage)
		switch {
		case f.DefValue == "" || f.DefValue == "false" || f.DefValue == "0" || f.DefValue == "0s":
		case typ == "string":
			fmt.Fprintf(w, " (default %q)", f.DefValue)
		default:
			fmt.Fprintf(w, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
}

// run is "eventperk run SCENARIO...".
func (c *command) run(ctx context.Context, args []string) int {
	fs := c.newFlags("run")
	var o outputFlags
	o.register(fs, true)
	files, err := parseArgs(fs, args)
	if err != nil {
		return c.flagError("run", fs, err)
	}
	f, err := o.format(c)
	if err != nil {
		return c.usage("run", err)
	}
	if err := checkTimeout(fs, o.timeout); err != nil {
		return c.usage("run", err)
	}
	if err := o.check(files, 0); err != nil {
		return c.usage("run", err)
	}
	if o.base, err = checkBaseURL(o.baseURL); err != nil {
		return c.usage("run", err)
	}
	switch {
	case len(files) == 0:
		return c.usage("run", errors.New("name at least one scenario file"))
	case o.html.file != "" && len(files) > 1:
		return c.usage("run", errors.New("--html=FILE takes one scenario; use --html to print each page"))
	}
	code := ExitOK
	var results []jsonResult
	for i, file := range files {
		in, cancel := c.reader(ctx, &o)
		s, err := within(in.ctx, c.shownName(file), "the scenario", func() (*Scenario, error) { return loadFiles(in, file) })
		cancel()
		if err != nil {
			code = ExitBadInput
			if o.json {
				results = append(results, jsonResult{File: file, Errors: jsonErrors(file, err)})
			} else {
				fmt.Fprintln(c.Stderr, err)
			}
			continue
		}
		var warnings []string
		if !o.spy {
			warnings = s.Warnings()
		}
		if flags := o.requestFlags(); flags != "" && s.PageURL == "" {
			// Not an error: one command may run scenarios of pages from a
			// server and of files alike.
			warnings = append(warnings, fmt.Sprintf("%s: %s not used: the page %s is a file, which sends no request", c.shownName(file), flags, s.pageName()))
		}
		if !o.json {
			for _, w := range warnings {
				fmt.Fprintln(c.Stderr, "warning: "+w)
			}
		}
		res := s.Run(ctx, o.options())
		if le := res.LoadError(); le != nil {
			// A page that cannot be fetched is bad input, reported as
			// the scenario's other input errors are.
			code = ExitBadInput
			if o.json {
				results = append(results, jsonResult{File: file, Errors: jsonErrors(file, le)})
			} else {
				fmt.Fprintln(c.Stderr, le)
			}
			continue
		}
		if code == ExitOK {
			code = res.ExitCode()
		}
		if o.json {
			jr := res.toJSON(f, o.html.on && o.html.file == "")
			jr.Warnings = append(warnings, jr.Warnings...)
			results = append(results, jr)
		} else {
			if i > 0 && !o.quiet {
				fmt.Fprintln(c.Stdout)
			}
			res.WriteText(c.Stdout, f)
			if o.html.on && o.html.file == "" {
				fmt.Fprintf(c.Stdout, "\n-- final page (%s) --\n%s\n", s.pageName(), strings.TrimRight(res.HTML, "\n"))
			}
			for _, w := range res.Warnings {
				fmt.Fprintln(c.Stderr, "warning: "+c.shownName(file)+": "+w)
			}
		}
		if o.html.file != "" {
			if err := os.WriteFile(o.html.file, []byte(res.HTML), 0o644); err != nil {
				fmt.Fprintf(c.Stderr, "eventperk run: --html: %v\n", err)
				code = ExitBadInput
			}
		}
	}
	if o.json {
		c.writeJSON(map[string]any{"ok": code == ExitOK, "exitCode": code, "scenarios": results})
	}
	return code
}

func (c *command) writeJSON(v any) {
	enc := json.NewEncoder(c.Stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(c.Stderr, "eventperk: %v\n", err)
	}
}

// check is "eventperk check SCENARIO...".
func (c *command) check(ctx context.Context, args []string) int {
	fs := c.newFlags("check")
	asJSON := fs.Bool("json", false, jsonUsage)
	spy := fs.Bool("spy", false, "do not warn about handler names without a method")
	maxInput := sizeFlag(DefaultMaxInput)
	fs.Var(&maxInput, "max-input", "refuse input files larger than this, such as 512KB, 256MB or 1GB")
	baseURL := fs.String("base-url", "", "read a \"page\" path starting with / as a page of this server, which check does not fetch")
	files, err := parseArgs(fs, args)
	if err != nil {
		return c.flagError("check", fs, err)
	}
	base, err := checkBaseURL(*baseURL)
	if err != nil {
		return c.usage("check", err)
	}
	if len(files) == 0 {
		return c.usage("check", errors.New("name at least one scenario file"))
	}
	code := ExitOK
	var results []jsonResult
	for _, file := range files {
		s, err := loadFiles(&inputReader{ctx: ctx, max: int64(maxInput), stdin: c.Stdin, stdinUsed: &c.stdinUsed, baseURL: base}, file)
		if err != nil {
			code = ExitBadInput
			if *asJSON {
				results = append(results, jsonResult{File: file, Errors: jsonErrors(file, err)})
			} else {
				fmt.Fprintln(c.Stderr, err)
			}
			continue
		}
		var warnings []string
		if !*spy && !s.Spy {
			warnings = s.Warnings()
		}
		if *asJSON {
			results = append(results, jsonResult{File: file, Name: s.Name, OK: true, Warnings: warnings})
			continue
		}
		for _, w := range warnings {
			fmt.Fprintln(c.Stderr, "warning: "+w)
		}
		note := ""
		if s.PageURL != "" {
			note = "; the page is on a server: not fetched, its units are checked when it runs"
		}
		fmt.Fprintf(c.Stdout, "ok %s (%s, %s%s)\n", file, plural(len(s.units), "unit"), plural(len(s.steps), "step"), note)
	}
	if *asJSON {
		c.writeJSON(map[string]any{"ok": code == ExitOK, "exitCode": code, "scenarios": results})
	}
	return code
}

// moduleVersion is the module version the binary was built from: "devel" for a
// build from a checkout.
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func (c *command) version(args []string) int {
	fs := c.newFlags("version")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return c.flagError("version", fs, err)
	}
	if len(rest) > 0 {
		return c.usage("version", fmt.Errorf("unexpected argument %q", rest[0]))
	}
	goVersion := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
	}
	fmt.Fprintf(c.Stdout, "eventperk %s (github.com/eventperk/eventperk-go, %s)\n", moduleVersion(), goVersion)
	return ExitOK
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
