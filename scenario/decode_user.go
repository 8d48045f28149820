package scenario

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// The arguments of the user-level steps (user.go) that are more than a
// target or a string.

// keys checks a key sequence in user-event's syntax ("hello{Enter}",
// "{Shift>}A{/Shift}"), so that a malformed one is an input error before
// anything runs rather than a step that fails.
func (d *decoder) keys(v *jsonValue, path, seq string) bool {
	if err := checkKeys(seq); err != nil {
		d.fail(keyErrorOffset(v, err), path, strings.TrimPrefix(err.Error(), "userevent: "), "")
		return false
	}
	return true
}

// keyPosition finds the position a key sequence error names, counted in
// characters from 0.
var keyPosition = regexp.MustCompile(` at position (\d+)`)

// keyErrorOffset is the file offset of the character a key sequence error
// names, as a selector error points at its character; the string's start
// when escapes in the JSON string would throw the count off, or when the
// message names no position.
func keyErrorOffset(v *jsonValue, err error) int {
	m := keyPosition.FindStringSubmatch(err.Error())
	if m == nil || v.End-v.Start != len(v.Str)+2 {
		return v.Start
	}
	n, convErr := strconv.Atoi(m[1])
	if convErr != nil {
		return v.Start
	}
	for i := range v.Str {
		if n == 0 {
			return v.Start + 1 + i
		}
		n--
	}
	return v.Start
}

// checkKeys returns the syntax error of a key sequence, or nil. userevent
// reads the whole sequence before it presses the first key, so pressing
// it on an empty page of its own is the check; whatever else happens
// there does not matter.
func checkKeys(seq string) error {
	empty := vdom.ParseString("<!DOCTYPE html><html><body></body></html>")
	err := userevent.New(empty).Keyboard(seq)
	if errors.Is(err, userevent.ErrKeySyntax) {
		return err
	}
	return nil
}

var selectionKeys = []string{"start", "end"}

// selection decodes the part of a field's text that type replaces:
// {"start": 0, "end": 5} in UTF-16 code units, as the DOM counts; equal
// ends put the caret there.
func (d *decoder) selection(v *jsonValue, path string) *userevent.Selection {
	f, ok := d.fields(v, path, selectionKeys, nil)
	if !ok {
		return nil
	}
	sel := &userevent.Selection{}
	good := true
	for _, k := range selectionKeys {
		x := f[k]
		if x == nil {
			d.fail(v.Start, path, "missing key "+quoteJSON(k), "a selection is {\"start\": 0, \"end\": 5}; equal ends are the caret")
			good = false
			continue
		}
		n, ok := d.integer(x, pathKey(path, k))
		switch {
		case !ok:
			good = false
		case n < 0:
			d.failf(x, pathKey(path, k), "want an offset of 0 or more, got %d", n)
			good = false
		case k == "start":
			sel.Start = n
		default:
			sel.End = n
		}
	}
	if good && sel.End < sel.Start {
		d.failf(v, path, "the selection ends (%d) before it starts (%d)", sel.End, sel.Start)
		good = false
	}
	if !good {
		return nil
	}
	return sel
}

// optionValues decodes the options to select or deselect: a value or
// label, or a non-empty array of them.
func (d *decoder) optionValues(v *jsonValue, path string) []string {
	switch v.Kind {
	case jsonString:
		return []string{v.Str}
	case jsonArray:
		if len(v.Items) == 0 {
			d.fail(v.Start, path, "no options: an empty list selects nothing", "name at least one option by its value or its label")
			return nil
		}
		var out []string
		for i, it := range v.Items {
			if s, ok := d.str(it, pathIndex(path, i)); ok {
				out = append(out, s)
			}
		}
		return out
	}
	d.wrongType(v, path, "an option's value or label, or an array of them")
	return nil
}

var fileKeys = []string{"name", "type", "content"}

// files decodes the files to upload: an object of name, type and content,
// or a non-empty array of them (choosing no file is cancelling the file
// chooser, which is no upload).
func (d *decoder) files(v *jsonValue, path string) []vdom.File {
	switch v.Kind {
	case jsonObject:
		if f, ok := d.oneFile(v, path); ok {
			return []vdom.File{f}
		}
		return nil
	case jsonArray:
		if len(v.Items) == 0 {
			d.fail(v.Start, path, "no files: a user who chooses no file cancels the chooser", "give at least one file {\"name\": ..., \"type\": ..., \"content\": ...}")
			return nil
		}
		var out []vdom.File
		for i, it := range v.Items {
			if f, ok := d.oneFile(it, pathIndex(path, i)); ok {
				out = append(out, f)
			}
		}
		return out
	}
	d.wrongType(v, path, "a file {\"name\": ..., \"type\": ..., \"content\": ...} or an array of them")
	return nil
}

func (d *decoder) oneFile(v *jsonValue, path string) (vdom.File, bool) {
	f, ok := d.fields(v, path, fileKeys, func(key string) string {
		if h := didYouMean(key, fileKeys); h != "" {
			return h
		}
		return "a file takes " + listKeys(fileKeys)
	})
	if !ok {
		return vdom.File{}, false
	}
	var file vdom.File
	good := true
	if n := f["name"]; n != nil {
		file.Name, good = d.name(n, pathKey(path, "name"), "file name")
	} else {
		d.fail(v.Start, path, "missing key \"name\"", "a file has a name, such as \"photo.png\"")
		good = false
	}
	if t := f["type"]; t != nil {
		s, ok := d.str(t, pathKey(path, "type"))
		file.Type, good = s, good && ok
	}
	if c := f["content"]; c != nil {
		s, ok := d.str(c, pathKey(path, "content"))
		file.Content, good = []byte(s), good && ok
	}
	return file, good
}
