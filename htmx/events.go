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
	// History is the push or replace of htmx 2's
	// htmx:beforeHistoryUpdate and htmx 4's htmx:before:history:update
	// and htmx:after:history:update.
	History *HistoryUpdate
	// Response is the response of htmx 4's history update events.
	Response *Response
	// HistoryElt is the element htmx 2 saves into its history cache and
	// restores (hx-history-elt, else the body); listeners of
	// htmx:historyCacheHit and htmx:historyCacheMiss may change it.
	HistoryElt *vdom.Node
	// Item is the snapshot of htmx 2's history cache events; Cache the
	// cache (htmx:historyItemCreated, htmx:historyCacheError), oldest
	// first.
	Item  *HistoryItem
	Cache []*HistoryItem
	// RestoreSwap is the swap of htmx 2's restore events (innerHTML,
	// without delays).
	RestoreSwap *SwapSpec
	// CacheMiss reports a restore that asks the server (htmx 2's
	// htmx:historyRestore after a cache miss, htmx 4's
	// htmx:before:history:restore).
	CacheMiss bool
	// Cause is the error of htmx 2's htmx:historyCacheError: the
	// storage's quota (browse.ErrQuotaExceeded).
	Cause error

	// settleTasks are the attribute restorations of htmx 4's settle.
	settleTasks []func()
}

// HistoryItem is one snapshot of htmx 2's history cache: the content of
// the history element (hx-history-elt, else the body) when the page left
// a URL, kept as JSON in the session's sessionStorage under
// "htmx-history-cache".
type HistoryItem struct {
	// URL is the path the snapshot restores (htmx's normalized path:
	// path and query, no trailing slash).
	URL string `json:"url"`
	// Content is the element's inner HTML, without htmx's request
	// class and the disabled attributes htmx set.
	Content string `json:"content"`
	// Title is the document's title.
	Title string `json:"title"`
	// Scroll is window.scrollY: 0, as vdom has no layout.
	Scroll int `json:"scroll"`
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
