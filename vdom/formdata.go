package vdom

import (
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// File is a file of a form's entry list: the File API's name, type and
// bytes.
type File struct {
	Name string
	// Type is a MIME type, "" when unknown. As the File constructor does
	// (File API §4.1 step 3), a type with a character outside U+0020 to
	// U+007E counts as "" and any other is lower-cased: in FormData,
	// SetFiles and the encoded multipart body, so no type can add a
	// header line to a part.
	Type    string
	Content []byte
}

// fileType is the File constructor's steps for the type option (File
// API §4.1 "File constructor" step 3, as the Blob constructor's): a
// character outside U+0020 to U+007E gives "", any other type is
// ASCII-lower-cased.
func fileType(t string) string {
	for i := 0; i < len(t); i++ {
		if t[i] < 0x20 || t[i] > 0x7e {
			return ""
		}
	}
	return strings.ToLower(t)
}

// FormDataEntry is one entry of an entry list (HTML §4.10.21.4 "entry"): a
// name and either a string value or a file.
type FormDataEntry struct {
	Name  string
	Value string // the string value; "" for a file entry
	File  *File  // the file of a file entry, nil for a string entry
}

// IsFile reports whether the entry's value is a file.
func (e FormDataEntry) IsFile() bool { return e.File != nil }

// FormData is the XHR standard's FormData: an ordered list of entries with
// repeated names allowed. The zero value is an empty FormData ready to use
// (new FormData()); NewFormData builds one from a form.
type FormData struct {
	entries []FormDataEntry
}

// scalar converts s to a scalar value string, the Go form of replacing lone
// surrogates: invalid UTF-8 becomes U+FFFD.
func scalar(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// fileEntry is HTML "create an entry" for a file value.
func fileEntry(name string, f File) FormDataEntry {
	f.Name, f.Type = scalar(f.Name), fileType(f.Type)
	return FormDataEntry{Name: scalar(name), File: &f}
}

// Append adds an entry with a string value (append(name, value)).
func (f *FormData) Append(name, value string) {
	f.entries = append(f.entries, FormDataEntry{Name: scalar(name), Value: scalar(value)})
}

// AppendFile adds an entry whose value is file (append(name, blob,
// filename), with the file name in file.Name).
func (f *FormData) AppendFile(name string, file File) {
	f.entries = append(f.entries, fileEntry(name, file))
}

// Delete removes every entry named name.
func (f *FormData) Delete(name string) {
	name = scalar(name)
	f.entries = slices.DeleteFunc(f.entries, func(e FormDataEntry) bool { return e.Name == name })
}

// Get returns the first entry named name, and false when there is none (get()
// returning null).
func (f *FormData) Get(name string) (FormDataEntry, bool) {
	name = scalar(name)
	for _, e := range f.entries {
		if e.Name == name {
			return e, true
		}
	}
	return FormDataEntry{}, false
}

// GetAll returns the entries named name, in order.
func (f *FormData) GetAll(name string) []FormDataEntry {
	name = scalar(name)
	var out []FormDataEntry
	for _, e := range f.entries {
		if e.Name == name {
			out = append(out, e)
		}
	}
	return out
}

// Has reports whether an entry is named name.
func (f *FormData) Has(name string) bool {
	_, ok := f.Get(name)
	return ok
}

// Set replaces the first entry named name with a string entry and removes
// the others, or appends one when there is none.
func (f *FormData) Set(name, value string) {
	f.set(FormDataEntry{Name: scalar(name), Value: scalar(value)})
}

// SetFile is Set with a file value.
func (f *FormData) SetFile(name string, file File) { f.set(fileEntry(name, file)) }

func (f *FormData) set(e FormDataEntry) {
	i := slices.IndexFunc(f.entries, func(x FormDataEntry) bool { return x.Name == e.Name })
	if i < 0 {
		f.entries = append(f.entries, e)
		return
	}
	f.entries[i] = e
	rest := slices.DeleteFunc(f.entries[i+1:], func(x FormDataEntry) bool { return x.Name == e.Name })
	f.entries = f.entries[:i+1+len(rest)]
}

// Entries iterates over the entries in order. The FormData must not change
// during the iteration.
func (f *FormData) Entries() iter.Seq[FormDataEntry] {
	return func(yield func(FormDataEntry) bool) {
		for _, e := range f.entries {
			if !yield(e) {
				return
			}
		}
	}
}

// Len returns the number of entries.
func (f *FormData) Len() int { return len(f.entries) }
