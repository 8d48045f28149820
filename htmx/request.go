package htmx

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// Request is one request htmx makes: htmx 2's request configuration
// and htmx 4's request context. The events of a request carry it in
// their Detail; Options.ConfigRequest may change Method, Path, Header and
// Params before it is sent. A Request belongs to the document's
// goroutine.
type Request struct {
	e *Engine
	// Source is the element that issued the request (htmx 2's elt,
	// htmx 4's sourceElement).
	Source *vdom.Node
	// Event is the event that triggered it; nil for polling and load
	// triggers, HX-Location and history requests.
	Event *vdom.Event
	// EventType is Event's type, or the trigger's name when there is no
	// event ("load" in htmx 4).
	EventType string
	// Target is where the response is swapped.
	Target *vdom.Node
	// Method is the HTTP method, in upper case.
	Method string
	// Path is the URL the attribute gives (hx-get's value, a link's
	// href), before the parameters.
	Path string
	// URL is what is sent: Path with GET's parameters in its query
	// (htmx 2's finalRequestPath, htmx 4's action once configured).
	URL string
	// Anchor is the fragment of Path, which is not sent.
	Anchor string
	// Header holds the fields htmx sets, as it names them.
	Header Header
	// Params are the parameters, in order (htmx 2's parameters, htmx 4's
	// body as FormData).
	Params Params
	// Boosted reports a request of hx-boost.
	Boosted bool
	// Swap, Select, SelectOOB, Push, Replace and Confirm are the
	// request's hx-swap, hx-select, hx-select-oob, hx-push-url,
	// hx-replace-url and hx-confirm values ("" for none).
	Swap, Select, SelectOOB, Push, Replace, Confirm string
	// Multipart reports a multipart/form-data body.
	Multipart bool
	// Timeout is how long the request waits for its response before
	// htmx gives up on it, 0 for ever: htmx 2's hx-request timeout, else
	// its config.timeout (0); htmx 4's config.defaultTimeout (60 s). It
	// runs on the document's clock from the moment the request is sent:
	// a response Options.Hold keeps back longer, or one that arrives
	// later, is never taken in (the request counts as aborted, and the
	// version's timeout events fire).
	Timeout time.Duration
	// Validate reports that the form is validated before sending.
	Validate bool
	// Response is the response, nil until it arrives.
	Response *Response
	// State is htmx 4's ctx.status: "created", "issuing", "response
	// received", "swapped", or "error: ..." (htmx 2 leaves it "").
	State string
	// Failed and Successful say how htmx 2 judged the response's status.
	Failed, Successful bool
	// KeepIndicators reports a response that leaves the indicators on
	// (a redirect or refresh).
	KeepIndicators bool
	// Indicators and Disabled are the elements given htmx-request and
	// disabled while the request is in flight.
	Indicators, Disabled []*vdom.Node
	// Title is the title the response brings (htmx 4's ctx.title).
	Title string
	// HX holds the response's HX- headers, as htmx 4 reads them: the
	// name without "HX-", in lower case, without dashes ("pushurl").
	HX map[string]string

	// aborted: cancelled before its response was taken in; held: kept by
	// Options.Hold; delivered: its response was taken in.
	aborted, held, delivered, failedToSend bool
	sendErr                                error
	// timedOut: aborted by its Timeout; deadline is when, timer the
	// clock's timer for it.
	timedOut bool
	deadline time.Time
	timer    vdom.TimerID
	// noHeaders: hx-request's noHeaders (htmx 2), which sends none of
	// htmx's header fields.
	noHeaders bool
	// trig is the trigger that issued it (its queue modifier).
	trig *trigger
	// body is the encoded body as sent.
	body []byte
	// contentType is the Content-Type as sent.
	contentType string
	// onResponse continues the request once its response is delivered;
	// onAbort once it is aborted.
	onResponse func()
	onAbort    func()
	onTimeout  func()
	// What the events' details show beyond the exported fields: htmx 2's
	// failed and successful once judged, its responseInfo.select; htmx
	// 4's target given as a selector, hx-vals' object, the boost's
	// settings, the request's form and submitter, which optional values
	// the element set.
	judged      bool
	etcSelect   string
	targetSel   string
	vals        *orderedObject
	boostConfig map[string]any
	// ctxExtra are options htmx 4's ajax put on the context as they
	// are (HX-Location's headers, values, source).
	ctxExtra map[string]any
	// thrown is the exception htmx 4\'s request context threw (a target
	// selector that does not parse).
	thrown              error
	form, submitter     *vdom.Node
	hasSubmitter        bool
	queryBody           bool
	titleSet, titleNull bool
	has                 map[string]bool
	validationErrors    []validationError
	configured, issued  bool
	extCancelled        bool
	// historyFrom names what set Push or Replace when not the
	// element's attributes (HX-Location), for errors; restore marks a
	// request htmx makes to restore a history entry (htmx 4's ctx has
	// its own request object then).
	historyFrom string
	restore     bool
}

