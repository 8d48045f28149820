package scenario

// The help texts, each with examples: the first thing a person reads.

const mainUsage = `eventperk loads an HTML page, starts the units on it, fires events, and
prints which handlers ran, in what order, with what arguments, and what the
page looks like afterwards. No browser is involved.

Usage:

  eventperk run SCENARIO...    run scenarios: print the trace, check the expectations
  eventperk fire PAGE          start units on a page from flags, fire one event, print the trace
  eventperk check SCENARIO...  validate scenarios without running them
  eventperk version            print the version
  eventperk help COMMAND       show a command's help (or: eventperk COMMAND --help)

Examples:

  eventperk run fixtures/todo/scenario.json
  eventperk run --quiet fixtures/*/scenario.json
  eventperk fire fixtures/menu/page.html --unit '#menu' --settings fixtures/menu/settings.json \
      --spy --event click --target '#menu-docs'
  eventperk check fixtures/bad-input/every-error.json

Exit codes: 0 all good; 1 an expectation or a handler failed; 2 bad input
(an unreadable file, invalid JSON, invalid settings or selectors, a wrong
command line). The scenario format and the output are described in
docs/cli.md.
`

var helps = map[string]string{
	"run": `Usage: eventperk run [flags] SCENARIO...

Runs each scenario on a fresh copy of its page: makes its units, starts
those that start by themselves, runs the steps, and prints a trace with one
line per handler call (indented by nesting), the checks of its expectations,
and a summary. Flags may come before or after the files.

A call line reads "event element handler", the form expectations use, then
the handler's order, phase, mode and unit, its result and how long it took:

  click #add onAdd  order 0 · target · dispatch · unit app  ok  41µs

Exit code 0 when every scenario passed, 1 when an expectation failed, a
handler failed or a step timed out, 2 when a file is bad input (every
problem of the file is printed, with file:line:column and JSON path).

Examples:

  eventperk run fixtures/todo/scenario.json
  eventperk run --no-durations --color=never fixtures/ordering/scenario.json > trace.txt
  eventperk run --json fixtures/async/scenario.json | jq '.scenarios[0].steps[].events[]'
  eventperk run --html=after.html fixtures/form/scenario.json
  eventperk run --spy --internal my-page.json
`,
	"fire": `Usage: eventperk fire [flags] PAGE

A one-shot form of run: starts a unit on an element of PAGE with settings
from a file or from the command line, fires one event, waits for the work
it started, and prints the trace. Without methods, handler names are
errors, as the specification says; --spy turns each into a recorder, which
is how to explore an unknown page's wiring.

--settings FILE takes either the unit's "event" section
({"events": {...}}) for the unit on --unit, or {"units": [...]} in the
scenario format (selectors, settings and methods for several units).

Examples:

  eventperk fire fixtures/menu/page.html --unit '#menu' --settings fixtures/menu/settings.json \
      --spy --event click --target '#menu-docs'
  eventperk fire page.html --unit '#app' --spy \
      --settings-json '{"events": {"save": {"handlers": {"click": "onSave"}}}}' \
      --event click --target '#save'
  eventperk fire page.html --settings units.json --mode trigger --event refresh \
      --detail '{"page": 2}' --html
`,
	"check": `Usage: eventperk check [flags] SCENARIO...

Validates scenarios without running them: the JSON, every key and value,
the units' "event" settings (with EventPerk's own strict rules), every
selector, the units' elements on the page, and what steps and actions
refer to. Every problem of a file is printed at once, each as
file:line:column: JSON path: message; hint. Handler names without a
method are warnings, since a scenario may mean to show that error.

Exit code 0 when every file is valid, 2 otherwise.

Examples:

  eventperk check fixtures/*/scenario.json
  eventperk check --json fixtures/bad-input/every-error.json
`,
	"version": `Usage: eventperk version

Prints the version of eventperk and the Go version it was built with.
`,
}
