package browse_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// formSite serves a page of forms at / and, at /echo, a page that shows
// what the handler parsed of the request.
func formSite() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", htmlPage(`<title>Forms</title>
		<form id="get" action="/echo"><input name="q" value="a b"><input name="n" value="é"><button>Search</button></form>
		<form id="post" method="post" action="/echo"><input name="user" value="ann"><input name="note" value="x&y=z"><button id="post-btn">Save</button></form>
		<form id="multi" method="post" action="/echo" enctype="multipart/form-data"><input name="title" value="T"><input type="file" name="doc"><button>Upload</button></form>
		<form id="plain" method="post" action="/echo" enctype="text/plain"><input name="a" value="1"><input name="b" value="two words"><button>Send</button></form>`))
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		var lines []string
		lines = append(lines, r.Method+" "+r.RequestURI, "type "+strings.Split(r.Header.Get("Content-Type"), ";")[0])
		switch {
		case strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data"):
			if err := r.ParseMultipartForm(1 << 20); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			for k, v := range r.MultipartForm.Value {
				lines = append(lines, fmt.Sprintf("value %s=%q", k, v))
			}
			for k, fs := range r.MultipartForm.File {
				for _, fh := range fs {
					f, _ := fh.Open()
					b, _ := io.ReadAll(f)
					f.Close()
					lines = append(lines, fmt.Sprintf("file %s=%s %s %q", k, fh.Filename, fh.Header.Get("Content-Type"), b))
				}
			}
		case r.Header.Get("Content-Type") == "text/plain":
			b, _ := io.ReadAll(r.Body)
			lines = append(lines, fmt.Sprintf("body %q", b))
		default:
			if err := r.ParseForm(); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			for k, v := range r.Form {
				lines = append(lines, fmt.Sprintf("form %s=%q", k, v))
			}
		}
		sort.Strings(lines[2:])
		htmlPage(`<pre id="out">`+htmlEscape(strings.Join(lines, "\n"))+`</pre>`)(w, r)
	})
	return mux
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func TestFormSubmissions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		submit func(t *testing.T, doc *vdom.Document) error
		method string
		want   []string
	}{
		{"GET urlencoded", func(t *testing.T, doc *vdom.Document) error {
			return userevent.New(doc).Click(el(t, doc, "#get button"))
		}, "GET", []string{"GET /echo?q=a+b&n=%C3%A9", "type ", `form n=["é"]`, `form q=["a b"]`}},
		{"POST urlencoded", func(t *testing.T, doc *vdom.Document) error {
			return userevent.New(doc).Click(el(t, doc, "#post-btn"))
		}, "POST", []string{"POST /echo", "type application/x-www-form-urlencoded", `form note=["x&y=z"]`, `form user=["ann"]`}},
		{"POST multipart with a file", func(t *testing.T, doc *vdom.Document) error {
			u := userevent.New(doc)
			if err := u.Upload(el(t, doc, "#multi input[type=file]"), vdom.File{Name: "notes.txt", Type: "text/plain", Content: []byte("line 1\nline 2")}); err != nil {
				t.Fatalf("Upload: %v", err)
			}
			return u.Click(el(t, doc, "#multi button"))
		}, "POST", []string{"POST /echo", "type multipart/form-data", `file doc=notes.txt text/plain "line 1\nline 2"`, `value title=["T"]`}},
		{"POST text/plain", func(t *testing.T, doc *vdom.Document) error {
			return el(t, doc, "#plain").RequestSubmit(nil)
		}, "POST", []string{"POST /echo", "type text/plain", `body "a=1\r\nb=two words\r\n"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inBothModes(t, formSite(), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
				mustOpen(t, s, "/")
				if err := tc.submit(t, s.Document()); err != nil {
					t.Fatalf("submit: %v", err)
				}
				got := strings.Split(el(t, s.Document(), "#out").TextContent(), "\n")
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("what the handler saw mismatch (-want +got):\n%s", diff)
				}
				if s.Page().Method() != tc.method {
					t.Errorf("page method %s, want %s", s.Page().Method(), tc.method)
				}
			})
		})
	}
}

func TestPostSendsOriginAndRefererAndIsResentByHistory(t *testing.T) {
	rec := record(formSite())
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		mustOpen(t, s, "/")
		if err := el(t, s.Document(), "#post").RequestSubmit(nil); err != nil {
			t.Fatal(err)
		}
		mustOpen(t, s, "/")
		ctx := context.Background()
		if _, err := s.Back(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Reload(ctx); err != nil {
			t.Fatal(err)
		}
		post := seen{Method: "POST", URI: "/echo", ContentType: "application/x-www-form-urlencoded", Body: "user=ann&note=x%26y%3Dz", Referer: base + "/", Origin: base}
		want := []seen{{Method: "GET", URI: "/"}, post, {Method: "GET", URI: "/"}, post, post}
		if diff := cmp.Diff(want, rec.take()); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
		wantHistory := []entry{{"GET", "/"}, {"POST", "/echo"}, {"GET", "/"}}
		if diff := cmp.Diff(wantHistory, history(s, base)); diff != "" {
			t.Errorf("history mismatch (-want +got):\n%s", diff)
		}
	})
}
