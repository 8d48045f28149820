package htmx

import "github.com/eventperk/eventperk-go/vdom"

// Detail is the detail of the events htmx fires (Event.Detail() is a
// *Detail), in both versions: the fields an event does not use are zero.
// The events of HX-Trigger headers carry the header's JSON values
// instead (map[string]any, []any), as htmx gives them.
//
// Listeners may change what htmx reads back after the event, as in
// JavaScript: ShouldSwap, IsError and Target of htmx 2's beforeSwap, the
// Request's Header, Params, Method and Path in configRequest
// (htmx:config:request), and any event's cancellation (PreventDefault)
// where htmx checks it.
type Detail struct {
	// Request is the request the event belongs to, nil for events of no
	// request (processing, cleanup, load).
	Request *Request
	// Target is the element a swap goes into (htmx 2's beforeSwap may
	// change it) or an out-of-band target.
	Target *vdom.Node
	// ShouldSwap and IsError are htmx 2's beforeSwap flags; SwapOverride
	// and SelectOverride its hx-swap and hx-select for this response (from
	// HX-Reswap, responseHandling) and IgnoreTitle its title rule, which
	// listeners may change.
	ShouldSwap, IsError          bool
	SwapOverride, SelectOverride string
	IgnoreTitle                  bool
	// Question is hx-confirm's question (htmx:confirm); HasQuestion is
	// false when the element asks none.
	Question    string
	HasQuestion bool
	// Prompt is the answer to hx-prompt (htmx:prompt).
	Prompt string
	// Error names an htmx 2 error event, or says what went wrong
	// ("Response Status Error Code 404 from /x").
	Error string
	// ErrorInfo is the detail of the error event htmx 2's htmx:error
	// reports.
	ErrorInfo *Detail
	// Err is the error of htmx 4's htmx:error.
	Err error
	// Progress is the progress of htmx 2's htmx:xhr:* events.
	Progress *Progress
	// Task is the swap an htmx 4 settle event is about, NewContent the
	// nodes it inserted.
	Task       *SwapTask
	NewContent []*vdom.Node
	// Fragment is the out-of-band content (htmx 2's oob events) or a
	// partial's (htmx:partialBeforeSwap, which may change it).
	Fragment *vdom.Node
	// Selector is the out-of-band selector that found nothing
	// (htmx:oobErrorNoTarget), the missing target (htmx:targetError) or
	// a partial's target selector (htmx:partialErrorNoTarget).
	Selector string
	// Template is the <template hx type="..."> an <hx-*> element of a
	// response became (htmx 2's htmx:processTemplate and
	// htmx:partialErrorNoTarget), Type its type; Source the element
	// whose swap it is.
	Template *vdom.Node
	Type     string
	Source   *vdom.Node
	// Tasks are the swaps of htmx 4's htmx:before:swap.
	Tasks []*SwapTask
	// Path is the URL of the history events.
	Path string

	// settleTasks are the attribute restorations of htmx 4's settle.
	settleTasks []func()
}

// Progress is the progress an XMLHttpRequest reports (htmx 2's
// htmx:xhr:loadstart, progress, loadend and abort).
type Progress struct {
	LengthComputable bool
	Loaded, Total    int
}

// SwapTask is one swap of an htmx 4 response: the main content, an
// out-of-band element or a partial.
type SwapTask struct {
	// Type is "main", "oob" or "partial".
	Type string
	// Target is where it goes; Style the swap style; Spec the whole
	// swap specification.
	Target *vdom.Node
	Style  string
	Spec   *SwapSpec
	// Source is the request's source element.
	Source *vdom.Node
	// fragment holds the content until it is inserted.
	fragment *vdom.Node
}

// Fragment returns the content not yet inserted (empty once swapped).
func (t *SwapTask) Fragment() *vdom.Node { return t.fragment }
