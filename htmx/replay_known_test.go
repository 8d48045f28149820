package htmx

// knownMismatches lists the recordings the replay does not reproduce
// exactly, each with the reason. TestReplay fails when one of them
// replays exactly, so the list stays true.
var knownMismatches = map[string]string{
	"headers-id-special.v2":          devtools,
	"js-confirm-js.v4":               needsJS,
	"js-headers.v2":                  needsJS,
	"js-headers.v4":                  needsJS,
	"js-hx-on-cancel.v2":             needsJS,
	"js-hx-on-cancel.v4":             needsJS,
	"js-hx-on-click.v2":              needsJS,
	"js-hx-on-click.v4":              needsJS,
	"js-hx-on-htmx-event.v4":         needsJS,
	"js-hx-on-load.v4":               needsJS,
	"js-hx-on-modify-params.v2":      needsJS,
	"js-hx-on-modify-params.v4":      needsJS,
	"js-script-in-answer.v2":         needsJS,
	"js-script-in-answer.v4":         needsJS,
	"js-trigger-filter.v2":           needsJS,
	"js-trigger-filter.v4":           needsJS,
	"js-vals.v2":                     needsJS,
	"js-vals.v4":                     needsJS,
	"js-vars.v2":                     needsJS,
	"params-encoding-file.v2":        multipartFraming,
	"prompt-accept.v2":               devtools,
	"status-204.v2":                  nobody,
	"status-204.v4":                  nobody,
	"status-304.v2":                  nobody,
	"status-304.v4":                  nobody,
	"swap-transition-ignoretitle.v4": viewTransition,
}

// The reasons.
const (
	// needsJS: the scenario's page runs JavaScript (hx-on, a trigger
	// filter, js: values, hx-vars, a script in a response, a js: confirm);
	// the engine refuses it with an ErrNeedsJavaScript error naming the
	// attribute (TestRefusals checks each one), so what the script did
	// in Chromium does not happen.
	needsJS = "needs JavaScript: refused with an error naming the attribute"
	// nobody: the scenario answers 204 or 304 with a body, which
	// net/http's server cannot send (http.ErrBodyNotAllowed), so the
	// handler's answer has none where Chromium got one.
	nobody = "a 204 or 304 response cannot carry a body over net/http"
	// devtools: the recording's non-ASCII header value is as DevTools
	// reported it, with the characters lost (testdata/NOTES.md); the
	// engine sends the value itself.
	devtools = "DevTools loses the non-ASCII characters of the recorded header"
	// multipart: the upload's byte count (htmx:xhr:loadstart total)
	// differs from Chromium's by 11 bytes: its multipart framing is not
	// byte for byte Go's mime/multipart.
	multipartFraming = "multipart body length differs from Chromium's"
	// viewTransition: htmx 4 awaits the view transition's finished
	// promise, which resolves when Chromium's animation ends, on the
	// browser's own clock rather than the page's virtual one: the
	// recording has the request in flight (htmx-request) after the click
	// and after:viewTransition, after:swap and the finally events in the
	// next step. The engine runs no view transitions.
	viewTransition = "htmx 4 waits for a view transition's animation, timed by Chromium's own clock"
)
