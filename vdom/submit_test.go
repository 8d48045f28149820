package vdom_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// request is a NavigationRequest reduced to what tests compare.
type request struct {
	Method, URL, ContentType, Body, Target string
}

func requests(t testing.TB, doc *vdom.Document) []request {
	t.Helper()
	var out []request
	for _, r := range doc.Window().Navigations() {
		out = append(out, request{r.Method, r.URL.String(), r.Header.Get("Content-Type"), string(r.Body), r.Target})
	}
	return out
}

func TestSubmitButtons(t *testing.T) {
	tests := []struct {
		name    string
		markup  string
		click   string
		want    []request
		wantLog []string
	}{
		{"button without type submits", `<form id=f action="/s"><input name=q value="a b"><button id=b>Go</button></form>`, "b",
			[]request{{Method: "GET", URL: "https://example.com/s?q=a+b"}},
			[]string{"click@button#b", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"button with an invalid type submits", `<form id=f action="/s"><button id=b type=bogus name=x value=1>Go</button></form>`, "b",
			[]request{{Method: "GET", URL: "https://example.com/s?x=1"}},
			[]string{"click@button#b", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"type=button does nothing", `<form id=f><button id=b type=button>Go</button></form>`, "b",
			nil, []string{"click@button#b"}},
		{"input submit with its name", `<form id=f action="/s" method=post><input name=a value=1><input type=submit id=b name=go value=Send></form>`, "b",
			[]request{{Method: "POST", URL: "https://example.com/s", ContentType: "application/x-www-form-urlencoded", Body: "a=1&go=Send"}},
			[]string{"click@input#b", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"image button", `<form id=f action="/s"><input name=a value=1><input type=image id=b name=pos></form>`, "b",
			[]request{{Method: "GET", URL: "https://example.com/s?a=1&pos.x=0&pos.y=0"}},
			[]string{"click@input#b", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"image button without a name", `<form id=f action="/s"><input type=image id=b></form>`, "b",
			[]request{{Method: "GET", URL: "https://example.com/s?x=0&y=0"}},
			[]string{"click@input#b", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"disabled submit button", `<form id=f><button id=b disabled>Go</button></form>`, "b",
			nil, []string{"click@button#b"}},
		{"button outside a form", `<button id=b>Go</button>`, "b", nil, []string{"click@button#b"}},
		{"button with a form attribute", `<form id=f action="/s"><input name=a value=1></form><button id=b form=f>Go</button>`, "b",
			[]request{{Method: "GET", URL: "https://example.com/s?a=1"}},
			[]string{"click@button#b", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"canceled click", `<form id=f><button id=b>Go</button></form>`, "b!", nil, []string{"click@button#b"}},
		{"reset button", `<form id=f><input type=checkbox id=c checked><button id=b type=reset>R</button></form>`, "b",
			nil, []string{"click@button#b", "reset@form#f trusted"}},
		{"input reset", `<form id=f><input type=reset id=b></form>`, "b",
			nil, []string{"click@input#b", "reset@form#f trusted"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(tc.markup, vdom.WithURL("https://example.com/p"))
			log := record(t, doc)
			id := tc.click
			if id[len(id)-1] == '!' {
				id = id[:len(id)-1]
				byID(t, doc, id).AddEventListener("click", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			}
			if _, err := byID(t, doc, id).DispatchEvent(clickEvent()); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, requests(t, doc)); diff != "" {
				t.Errorf("requests mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantLog, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSubmitEventSubmitter(t *testing.T) {
	doc := vdom.ParseString(`<form id=f action="/s"><button id=b>b</button></form>`, vdom.WithURL("https://example.com/"))
	f := byID(t, doc, "f")
	var got []string
	f.AddEventListener("submit", vdom.NewListener(func(e *vdom.Event) {
		se, ok := e.AsSubmit()
		got = append(got, fmt.Sprintf("%s %v submitter=%v bubbles=%v cancelable=%v", e.Interface(), ok, se.Submitter, e.Bubbles(), e.Cancelable()))
	}))
	if err := byID(t, doc, "b").Click(); err != nil {
		t.Fatal(err)
	}
	if err := f.RequestSubmit(nil); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"SubmitEvent true submitter=button#b bubbles=true cancelable=true",
		"SubmitEvent true submitter=<nil> bubbles=true cancelable=true",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestImageButtonCoordinates(t *testing.T) {
	doc := vdom.ParseString(`<form id=f action="/map"><input type=image name=pos id=img></form>`, vdom.WithURL("https://example.com/"))
	e := vdom.NewMouseEvent("click", vdom.MouseEventInit{
		EventInit:  vdom.EventInit{Bubbles: true, Cancelable: true},
		MouseEvent: vdom.MouseEvent{ClientX: 12.7, ClientY: 34},
	})
	if _, err := byID(t, doc, "img").DispatchEvent(e); err != nil {
		t.Fatal(err)
	}
	want := []request{{Method: "GET", URL: "https://example.com/map?pos.x=12&pos.y=34"}}
	if diff := cmp.Diff(want, requests(t, doc)); diff != "" {
		t.Errorf("requests mismatch (-want +got):\n%s", diff)
	}
}

func TestEntryList(t *testing.T) {
	tests := []struct {
		name      string
		markup    string
		submitter string
		want      string // the urlencoded GET query
	}{
		{"text and textarea", `<input name=a value=1><textarea name=t>x</textarea>`, "", "a=1&t=x"},
		{"no name, empty name", `<input value=1><input name="" value=2><input name=c value=3>`, "", "c=3"},
		{"disabled and disabled fieldset", `<input name=a value=1 disabled><fieldset disabled><input name=b value=2></fieldset><input name=c value=3>`, "", "c=3"},
		{"datalist ancestor: submitted, as Chromium", `<datalist><input name=a value=1></datalist><input name=b value=2>`, "", "a=1&b=2"},
		{"submit button without a value: its label, as Chromium", `<input type=submit name=s id=s><button name=b id=b>x</button>`, "s", "s=Submit"},
		{"button without a value", `<input type=submit name=s><button name=b id=b>x</button>`, "b", "b="},
		{"checkboxes and radios", `<input type=checkbox name=c1 checked><input type=checkbox name=c2 value=v checked><input type=checkbox name=c3><input type=radio name=r value=x><input type=radio name=r value=y checked>`, "", "c1=on&c2=v&r=y"},
		{"buttons only as submitter", `<button name=b1 value=1>x</button><input type=submit name=b2 value=2 id=s><input type=reset name=b3 value=3><input type=button name=b4 value=4>`, "s", "b2=2"},
		{"no submitter: no button", `<button name=b1 value=1>x</button><input name=a value=1>`, "", "a=1"},
		{"select", `<select name=s><option>a<option selected>b</select><select name=m multiple><option selected>1<option>2<option selected value=three>3</select>`, "", "s=b&m=1&m=three"},
		{"select: disabled option skipped", `<select name=m multiple><option selected disabled>1<optgroup disabled><option selected>2</optgroup><option selected>3</select>`, "", "m=3"},
		{"_charset_", `<input type=hidden name=_charset_ value=x><input type=hidden name=_CHARSET_>`, "", "_charset_=UTF-8&_CHARSET_=UTF-8"},
		{"empty file input", `<input type=file name=f>`, "", "f="},
		{"dirname", `<input name=a value=1 dirname=a.dir><div dir=rtl><input name=b value=2 dirname=b.dir></div><input name=c dir=auto value="שלום" dirname=c.dir>`, "", "a=1&a.dir=ltr&b=2&b.dir=rtl&c=%D7%A9%D7%9C%D7%95%D7%9D&c.dir=rtl"},
		{"elements outside the form with form=", ``, "", "in=1&out=2"},
		{"object", `<object name=o></object><input name=a value=1>`, "", "a=1"},
		{"newlines normalized", `<textarea name="t">a
b</textarea>`, "", "t=a%0D%0Ab"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			markup := `<form id=f action="/s">` + tc.markup + `</form>`
			if tc.name == "elements outside the form with form=" {
				markup = `<input name=before form=f value=0 disabled><form id=f action="/s"><input name=in value=1></form><input name=out value=2 form=f><input name=other value=3>`
			}
			doc := vdom.ParseString(markup, vdom.WithURL("https://example.com/"))
			form := byID(t, doc, "f")
			var sub *vdom.Node
			if tc.submitter != "" {
				sub = byID(t, doc, tc.submitter)
			}
			if err := form.RequestSubmit(sub); err != nil {
				t.Fatal(err)
			}
			want := []request{{Method: "GET", URL: "https://example.com/s?" + tc.want}}
			if diff := cmp.Diff(want, requests(t, doc)); diff != "" {
				t.Errorf("requests mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSubmitterOverrides(t *testing.T) {
	const markup = `<base target=basetarget><form id=f action="/form" method=post enctype="text/plain" target=formtarget>
		<input name=a value=1>
		<button id=plain>p</button>
		<button id=get formmethod=get formaction="/other?old=1">g</button>
		<button id=bogus formmethod=bogus formenctype=bogus>b</button>
		<button id=enc formenctype="application/x-www-form-urlencoded" formtarget=_blank>e</button>
		<button id=dialog formmethod=dialog>d</button>
		<input type=submit id=upper formmethod=POST formenctype="TEXT/PLAIN">
	</form>`
	tests := []struct {
		click string
		want  request
	}{
		{"plain", request{"POST", "https://example.com/form", "text/plain", "a=1\r\n", "formtarget"}},
		{"get", request{"GET", "https://example.com/other?a=1", "", "", "formtarget"}},
		{"bogus", request{"GET", "https://example.com/form?a=1", "", "", "formtarget"}},
		{"enc", request{"POST", "https://example.com/form", "application/x-www-form-urlencoded", "a=1", "_blank"}},
		{"upper", request{"POST", "https://example.com/form", "text/plain", "a=1\r\n", "formtarget"}},
	}
	t.Run("formmethod=post with text/plain on a GET form", func(t *testing.T) {
		// Chromium sends the urlencoded bytes under the text/plain type.
		doc := vdom.ParseString(`<form action="/f"><input name=a value="1 2"><button id=t formmethod=post formenctype="text/plain">t</button></form>`, vdom.WithURL("https://example.com/"))
		if err := byID(t, doc, "t").Click(); err != nil {
			t.Fatal(err)
		}
		want := []request{{"POST", "https://example.com/f", "text/plain", "a=1+2", ""}}
		if diff := cmp.Diff(want, requests(t, doc)); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
	})
	for _, tc := range tests {
		t.Run(tc.click, func(t *testing.T) {
			doc := vdom.ParseString(markup, vdom.WithURL("https://example.com/"))
			if err := byID(t, doc, tc.click).Click(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]request{tc.want}, requests(t, doc)); diff != "" {
				t.Errorf("requests mismatch (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("dialog outside a dialog", func(t *testing.T) {
		doc := vdom.ParseString(markup, vdom.WithURL("https://example.com/"))
		if err := byID(t, doc, "dialog").Click(); err != nil {
			t.Fatal(err)
		}
		if got := requests(t, doc); len(got) != 0 {
			t.Errorf("method=dialog navigated: %v", got)
		}
	})
	t.Run("base target when the form has none", func(t *testing.T) {
		doc := vdom.ParseString(`<base target=bt><form id=f action="/x"><button id=b>b</button></form>`, vdom.WithURL("https://example.com/"))
		_ = byID(t, doc, "b").Click()
		if diff := cmp.Diff([]request{{"GET", "https://example.com/x?", "", "", "bt"}}, requests(t, doc)); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestSubmitMultipart(t *testing.T) {
	doc := vdom.ParseString(`<form id=f action="/up" method=post enctype="multipart/form-data">
		<input name="na&quot;me" value="v1">
		<textarea name=t>l1
l2</textarea>
		<input type=file name=doc id=file>
		<input type=file name=none>
	</form>`, vdom.WithURL("https://example.com/"))
	if err := byID(t, doc, "file").SetFiles([]vdom.File{{Name: "a.txt", Type: "text/plain", Content: []byte("hello")}, {Name: "b.bin", Content: []byte{0, 1}}}); err != nil {
		t.Fatal(err)
	}
	if err := byID(t, doc, "f").Submit(); err != nil {
		t.Fatal(err)
	}
	navs := doc.Window().Navigations()
	if len(navs) != 1 || navs[0].Method != "POST" {
		t.Fatalf("navigations %+v", navs)
	}
	mt, params, err := mime.ParseMediaType(navs[0].Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		t.Fatalf("Content-Type %q: %v", navs[0].Header.Get("Content-Type"), err)
	}
	type part struct{ Name, FileName, Type, Body string }
	var got []part
	r := multipart.NewReader(bytes.NewReader(navs[0].Body), params["boundary"])
	for {
		p, err := r.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%v\n%s", err, navs[0].Body)
		}
		_, dp, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		b, _ := io.ReadAll(p)
		got = append(got, part{dp["name"], dp["filename"], p.Header.Get("Content-Type"), string(b)})
	}
	want := []part{
		{"na%22me", "", "", "v1"},
		{"t", "", "", "l1\r\nl2"},
		{"doc", "a.txt", "text/plain", "hello"},
		{"doc", "b.bin", "application/octet-stream", "\x00\x01"},
		{"none", "", "application/octet-stream", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parts mismatch (-want +got):\n%s", diff)
	}
}

func TestSubmitValidation(t *testing.T) {
	tests := []struct {
		name    string
		markup  string
		submit  func(doc *vdom.Document) error
		want    []request
		wantLog []string
	}{
		{"invalid form blocks", `<form id=f action="/s"><input id=r name=r required><button id=b>Go</button></form>`,
			func(doc *vdom.Document) error { return doc.GetElementByID("b").Click() },
			nil, []string{"click@button#b", "invalid@input#r trusted"}},
		{"novalidate", `<form id=f action="/s" novalidate><input id=r name=r required><button id=b>Go</button></form>`,
			func(doc *vdom.Document) error { return doc.GetElementByID("b").Click() },
			[]request{{Method: "GET", URL: "https://example.com/s?r="}},
			[]string{"click@button#b", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"formnovalidate", `<form id=f action="/s"><input id=r name=r required><button id=b formnovalidate>Go</button></form>`,
			func(doc *vdom.Document) error { return doc.GetElementByID("b").Click() },
			[]request{{Method: "GET", URL: "https://example.com/s?r="}},
			[]string{"click@button#b", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"Submit skips validation and the submit event", `<form id=f action="/s"><input id=r name=r required></form>`,
			func(doc *vdom.Document) error { return doc.GetElementByID("f").Submit() },
			[]request{{Method: "GET", URL: "https://example.com/s?r="}},
			[]string{"formdata@form#f trusted"}},
		{"RequestSubmit validates", `<form id=f action="/s"><input id=r name=r required></form>`,
			func(doc *vdom.Document) error { return doc.GetElementByID("f").RequestSubmit(nil) },
			nil, []string{"invalid@input#r trusted"}},
		{"a canceled invalid event still blocks", `<form id=f action="/s"><input id=r name=r required onx></form>`,
			func(doc *vdom.Document) error {
				doc.GetElementByID("r").AddEventListener("invalid", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
				return doc.GetElementByID("f").RequestSubmit(nil)
			},
			nil, []string{"invalid@input#r trusted"}},
		{"canceled submit", `<form id=f action="/s"><input name=a value=1></form>`,
			func(doc *vdom.Document) error {
				doc.GetElementByID("f").AddEventListener("submit", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
				return doc.GetElementByID("f").RequestSubmit(nil)
			},
			nil, []string{"submit@form#f trusted"}},
		{"formdata listener adds an entry", `<form id=f action="/s"><input name=a value=1></form>`,
			func(doc *vdom.Document) error {
				doc.GetElementByID("f").AddEventListener("formdata", vdom.NewListener(func(e *vdom.Event) {
					fd, ok := e.AsFormData()
					if !ok {
						panic("no FormData")
					}
					fd.Append("extra", "x y")
				}))
				return doc.GetElementByID("f").RequestSubmit(nil)
			},
			[]request{{Method: "GET", URL: "https://example.com/s?a=1&extra=x+y"}},
			[]string{"submit@form#f trusted", "formdata@form#f trusted"}},
		{"submit from a submit listener does not recurse", `<form id=f action="/s"><input name=a value=1></form>`,
			func(doc *vdom.Document) error {
				f := doc.GetElementByID("f")
				f.AddEventListener("submit", vdom.NewListener(func(e *vdom.Event) {
					if err := f.RequestSubmit(nil); err != nil {
						panic(err)
					}
				}))
				return f.RequestSubmit(nil)
			},
			[]request{{Method: "GET", URL: "https://example.com/s?a=1"}},
			[]string{"submit@form#f trusted", "formdata@form#f trusted"}},
		{"submit from a formdata listener does nothing", `<form id=f action="/s"><input name=a value=1></form>`,
			func(doc *vdom.Document) error {
				f := doc.GetElementByID("f")
				f.AddEventListener("formdata", vdom.NewListener(func(e *vdom.Event) {
					if err := f.Submit(); err != nil {
						panic(err)
					}
				}))
				return f.Submit()
			},
			[]request{{Method: "GET", URL: "https://example.com/s?a=1"}},
			[]string{"formdata@form#f trusted"}},
		{"GET replaces the action's query; the request has no fragment", `<form id=f action="/s?old=1#frag"><input name=a value=1></form>`,
			func(doc *vdom.Document) error { return doc.GetElementByID("f").Submit() },
			[]request{{Method: "GET", URL: "https://example.com/s?a=1"}},
			[]string{"formdata@form#f trusted"}},
		{"GET with no entries ends in ?", `<form id=f action="/s?old=1"></form>`,
			func(doc *vdom.Document) error { return doc.GetElementByID("f").Submit() },
			[]request{{Method: "GET", URL: "https://example.com/s?"}},
			[]string{"formdata@form#f trusted"}},
		{"no action: the document's URL", `<form id=f><input name=a value=1></form>`,
			func(doc *vdom.Document) error { return doc.GetElementByID("f").Submit() },
			[]request{{Method: "GET", URL: "https://example.com/page?a=1"}},
			[]string{"formdata@form#f trusted"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(tc.markup, vdom.WithURL("https://example.com/page?q=0"))
			log := record(t, doc)
			if err := tc.submit(doc); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, requests(t, doc)); diff != "" {
				t.Errorf("requests mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantLog, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSubmitErrors(t *testing.T) {
	doc := vdom.ParseString(`<form id=f action="mailto:a@example.com"><button id=b>b</button><button id=nb type=button>n</button></form>
		<form id=g><button id=other>o</button></form><div id=d></div>
		<form id=js action="javascript:alert(1)"></form>`, vdom.WithURL("https://example.com/"))
	f := byID(t, doc, "f")
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"submitter not a submit button", f.RequestSubmit(byID(t, doc, "nb")), vdom.ErrType},
		{"submitter of another form", f.RequestSubmit(byID(t, doc, "other")), vdom.ErrNotFound},
		{"not a form", byID(t, doc, "d").RequestSubmit(nil), vdom.ErrType},
		{"mailto", f.Submit(), vdom.ErrNotSupported},
		{"javascript", byID(t, doc, "js").Submit(), vdom.ErrNotSupported},
	}
	for _, tc := range tests {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, tc.err, tc.want)
		}
	}
	if n := doc.Window().Navigations(); len(n) != 0 {
		t.Errorf("navigations %v", n)
	}
	if _, err := vdom.NewFormData(f, byID(t, doc, "other")); !errors.Is(err, vdom.ErrNotFound) {
		t.Errorf("NewFormData with another form's submitter: %v", err)
	}
	if err := byID(t, doc, "b").SetFiles([]vdom.File{{Name: "x"}}); !errors.Is(err, vdom.ErrInvalidState) {
		t.Errorf("SetFiles on a button: %v, want ErrInvalidState", err)
	}
}

func TestSubmitWithoutBrowsingContext(t *testing.T) {
	for _, doc := range []*vdom.Document{
		vdom.ParseString(`<form id=f><input name=a value=1></form>`, vdom.WithoutWindow()),
	} {
		log := &[]string{}
		f := byID(t, doc, "f")
		f.AddEventListener("submit", vdom.NewListener(func(e *vdom.Event) { *log = append(*log, "submit") }))
		if err := f.RequestSubmit(nil); err != nil {
			t.Fatal(err)
		}
		if len(*log) != 0 {
			t.Errorf("a document without a Window fired %v", *log)
		}
	}
	// A detached form cannot navigate either.
	doc := vdom.ParseString(`<form id=f><input name=a value=1></form>`)
	f := byID(t, doc, "f")
	f.Remove()
	if err := f.RequestSubmit(nil); err != nil {
		t.Fatal(err)
	}
	if n := doc.Window().Navigations(); len(n) != 0 {
		t.Errorf("a detached form navigated: %v", n)
	}
}

func TestDialogSubmission(t *testing.T) {
	tests := []struct {
		name, click, wantReturn string
	}{
		{"button value", "ok", "yes"},
		{"image button coordinate", "img", "0,0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(`<dialog id=d open><form method=dialog><input name=a value=1><button id=ok value=yes>OK</button><input type=image id=img></form></dialog>`)
			log := record(t, doc)
			d := byID(t, doc, "d")
			d.SetReturnValue("before")
			if err := byID(t, doc, tc.click).Click(); err != nil {
				t.Fatal(err)
			}
			if d.HasAttribute("open") {
				t.Errorf("the dialog is still open")
			}
			if got := d.ReturnValue(); got != tc.wantReturn {
				t.Errorf("ReturnValue() = %q, want %q", got, tc.wantReturn)
			}
			if _, err := doc.RunTasks(); err != nil {
				t.Fatal(err)
			}
			// No formdata: method=dialog closes before an entry list is
			// built (as Chromium); toggle, then close, from queued tasks.
			want := []string{"click@input#img", "submit@form trusted", "toggle@dialog#d trusted", "close@dialog#d trusted"}
			if tc.click == "ok" {
				want[0] = "click@button#ok"
			}
			if diff := cmp.Diff(want, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
			if n := doc.Window().Navigations(); len(n) != 0 {
				t.Errorf("method=dialog navigated: %v", n)
			}
		})
	}
	// The focused submitter loses focus when the dialog closes, after the
	// toggle and close tasks, as in Chromium (recorded: toggle, then blur
	// and focusout).
	t.Run("focus leaves the closed dialog last", func(t *testing.T) {
		doc := vdom.ParseString(`<dialog id=d open><form method=dialog><button id=ok value=yes>OK</button></form></dialog>`)
		ok := byID(t, doc, "ok")
		if err := ok.Focus(); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, typ := range []string{"toggle", "close", "blur", "focusout"} {
			doc.AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
				got = append(got, e.Type()+"@"+e.Target().(*vdom.Node).ID())
			}), vdom.ListenerOptions{Capture: true})
		}
		if err := ok.Click(); err != nil {
			t.Fatal(err)
		}
		if _, err := doc.RunTasks(); err != nil {
			t.Fatal(err)
		}
		want := []string{"toggle@d", "close@d", "blur@ok", "focusout@ok"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("events mismatch (-want +got):\n%s", diff)
		}
		if a := doc.ActiveElement(); a != doc.Body() {
			t.Errorf("ActiveElement() = %v, want the body", a)
		}
	})
	t.Run("form submitting itself keeps the return value", func(t *testing.T) {
		doc := vdom.ParseString(`<dialog id=d open><form id=f method=dialog></form></dialog>`)
		d := byID(t, doc, "d")
		d.SetReturnValue("kept")
		if err := byID(t, doc, "f").RequestSubmit(nil); err != nil {
			t.Fatal(err)
		}
		if d.HasAttribute("open") || d.ReturnValue() != "kept" {
			t.Errorf("open %v, returnValue %q", d.HasAttribute("open"), d.ReturnValue())
		}
	})
}

func TestReset(t *testing.T) {
	doc := vdom.ParseString(`<form id=f><input type=checkbox id=c></form>`)
	log := record(t, doc)
	f, c := byID(t, doc, "f"), byID(t, doc, "c")
	c.SetChecked(true)
	cancel := true
	f.AddEventListener("reset", vdom.NewListener(func(e *vdom.Event) {
		if cancel {
			e.PreventDefault()
		}
	}))
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	if !c.Checked() {
		t.Errorf("a canceled reset reset the checkbox")
	}
	cancel = false
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	if c.Checked() {
		t.Errorf("Reset() left the checkbox checked")
	}
	if diff := cmp.Diff([]string{"reset@form#f trusted", "reset@form#f trusted"}, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
}

func TestNewFormData(t *testing.T) {
	doc := vdom.ParseString(`<form id=f><input name=a value=1><input type=checkbox name=c checked><button id=b name=go value=x>b</button></form>`)
	fd, err := vdom.NewFormData(byID(t, doc, "f"), byID(t, doc, "b"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for e := range fd.Entries() {
		got = append(got, e.Name+"="+e.Value)
	}
	if diff := cmp.Diff([]string{"a=1", "c=on", "go=x"}, got); diff != "" {
		t.Errorf("entries mismatch (-want +got):\n%s", diff)
	}
	if n := doc.Window().Navigations(); len(n) != 0 {
		t.Errorf("NewFormData navigated: %v", n)
	}
}

func TestImplicitSubmission(t *testing.T) {
	tests := []struct {
		name    string
		markup  string
		want    []request
		wantLog []string
	}{
		{"default button", `<form id=f action="/s"><input id=t name=a value=1><button type=button>x</button><button id=b name=go value=1>go</button><button name=second>2</button></form>`,
			[]request{{Method: "GET", URL: "https://example.com/s?a=1&go=1"}},
			[]string{"click@button#b trusted", "submit@form#f trusted", "formdata@form#f trusted"}},
		{"disabled default button blocks", `<form id=f action="/s"><input id=t name=a value=1><button id=b disabled>go</button><button>2</button></form>`,
			nil, nil},
		{"no button, one field", `<form id=f action="/s"><input id=t name=a value=1><input type=checkbox name=c checked></form>`,
			[]request{{Method: "GET", URL: "https://example.com/s?a=1&c=on"}},
			[]string{"submit@form#f trusted", "formdata@form#f trusted"}},
		{"no button, two fields", `<form id=f action="/s"><input id=t name=a value=1><input type=email name=e></form>`,
			nil, nil},
		{"no button, no text field: Enter on a checkbox", `<form id=f action="/s"><input type=checkbox id=t name=c></form>`,
			nil, nil},
		{"readonly field counts", `<form id=f action="/s"><input id=t name=a value=r readonly></form>`,
			[]request{{Method: "GET", URL: "https://example.com/s?a=r"}},
			[]string{"submit@form#f trusted", "formdata@form#f trusted"}},
		{"submit button outside the form via form=", `<form id=f action="/s"><input id=t name=a value=1><input name=b></form><input type=submit form=f id=b>`,
			[]request{{Method: "GET", URL: "https://example.com/s?a=1&b="}},
			[]string{"click@input#b trusted", "submit@form#f trusted", "formdata@form#f trusted"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(tc.markup, vdom.WithURL("https://example.com/"))
			log := record(t, doc)
			if err := vdom.ImplicitSubmissionForTest(byID(t, doc, "t")); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, requests(t, doc)); diff != "" {
				t.Errorf("requests mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantLog, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

var _ = url.Parse

func TestNewFormDataInsideFormdataListener(t *testing.T) {
	doc := vdom.ParseString(`<form id=f><input name=a value=1></form>`)
	f := byID(t, doc, "f")
	var inner error
	var bubbles, cancelable bool
	f.AddEventListener("formdata", vdom.NewListener(func(e *vdom.Event) {
		bubbles, cancelable = e.Bubbles(), e.Cancelable()
		if e.Interface() != "FormDataEvent" || e.Detail() != nil {
			t.Errorf("formdata event: Interface() %q, Detail() %v", e.Interface(), e.Detail())
		}
		_, inner = vdom.NewFormData(f, nil)
		fd, _ := e.AsFormData()
		fd.Delete("a")
		fd.AppendFile("upload", vdom.File{Name: "x.txt", Content: []byte("x")})
	}))
	fd, err := vdom.NewFormData(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(inner, vdom.ErrInvalidState) {
		t.Errorf("NewFormData inside a formdata listener: %v, want ErrInvalidState", inner)
	}
	if !bubbles || cancelable {
		t.Errorf("formdata bubbles=%v cancelable=%v, want true, false", bubbles, cancelable)
	}
	want := []vdom.FormDataEntry{{Name: "upload", File: &vdom.File{Name: "x.txt", Content: []byte("x")}}}
	var got []vdom.FormDataEntry
	for e := range fd.Entries() {
		got = append(got, e)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries mismatch (-want +got):\n%s", diff)
	}
}

// Enter in a text field submits its form (implicit submission) through
// DispatchTrusted's keypress default action.
func TestEnterSubmitsForm(t *testing.T) {
	doc := vdom.ParseString(`<form id=f action="/s"><input id=t name=q value=x><input type=checkbox id=c name=c checked><button id=b name=go value=1>go</button></form>`, vdom.WithURL("https://example.com/"))
	log := record(t, doc)
	for _, id := range []string{"t", "c"} {
		for _, typ := range []string{"keydown", "keypress", "keyup"} {
			init := vdom.KeyboardEventInit{EventInit: vdom.EventInit{Bubbles: true, Cancelable: true}}
			init.Key = "Enter"
			if typ == "keypress" {
				init.CharCode, init.KeyCode = 13, 13
			}
			if _, err := vdom.DispatchTrusted(byID(t, doc, id), vdom.NewKeyboardEvent(typ, init)); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := []request{
		{Method: "GET", URL: "https://example.com/s?q=x&c=on&go=1"},
		{Method: "GET", URL: "https://example.com/s?q=x&c=on&go=1"},
	}
	if diff := cmp.Diff(want, requests(t, doc)); diff != "" {
		t.Errorf("requests mismatch (-want +got):\n%s", diff)
	}
	wantLog := []string{
		"click@button#b trusted", "submit@form#f trusted", "formdata@form#f trusted",
		"click@button#b trusted", "submit@form#f trusted", "formdata@form#f trusted",
	}
	if diff := cmp.Diff(wantLog, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
}

// Interactive validation reports the first invalid control by focusing it.
func TestInvalidFormFocusesFirstInvalid(t *testing.T) {
	doc := vdom.ParseString(`<form id=f><input id=ok name=a value=1><input id=first name=b required><input id=second name=c required><button id=b>go</button></form>`)
	first := byID(t, doc, "first")
	first.AddEventListener("invalid", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
	if err := byID(t, doc, "b").Click(); err != nil {
		t.Fatal(err)
	}
	if got := doc.ActiveElement(); got != byID(t, doc, "second") {
		t.Errorf("ActiveElement() = %v, want input#second (the first invalid control whose invalid event was not canceled)", got)
	}
	if n := doc.Window().Navigations(); len(n) != 0 {
		t.Errorf("an invalid form navigated: %v", n)
	}
}

func TestFileInputSelection(t *testing.T) {
	doc := vdom.ParseString(`<form id=f><input type=file id=file name=up required></form>`)
	file := byID(t, doc, "file")
	if file.Validity().ValueMissing != true || file.Value() != "" {
		t.Fatalf("before: valueMissing %v, value %q", file.Validity().ValueMissing, file.Value())
	}
	if err := file.SetFiles([]vdom.File{{Name: "a.txt"}, {Name: "b.txt"}}); err != nil {
		t.Fatal(err)
	}
	if file.Validity().ValueMissing || file.Value() != `C:\fakepath\a.txt` || len(file.Files()) != 2 {
		t.Errorf("after SetFiles: valueMissing %v, value %q, %d files", file.Validity().ValueMissing, file.Value(), len(file.Files()))
	}
	if err := file.SetValue(""); err != nil || len(file.Files()) != 0 {
		t.Errorf(`SetValue(""): %v, %d files left`, err, len(file.Files()))
	}
	mustOK(t, file.SetFiles([]vdom.File{{Name: "c.txt"}}))
	if err := byID(t, doc, "f").Reset(); err != nil || len(file.Files()) != 0 {
		t.Errorf("Reset(): %v, %d files left", err, len(file.Files()))
	}
}