// HistoryRestore reports a request htmx made to restore a history entry
// on Back or Forward: htmx 2's on a cache miss, htmx 4's on every
// traversal. It carries HX-History-Restore-Request: true. htmx 2's is an
// XMLHttpRequest of no element: its Source and Target are nil, and no
// request event fires for it but the history ones.
func (r *Request) HistoryRestore() bool { return r.restore }

// Aborted reports a request the page cancelled (hx-sync, htmx:abort)
// before its response was taken in.
func (r *Request) Aborted() bool { return r.aborted }

// TimedOut reports a request aborted because its Timeout passed before
// its response was taken in.
func (r *Request) TimedOut() bool { return r.timedOut }

// Held reports a request whose response Options.Hold keeps back.
func (r *Request) Held() bool { return r.held }

// SendError returns the error of a request that got no response (a
// refused connection, a handler that aborted), nil otherwise.
func (r *Request) SendError() error { return r.sendErr }

// Body returns the body as sent, nil for none.
func (r *Request) Body() []byte { return r.body }

// ContentType returns the Content-Type as sent, "" for none.
func (r *Request) ContentType() string { return r.contentType }

// Response is what a request got back.
type Response struct {
	// Status is the response's status code.
	Status int
	// Header is the response's header.
	Header http.Header
	// Body is the response's body.
	Body []byte
	// URL is the final URL, after redirects.
	URL *url.URL
	// Redirected reports a response reached through redirects.
	Redirected bool
}

// Field is one header field of a request.
type Field struct {
	Name, Value string
	// Null marks a field htmx 2 lists with a null value (HX-Trigger of an
	// element without id), which is not sent.
	Null bool
	// raw is the JSON value hx-headers gave (htmx 2 keeps it until the
	// header is set).
	raw any
}

// Header is the header fields htmx sets on a request, in the order it
// sets them, named as htmx names them.
type Header struct{ fields []Field }

// Fields returns the fields in order.
func (h *Header) Fields() []Field { return append([]Field(nil), h.fields...) }

// Get returns the value of the field named name (in any case) and
// whether it is set (a null field is not).
func (h *Header) Get(name string) (string, bool) {
	for _, f := range h.fields {
		if strings.EqualFold(f.Name, name) {
			return f.Value, !f.Null
		}
	}
	return "", false
}

// Set sets the field named name (in any case), keeping its place, or
// adds it at the end.
func (h *Header) Set(name, value string) {
	for i, f := range h.fields {
		if strings.EqualFold(f.Name, name) {
			h.fields[i] = Field{Name: f.Name, Value: value}
			return
		}
	}
	h.fields = append(h.fields, Field{Name: name, Value: value})
}

// setNull sets name to htmx 2's null, which is listed but not sent.
func (h *Header) setNull(name string) {
	for i, f := range h.fields {
		if strings.EqualFold(f.Name, name) {
			h.fields[i] = Field{Name: f.Name, Null: true}
			return
		}
	}
	h.fields = append(h.fields, Field{Name: name, Null: true})
}

// isNull reports a field that is absent or null.
func (h *Header) isNull(name string) bool {
	_, ok := h.Get(name)
	return !ok
}

// Del removes the field named name.
func (h *Header) Del(name string) {
	out := h.fields[:0]
	for _, f := range h.fields {
		if !strings.EqualFold(f.Name, name) {
			out = append(out, f)
		}
	}
	h.fields = out
}

// Param is one parameter of a request: a name with a text value or a
// file.
type Param struct {
	Name, Value string
	// File is set for a file input's file (Value is its name).
	File *vdom.File
}

// Params are a request's parameters in order, as FormData keeps them.
type Params []Param

// Get returns the first value of name.
func (p Params) Get(name string) (string, bool) {
	for _, x := range p {
		if x.Name == name {
			return x.Value, true
		}
	}
	return "", false
}

// Has reports whether name has a value.
func (p Params) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// without returns p without the parameters named name.
func (p Params) without(name string) Params {
	out := make(Params, 0, len(p))
	for _, x := range p {
		if x.Name != name {
			out = append(out, x)
		}
	}
	return out
}

// set replaces the first value of name in place and drops the others
// (FormData.set), or appends it.
func (p Params) set(name, value string) Params {
	out := make(Params, 0, len(p)+1)
	done := false
	for _, x := range p {
		if x.Name != name {
			out = append(out, x)
			continue
		}
		if !done {
			out = append(out, Param{Name: name, Value: value})
			done = true
		}
	}
	if !done {
		out = append(out, Param{Name: name, Value: value})
	}
	return out
}

// override is htmx 2's overrideFormData: the donor's names are removed
// from p, then the donor's entries appended.
func (p Params) override(donor Params) Params {
	out := p
	for _, d := range donor {
		out = out.without(d.Name)
	}
	return append(out, donor...)
}
