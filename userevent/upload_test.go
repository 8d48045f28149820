package userevent_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

func TestUpload(t *testing.T) {
	doc := parse(t, `<input type=file id=f multiple>`)
	in := byID(t, doc, "f")
	log := watch(doc, "click", "input", "change")
	files := []vdom.File{
		{Name: "a.txt", Type: "text/plain", Content: []byte("hello")},
		{Name: "b.png", Type: "image/png", Content: []byte{0x89, 'P', 'N', 'G'}},
	}
	if err := userevent.New(doc).Upload(in, files...); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"click #f", "input #f", "change #f"}, types(*log)); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(files, in.Files()); diff != "" {
		t.Errorf("files mismatch (-want +got):\n%s", diff)
	}
	if in.Value() != `C:\fakepath\a.txt` {
		t.Errorf("value %q", in.Value())
	}
}

func TestUploadPrevented(t *testing.T) {
	doc := parse(t, `<input type=file id=f>`)
	in := byID(t, doc, "f")
	in.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
	log := watch(doc, "click", "input", "change")
	err := userevent.New(doc).Upload(in, vdom.File{Name: "a.txt"})
	if !errorsIs(err, userevent.ErrPrevented) {
		t.Fatalf("err = %v, want ErrPrevented", err)
	}
	if diff := cmp.Diff([]string{"click #f"}, types(*log)); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if len(in.Files()) != 0 {
		t.Errorf("files chosen: %v", in.Files())
	}
}

func TestUploadErrors(t *testing.T) {
	doc := parse(t, `<input type=file id=one accept=".txt, image/*"><input id=t><input type=file id=d disabled>`)
	log := watch(doc)
	u := userevent.New(doc)
	txt := vdom.File{Name: "a.txt", Type: "text/plain"}
	for _, tc := range []struct {
		name string
		do   func() error
		want string
	}{
		{"two files, no multiple", func() error { return u.Upload(byID(t, doc, "one"), txt, txt) }, `2 files for an input without the multiple attribute`},
		{"no files", func() error { return u.Upload(byID(t, doc, "one")) }, `no files given`},
		{"not accepted", func() error {
			return u.Upload(byID(t, doc, "one"), vdom.File{Name: "a.pdf", Type: "application/pdf"})
		}, `file "a.pdf" (type "application/pdf") does not match accept=".txt, image/*"`},
		{"not a file input", func() error { return u.Upload(byID(t, doc, "t"), txt) }, `#t: not a file input`},
		{"disabled", func() error { return u.Upload(byID(t, doc, "d"), txt) }, `element is disabled`},
	} {
		err := tc.do()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
	if len(*log) != 0 {
		t.Errorf("refused uploads fired events: %v", types(*log))
	}
}

func TestUploadAccept(t *testing.T) {
	for _, tc := range []struct {
		accept string
		file   vdom.File
		ok     bool
	}{
		{".txt", vdom.File{Name: "NOTES.TXT"}, true},
		{".txt", vdom.File{Name: "notes.md"}, false},
		{"image/*", vdom.File{Name: "x", Type: "image/jpeg"}, true},
		{"image/*", vdom.File{Name: "x.jpg"}, false},
		{"application/pdf, .doc", vdom.File{Name: "a", Type: "Application/PDF"}, true},
		{"", vdom.File{Name: "anything"}, true},
		{"nonsense", vdom.File{Name: "anything"}, true},
	} {
		doc := parse(t, `<input type=file id=f>`)
		in := byID(t, doc, "f")
		if err := in.SetAttribute("accept", tc.accept); err != nil {
			t.Fatal(err)
		}
		err := userevent.New(doc).Upload(in, tc.file)
		if (err == nil) != tc.ok {
			t.Errorf("accept %q, file %+v: err %v, want ok=%v", tc.accept, tc.file, err, tc.ok)
		}
	}
}

func TestUploadDisabledSkipChecks(t *testing.T) {
	doc := parse(t, `<input type=file id=f disabled>`)
	in := byID(t, doc, "f")
	err := userevent.New(doc, userevent.SkipChecks()).Upload(in, vdom.File{Name: "a.txt"})
	if !errorsIs(err, userevent.ErrDisabled) || !strings.Contains(err.Error(), "the file chooser did not open") {
		t.Fatalf("err = %v, want the chooser not opening because of ErrDisabled", err)
	}
	if len(in.Files()) != 0 {
		t.Errorf("files chosen: %v", in.Files())
	}
}
