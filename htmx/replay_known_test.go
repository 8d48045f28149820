package htmx

// knownMismatches lists the recordings the replay does not reproduce
// exactly, each with the reason. TestReplay fails when one of them
// replays exactly, so the list stays true.
var knownMismatches = map[string]string{
	"boost-back-forward.v2":                history,
	"boost-back-forward.v4":                history,
	"boost-body.v2":                        history,
	"boost-body.v4":                        history,
	"boost-error-status.v4":                history,
	"boost-form-get.v2":                    history,
	"boost-form-get.v4":                    history,
	"boost-form-post.v2":                   history,
	"boost-form-post.v4":                   history,
	"boost-link.v2":                        history,
	"boost-link.v4":                        history,
	"boost-target.v2":                      history,
	"boost-target.v4":                      history,
	"boost-v2-syntax.v2":                   history,
	"confirm-boosted-link.v2":              history,
	"confirm-boosted-link.v4":              history,
	"events-history.v2":                    history,
	"events-history.v4":                    history,
	"headers-id-special.v2":                devtools,
	"history-disabled.v2":                  history,
	"history-elt.v2":                       history,
	"history-elt.v4":                       history,
	"history-no-cache.v2":                  history,
	"history-no-cache.v4":                  history,
	"history-push-back.v2":                 history,
	"history-push-back.v4":                 history,
	"history-push-inherited.v2":            history,
	"history-push-path.v2":                 history,
	"history-push-path.v4":                 history,
	"history-refresh-on-miss.v2":           history,
	"history-refresh-on-miss.v4":           history,
	"history-replace-path.v2":              history,
	"history-replace-path.v4":              history,
	"history-replace.v2":                   history,
	"history-replace.v4":                   history,
	"history-several-back.v2":              history,
	"history-several-back.v4":              history,
	"history-state-changed-before-back.v2": history,
	"history-state-changed-before-back.v4": history,
	"js-confirm-js.v4":                     needsJS,
	"js-headers.v2":                        needsJS,
	"js-headers.v4":                        needsJS,
	"js-hx-on-cancel.v2":                   needsJS,
	"js-hx-on-cancel.v4":                   needsJS,
	"js-hx-on-click.v2":                    needsJS,
	"js-hx-on-click.v4":                    needsJS,
	"js-hx-on-htmx-event.v4":               needsJS,
	"js-hx-on-load.v4":                     needsJS,
	"js-hx-on-modify-params.v2":            needsJS,
	"js-hx-on-modify-params.v4":            needsJS,
	"js-script-in-answer.v2":               needsJS,
	"js-script-in-answer.v4":               needsJS,
	"js-trigger-filter.v2":                 needsJS,
	"js-trigger-filter.v4":                 needsJS,
	"js-vals.v2":                           needsJS,
	"js-vals.v4":                           needsJS,
	"js-vars.v2":                           needsJS,
	"params-encoding-file.v2":              multipartFraming,
	"prompt-accept.v2":                     devtools,
	"resp-hx-location-back.v2":             history,
	"resp-hx-location-back.v4":             history,
	"resp-hx-location-json.v2":             history,
	"resp-hx-location-json.v4":             history,
	"resp-hx-location-path.v2":             history,
	"resp-hx-location-path.v4":             history,
	"resp-hx-push-and-replace.v2":          history,
	"resp-hx-push-and-replace.v4":          history,
	"resp-hx-push-url.v2":                  history,
	"resp-hx-push-url.v4":                  history,
	"resp-hx-replace-url.v2":               history,
	"resp-hx-replace-url.v4":               history,
	"status-204.v2":                        nobody,
	"status-204.v4":                        nobody,
	"status-304.v2":                        nobody,
	"status-304.v4":                        nobody,
	"status-redirect-303-push.v2":          history,
	"status-redirect-303-push.v4":          history,
}

// The reasons.
const (
	// needsJS: the scenario's page runs JavaScript (hx-on, a trigger
	// filter, js: values, hx-vars, a script in a response, a js: confirm);
	// the engine refuses it with an ErrNeedsJavaScript error naming the
	// attribute (TestRefusals checks each one), so what the script did
	// in Chromium does not happen.
	needsJS = "needs JavaScript: refused with an error naming the attribute"
	// history: pushing and replacing the URL in the session's history,
	// and back and forward through it (hx-push-url, hx-replace-url,
	// HX-Push-Url, HX-Replace-Url, HX-Location, boosting's push, the
	// history events), are not implemented yet: the URL stays.
	history = "history (push, replace, back, forward) not implemented yet"
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
)
