package userevent

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// Upload chooses files in the file input input, as a user does: Click on
// the input opens the file chooser (the default action of its click), and
// choosing files in it sets the input's files (name, type and content, as
// given) and fires input and change at it, as Chromium does for every
// choice made in the chooser.
//
// The checks come before any event: input must be where a click reaches
// it (Click's checks: not hidden, invisible, pointer-events: none or
// disabled), an input of type file;
// at least one file is needed (choosing none is cancelling the chooser);
// several files need the multiple attribute; and when the input has an
// accept attribute every file must match one of its tokens (a ".ext"
// extension of the name, ignoring case, a MIME type such as "image/png",
// or "image/*", "audio/*", "video/*" against the file's Type): a user's
// chooser does not offer other files, so Upload says which file does not
// match rather than dropping it. A click the page cancels opens no
// chooser: the events of the click are fired, nothing is chosen, and the
// error wraps ErrPrevented.
func (u *User) Upload(input *vdom.Node, files ...vdom.File) error {
	return u.scoped(func() error {
		const action = "upload"
		// The chooser opens on a click of the input.
		if err := u.checkPointer(action, input, false); err != nil {
			return err
		}
		if input.LocalName() != "input" || input.Type() != "file" {
			return errkind.Errorf("userevent: %s %s: not a file input", action, elname.Of(input))
		}
		if len(files) == 0 {
			return errkind.Errorf("userevent: %s %s: no files given", action, elname.Of(input))
		}
		if len(files) > 1 && !input.HasAttribute("multiple") {
			return errkind.Errorf("userevent: %s %s: %d files for an input without the multiple attribute", action, elname.Of(input), len(files))
		}
		if accept, ok := input.GetAttribute("accept"); ok {
			for _, f := range files {
				if !accepts(accept, f) {
					return errkind.Errorf("userevent: %s %s: file %q (type %q) does not match accept=%q", action, elname.Of(input), f.Name, f.Type, accept)
				}
			}
		}
		var errs []error
		u.moveAt(&errs, input, Point{})
		res := u.pressRelease(&errs, 1, u.state())
		if disabledControl(input) {
			// Only with SkipChecks: Chromium dispatches no click at it.
			errs = append(errs, errkind.Errorf("the file chooser did not open: %w", ErrDisabled))
			return joined(action, input, errs)
		}
		if res.clicked != input || !res.clickOK || !u.connected(input) {
			errs = append(errs, errkind.Errorf("the file chooser did not open: %w", ErrPrevented))
			return joined(action, input, errs)
		}
		if err := input.SetFiles(files); err != nil {
			// The input stopped being a file input during its click.
			errs = append(errs, err)
			return joined(action, input, errs)
		}
		u.fireInputChange(&errs, input)
		return joined(action, input, errs)
	})
}

// accepts reports whether f matches one of the comma-separated tokens of
// an accept attribute (HTML §4.10.5.1.18). An attribute with no valid
// token accepts everything, as browsers then offer every file.
func accepts(accept string, f vdom.File) bool {
	valid := false
	typ := strings.ToLower(f.Type)
	for _, tok := range strings.Split(accept, ",") {
		tok = strings.ToLower(strings.TrimSpace(tok))
		switch {
		case strings.HasPrefix(tok, "."):
			valid = true
			if strings.HasSuffix(strings.ToLower(f.Name), tok) && len(f.Name) > len(tok) {
				return true
			}
		case tok == "image/*" || tok == "audio/*" || tok == "video/*":
			valid = true
			if strings.HasPrefix(typ, strings.TrimSuffix(tok, "*")) {
				return true
			}
		case strings.Count(tok, "/") == 1 && !strings.ContainsAny(tok, " *;"):
			valid = true
			if typ == tok {
				return true
			}
		}
	}
	return !valid
}
