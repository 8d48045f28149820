package scenario

import (
	"time"

	"github.com/eventperk/eventperk-go/browse"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// DefaultTimeout bounds a scenario that sets no timeout of its own, so that
// a handler waiting for something that never comes cannot hang a CI job.
const DefaultTimeout = 10 * time.Second

// Scenario is a decoded and checked scenario: a page, the units on it, and
// the steps to run. Load and Parse make one; Run runs it on a fresh copy of
// the page each time.
type Scenario struct {
	// File is the scenario's path as given, used in messages.
	File string
	// Name and Description come from the file; Name defaults to File.
	Name        string
	Description string
	// PageFile is the page's path ("" for inline HTML); Page is its HTML:
	// the bytes of the page file, which a run decodes as HTML's encoding
	// sniffing algorithm says (a <meta charset>, else UTF-8 when the
	// bytes are, else windows-1252), or the inline text.
	PageFile string
	Page     string
	// PageURL is the page's absolute http or https URL when it is fetched
	// from a server rather than read from a file: a "page" written as a
	// URL, a "page" path starting with "/" resolved against the command's
	// --base-url, or Page.URL. Each run fetches it anew; PageFile and Page
	// are empty then.
	PageURL string
	// pageWritten is the page's URL as the file or Page.URL gives it,
	// which messages show: "/" rather than the server's address.
	pageWritten string
	// preopened is a session that loaded the page already, which the
	// next run takes over instead of loading it again (the fire command
	// loads a URL to check --unit against it).
	preopened *browse.Session
	// sheets is where the sheets of a page read from a file come from
	// (sheets.go).
	sheets sheetSource
	// pageText is true for a page that is text rather than bytes: inline
	// HTML and a document given from Go.
	pageText bool
	// Timeout bounds the whole run; 0 means DefaultTimeout.
	Timeout time.Duration
	// Spy turns every handler name without a method into a recorder.
	Spy bool

	src     []byte // the file, for the JSON values steps hand on
	pagePos int    // offset of "page" in the file, -1 when it is not there
	units   []*unitSpec
	steps   []*op
	signals map[string]bool // names methods wait for with waitFor
	// warnings are about things that are legal but probably wrong, such as
	// a handler name without a method; check prints them.
	warnings []string
}

// unitSpec is one entry of "units".
type unitSpec struct {
	path       string
	name       string
	element    string
	elementPos int
	each       bool
	start      bool
	settings   *perk.EventSettings
	// settingsRaw is the section's JSON: each unit decodes its own copy,
	// so that no two units, and no two runs, share settings values.
	settingsRaw []byte
	settingsVal *jsonValue // where the section is in the file, for warnings
	methods     []*methodSpec
	html        *string
	// count is how many elements the selector matched when the scenario
	// was loaded: one unit each.
	count int
}

// unitName is the name of the i-th unit an entry makes: the entry's name,
// or name[i] with "each".
func (u *unitSpec) unitName(i int) string {
	if !u.each {
		return u.name
	}
	return u.name + "[" + itoa(i) + "]"
}

func (u *unitSpec) method(name string) *methodSpec {
	for _, m := range u.methods {
		if m.name == name {
			return m
		}
	}
	return nil
}

// methodSpec is one method: a list of built-in actions run in order.
type methodSpec struct {
	path    string
	name    string
	actions []*op
}

// op is one action of a method or one step: the kind (the key that names
// it, such as "setAttribute") and the modifiers that kind takes. Actions
// and steps share the type because the DOM actions are both.
type op struct {
	path   string // "steps[3]" or "units[0].methods.onSave[2]"
	kind   string
	inStep bool

	arg        string // the kind's own value, when it is a string
	argPos     int    // offset of that value, for messages at run time
	delay      time.Duration
	target     target // target, or the kind's value for "remove"
	hasTarget  bool
	closest    string
	when       condition
	unless     condition
	value      string
	bubbles    bool
	cancel     bool
	detail     *jsonValue
	unit       string
	unitPos    int
	element    target
	hasElement bool
	options    *jsonValue
	args       []*jsonValue
	errText    string

	note        string
	expectError *string
	expect      *expectation

	// The user-level actions (user.go): option values or labels to
	// select, files to upload, and their flags.
	values    []string
	files     []vdom.File
	skipClick bool
	selection *userevent.Selection // type: the text to type over
	shift     bool
}

// target says which elements an action works on: a reference to an object
// of the handler call ("@element", "@target", "@unit", "@sender"), a
// selector, a reference followed by a selector searched inside it, or a
// query that finds elements as a user does ({"role": "button", ...}).
type target struct {
	ref  string // "", "element", "target", "unit", "sender"
	sel  string
	q    *query.Query // a query object, run over the whole page
	text string       // as written, or the query's description, for messages
}

// condition is a "when" or "unless": a selector over the page, or a
// reference to the call ("@element") that must exist, match a selector
// written right after it ("@element[disabled]"), or hold an element that
// matches a selector written after a space ("@unit .busy").
type condition struct {
	ref    string // "" for a selector over the page
	sel    string
	inside bool // sel is searched inside the referenced element
	text   string
}

// expectation is the value of an "expect" step.
type expectation struct {
	calls      []callPattern
	hasCalls   bool
	inOrder    bool // callsInOrder: the calls are among those made, in order
	target     target
	text       *string
	value      *string
	focused    *bool
	attributes []valueCheck
	classes    []classCheck
	present    *bool
	count      *int
	html       *string
	canceled   *bool

	// The checks of the current page (navigate.go): its URL, resolved
	// against the page's when relative, its status, its title, its cookies.
	url     *string
	status  *int
	title   *string
	cookies []valueCheck
	// statusPos and cookiesPos are where those checks are in the file.
	statusPos, cookiesPos int
}

// valueCheck is one entry of "attributes" or "cookies": the value the
// name must have, or, with value nil, absence; for a cookie, present asks
// for any value.
type valueCheck struct {
	name    string
	value   *string // nil with present false: must be absent
	present bool    // true: any value (cookies only)
}

type classCheck struct {
	name string
	want bool
}

// callPattern is one expected handler call. Empty fields match anything;
// the string form "event element handler" sets those three.
type callPattern struct {
	text    string // as written, for messages
	event   string
	element string
	handler string
	unit    string
	phase   string
	mode    string
	order   *int
	detail  *jsonValue
	options *jsonValue
	sender  string
	target  string
	err     *string
}

// Warnings are things in the scenario that are legal but probably wrong,
// such as a handler name without a method: the run will show the error, and
// check prints them.
func (s *Scenario) Warnings() []string { return s.warnings }
