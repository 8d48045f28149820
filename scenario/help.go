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
  eventperk help scenario      describe the scenario file format

Examples:

  eventperk run fixtures/todo/scenario.json
  eventperk run --quiet fixtures/*/scenario.json
  eventperk fire fixtures/menu/page.html --unit '#menu' --settings fixtures/menu/settings.json \
      --spy --event click --target '#menu-docs'
  eventperk check fixtures/bad-input/every-error.json
  eventperk run --base-url http://localhost:8080 cmd/eventperk/testdata/web/flow.json
  eventperk fire http://localhost:8080/ --event click --target '#add-btn'

Exit codes: 0 all good; 1 an expectation or a handler failed; 2 bad input
(an unreadable file, invalid JSON, invalid settings or selectors, a wrong
command line). "eventperk help scenario" describes the scenario format;
the full manual is docs/cli.md in the module
(https://github.com/eventperk/eventperk-go/blob/main/docs/cli.md).
`

// schemaURL is where the JSON schema of scenario files can be fetched; it
// is the schema's $id, so editors resolve "$schema" to it.
const schemaURL = "https://raw.githubusercontent.com/eventperk/eventperk-go/main/docs/scenario.schema.json"

// scenarioHelp is "eventperk help scenario": the format, for someone who
// installed the command and has no checkout of the docs.
const scenarioHelp = `A scenario is a JSON file: a page, the units on it, and steps that fire
events and check the result. Editors check it against the schema when the
file says "$schema": "` + schemaURL + `".

  {
    "name": "Save button",
    "page": "page.html",
    "units": [{
      "element": "#app",
      "settings": {"event": {"events": {"save": {"handlers": {"click": "onSave"}}}}},
      "methods": {"onSave": [{"setText": "Saved", "target": "#status"}]}
    }],
    "steps": [
      {"dispatch": "click", "target": "#save"},
      {"expect": {"calls": ["click #save onSave"]}},
      {"expect": {"target": "#status", "text": "Saved"}}
    ]
  }

Top level: page (a path relative to the file, or an http or https URL;
with --base-url, a path starting with / is fetched from that server) or
html (the page itself), name, description, timeout (a duration such as
"2s"; default 10s; it bounds every request too), spy (as --spy), units,
steps, $schema.

A page from a server runs as in a browser: a link clicked or a form
submitted loads the next page (redirects and cookies followed), and the
steps after act on it. The units are made on every page their element
selector matches (and start there); a unit that matches on no page fails
the run. A page file's links and forms are recorded in the trace, not
followed.

A page's style sheets (<link rel=stylesheet>, @import) load before its
units are made: a server's page's from the server, a page file's from its
directory (which stands for http://example.com/; nothing outside it is
read). A sheet that does not load prints a warning, and the run goes on.

Units: element (a selector; one element unless each), name, each (one unit
per match, named name[0], name[1], ...), start (default true), settings
(by section; "event" is EventPerk's), methods (name -> list of actions),
html (inner HTML put in place when the unit starts).

Actions (in methods; a bare string when they take no argument):
  record, stopPropagation, stopImmediatePropagation, preventDefault
  setAttribute NAME + value, removeAttribute NAME, setText TEXT,
  setCount SELECTOR, addClass, removeClass, toggleClass CLASS,
  appendHTML HTML, setHTML HTML, remove TARGET          (the DOM actions)
  dispatch TYPE + bubbles, cancelable, detail
  trigger, triggerSync NAME + unit, element, options
  call SKILL + unit, args
  wait DURATION, waitFor SIGNAL, resolve SIGNAL, reject SIGNAL + error
  fail MESSAGE, panic MESSAGE
Every action takes when and unless: a selector that must (not) match for
it to run; it may start with a reference, as in "@element[disabled]".
The DOM actions and dispatch take target and closest. A target is a
selector over the page or a reference: @element (the handler's element,
the default), @target (the event's target), @unit (the unit's root),
@sender, optionally followed by a selector searched inside it
("@unit .label").

Steps: start UNIT, stop UNIT, dispatch TYPE + target (required), trigger,
triggerSync, call, resolve, reject, settle, expect, and the DOM actions
with a target. Every step takes note; every step but expect takes
expectError (the step must fail with an error containing this text).

Pages (open, back, forward and reload need a page from a server):
  submit TARGET     request a form's submission (TARGET: the form, or a
                    submit button of it, which is the submitter)
  open URL          load a URL, relative to the current page's
  back, forward, reload   through the history (a POST is sent again)

A user's actions, as steps, with every event a browser fires:
  click, dblclick, hover, unhover, clear TARGET
  type TEXT + target, skipClick, selection ({"start": 0, "end": 5}: the
      text to type over; TEXT in user-event's keyboard syntax: "ada{Enter}",
      "{Shift>}a{/Shift}", "{{")
  select, deselect VALUES + target  (option values or labels)
  tab + shift, keyboard KEYS, paste TEXT   (at the focused element)
  upload FILES + target   (FILES: {"name", "type", "content"} or a list)
A step's target (and expect's) is a selector or a query that finds one
element as a user does:
  {"role": "button", "name": "Save"}  + match (exact, substring, regexp),
      level, checked (true, false, "mixed"), pressed, selected, expanded,
      current, disabled, hidden
  {"label": "Email"}, {"placeholder": ...}, {"text": ...},
  {"displayValue": ...}, {"altText": ...}, {"title": ...}  + match;
      label and text + selector (look only at the elements it matches)
  {"testId": ...}  + attribute (default data-testid)

Expectations ({"expect": {...}}):
  calls         the handler calls since the previous calls check, exactly
  callsInOrder  calls that must be among them, in this order
  canceled      whether the last dispatch step was canceled
  target        the selector or query the checks below are about, with:
  text, value (what was typed or selected), focused, attributes (name ->
  value or null), classes (class -> true or false), present, count, html
  (compared by structure)
Of the current page: url (relative to the page's, such as "/items/7"),
status, title, cookies (name -> value, true for any value, null: not sent
to the page).
A call is "event element handler", as the trace prints it, or an object
of event, element, handler, unit, phase, mode, order, detail, options,
sender, target, error. An element is the name the trace prints or any
selector that matches it.

Check a file without running it: eventperk check FILE.
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
  eventperk run --spy --internal fixtures/menu/scenario.json
  eventperk run --base-url http://localhost:8080 --max-page-bytes 16MB cmd/eventperk/testdata/web/flow.json

A scenario whose "page" is an http or https URL, or, with --base-url, a
path starting with /, is fetched from the server; the navigations of its
pages are followed, and each one prints as

  navigate POST /items (#add): 303 See Other → GET /items/7: 200 OK · units item

Redirects, links and forms to another host are followed, as a browser
follows them, and the trace writes their URLs in full; --same-host sends
nothing to a host other than the first page's and fails the load instead.
A page that cannot be loaded (an error status, a type that is not HTML,
too many redirects, larger than --max-page-bytes, no answer within the
timeout) is bad input, exit code 2, reported at "page" in the file.

A page behind a sign-in loads with the cookie the server set:
--cookie session=abc123 puts it in the run's jar for the first page's
host, which gets it on every request; --header 'Authorization: Bearer abc'
goes with every request, to any host (with --same-host, to the first
page's only).

A page from a server that loads htmx (a script whose src names it) runs
its hx- attributes as the version its script names does (htmx 2 when it
names none); --htmx=4 or --htmx=2 runs every such page as that version,
--htmx=off leaves the attributes alone. Each request htmx sends and each
swap it makes prints in the step that caused it:

  htmx GET /contacts (#load): 200 OK
  htmx swap innerHTML into #rows
  htmx swap outerHTML into #count (out of band)
`,
	"fire": `Usage: eventperk fire [flags] PAGE

A one-shot form of run: starts a unit on an element of PAGE with settings
from a file or from the command line, fires one event, waits for the work
it started, and prints the trace. Without methods, handler names are
errors, as the specification says; --spy turns each into a recorder, which
is how to explore an unknown page's wiring.

PAGE may be an http or https URL (or, with --base-url, a path starting
with /): the page is fetched, and the navigations it asks for are
followed. The load prints with its redirects; when PAGE redirects, the
page explored, and named in errors, is the one it led to. --cookie and
--header send what a signed-in browser sends, as for run.

Without --unit and --settings, fire explores the page instead: it lists
the elements with an id and the unit hosts (elements marked data-unit,
custom elements), and with --target the elements an event fired there
reaches, in order, which are those whose listeners and unit handlers
receive it.

--settings FILE takes either the unit's "event" section
({"events": {...}}) for the unit on --unit, or {"units": [...]} in the
scenario format (selectors, settings and methods for several units).

Examples:

  eventperk fire fixtures/menu/page.html --unit '#menu' --settings fixtures/menu/settings.json \
      --spy --event click --target '#menu-docs'
  eventperk fire fixtures/todo.html --unit '#app' --spy \
      --settings-json '{"events": {"add": {"handlers": {"click": "onAdd"}}}}' \
      --event click --target '#add'
  eventperk fire fixtures/todo.html --settings fixtures/todo/units.json \
      --event click --target "li[data-id='3'] button.remove" --html
  eventperk fire fixtures/todo.html --spy
  eventperk fire --base-url http://localhost:8080 / --unit '#app' --spy \
      --settings-json '{"events": {"add": {"handlers": {"submit": "onSubmit"}}}}' \
      --event submit --target '#add'
  eventperk fire http://localhost:8080/account --cookie session=abc123 \
      --event click --target '#pay'
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
