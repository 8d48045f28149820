package notes_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/examples/notes"
	"github.com/google/go-cmp/cmp"
)

// These tests call the handler directly, one request at a time, with
// net/http/httptest: what a test of a handler looks like without a
// browser-like session. e2e_test.go tests the same app as a user.

func newApp() *notes.App {
	return notes.New(notes.Options{
		Users: map[string]string{"ada": "lovelace", "grace": "hopper"},
		Notes: []string{"Milk", "Bread"},
	})
}

// serve sends one request to h with the cookies given and returns the
// response.
func serve(t *testing.T, h http.Handler, method, target string, form url.Values, cookies ...*http.Cookie) *http.Response {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, target, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func bodyOf(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func cookieNamed(resp *http.Response, name string) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// signIn signs ada in and returns her session cookie.
func signIn(t *testing.T, h http.Handler) *http.Cookie {
	t.Helper()
	resp := serve(t, h, "POST", "/login", url.Values{"name": {"ada"}, "password": {"lovelace"}, "next": {"/"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-in: status %d, want 303", resp.StatusCode)
	}
	c := cookieNamed(resp, notes.SessionCookie)
	if c == nil {
		t.Fatalf("sign-in set no %s cookie; Set-Cookie: %q", notes.SessionCookie, resp.Header.Values("Set-Cookie"))
	}
	return c
}

func TestHandlerSignInRequired(t *testing.T) {
	for _, target := range []string{"/", "/items/1/edit", "/notes.txt"} {
		resp := serve(t, newApp(), "GET", target, nil)
		want := "/login?next=" + url.QueryEscape(target)
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
			t.Errorf("GET %s signed out: %d %q, want 303 %q", target, resp.StatusCode, resp.Header.Get("Location"), want)
		}
	}
	// A form posted without a session cannot be replayed as a GET.
	resp := serve(t, newApp(), "POST", "/items", url.Values{"text": {"Eggs"}})
	if got := resp.Header.Get("Location"); got != "/login?next=%2F" {
		t.Errorf("POST /items signed out: Location %q, want /login?next=%%2F", got)
	}
}

func TestHandlerSignIn(t *testing.T) {
	app := newApp()
	resp := serve(t, app, "POST", "/login", url.Values{"name": {"ada"}, "password": {"lovelace"}, "next": {"/items/2/edit"}})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/items/2/edit" {
		t.Fatalf("sign-in: %d %q, want 303 to the next page", resp.StatusCode, resp.Header.Get("Location"))
	}
	c := cookieNamed(resp, notes.SessionCookie)
	if c == nil || !c.HttpOnly || c.Path != "/" || c.SameSite != http.SameSiteLaxMode || c.Value == "" {
		t.Fatalf("session cookie %+v, want HttpOnly, Path=/, SameSite=Lax, a token", c)
	}
	page := bodyOf(t, serve(t, app, "GET", "/items/2/edit", nil, c))
	if !strings.Contains(page, "Signed in as ada") || !strings.Contains(page, `value="Bread"`) {
		t.Errorf("edit page after sign-in:\n%s", page)
	}
}

func TestHandlerSignInRefused(t *testing.T) {
	for _, tc := range []struct{ name, password string }{
		{"ada", "wrong"},
		{"bob", "lovelace"},
		{"ada", ""},
	} {
		resp := serve(t, newApp(), "POST", "/login", url.Values{"name": {tc.name}, "password": {tc.password}, "next": {"/"}})
		page := bodyOf(t, resp)
		if resp.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("%s/%s: status %d, want 422", tc.name, tc.password, resp.StatusCode)
		}
		if cookieNamed(resp, notes.SessionCookie) != nil {
			t.Errorf("%s/%s: a session cookie was set", tc.name, tc.password)
		}
		if !strings.Contains(page, "Wrong name or password.") || !strings.Contains(page, `value="`+tc.name+`"`) {
			t.Errorf("%s/%s: the page has no message or lost the name:\n%s", tc.name, tc.password, page)
		}
	}
}

// The next parameter leads only to this site's pages.
func TestHandlerNextStaysLocal(t *testing.T) {
	for _, tc := range []struct{ next, want string }{
		{"/items/1/edit", "/items/1/edit"},
		{"/?q=a", "/?q=a"},
		{"", "/"},
		{"https://evil.example/", "/"},
		{"//evil.example/", "/"},
		{`/\evil.example/`, "/"},
		{"items", "/"},
		{"javascript:alert(1)", "/"},
	} {
		resp := serve(t, newApp(), "POST", "/login", url.Values{"name": {"ada"}, "password": {"lovelace"}, "next": {tc.next}})
		if got := resp.Header.Get("Location"); got != tc.want {
			t.Errorf("next %q: Location %q, want %q", tc.next, got, tc.want)
		}
	}
}

func TestHandlerSignOut(t *testing.T) {
	app := newApp()
	c := signIn(t, app)
	resp := serve(t, app, "POST", "/logout", url.Values{}, c)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/login" {
		t.Errorf("sign-out: %d %q, want 303 /login", resp.StatusCode, resp.Header.Get("Location"))
	}
	if gone := cookieNamed(resp, notes.SessionCookie); gone == nil || gone.MaxAge >= 0 {
		t.Errorf("sign-out did not expire the session cookie: %+v", gone)
	}
	// The old token is worthless now, even if a client kept it.
	if resp := serve(t, app, "GET", "/", nil, c); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("GET / with the old session: status %d, want 303", resp.StatusCode)
	}
}

func TestHandlerAdd(t *testing.T) {
	app := newApp()
	c := signIn(t, app)
	resp := serve(t, app, "POST", "/items", url.Values{"text": {"  Eggs "}}, c)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/" {
		t.Fatalf("add: %d %q, want 303 /", resp.StatusCode, resp.Header.Get("Location"))
	}
	flash := cookieNamed(resp, notes.FlashCookie)
	if flash == nil {
		t.Fatal("add left no message for the list")
	}
	list := serve(t, app, "GET", "/", nil, c, flash)
	page := bodyOf(t, list)
	for _, want := range []string{`<p role="status">Added &#34;Eggs&#34;.</p>`, `<a href="/items/3/edit">Eggs</a>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the list has no %s:\n%s", want, page)
		}
	}
	if gone := cookieNamed(list, notes.FlashCookie); gone == nil || gone.MaxAge >= 0 {
		t.Errorf("the list did not clear the message: %+v", gone)
	}
}

func TestHandlerAddRefused(t *testing.T) {
	for _, tc := range []struct {
		text, msg string
	}{
		{"   ", "Write something first."},
		{strings.Repeat("x", 81), "A note has at most 80 characters; this one has 81."},
		{"milk", "&#34;Milk&#34; is on the list already."},
	} {
		app := newApp()
		c := signIn(t, app)
		resp := serve(t, app, "POST", "/items", url.Values{"text": {tc.text}}, c)
		page := bodyOf(t, resp)
		if resp.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("%q: status %d, want 422", tc.text, resp.StatusCode)
		}
		if !strings.Contains(page, `<p id="text-error" role="alert">`+tc.msg+`</p>`) {
			t.Errorf("%q: no message %q:\n%s", tc.text, tc.msg, page)
		}
		if !strings.Contains(page, `value="`+tc.text+`"`) {
			t.Errorf("%q: the text typed is gone:\n%s", tc.text, page)
		}
	}
}

func TestHandlerEditAndRemove(t *testing.T) {
	app := newApp()
	c := signIn(t, app)
	if resp := serve(t, app, "POST", "/items/1", url.Values{"text": {"Oat milk"}}, c); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("update: status %d, want 303", resp.StatusCode)
	}
	if resp := serve(t, app, "POST", "/items/1", url.Values{"text": {"bread"}}, c); resp.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("update to a duplicate: status %d, want 422", resp.StatusCode)
	}
	if resp := serve(t, app, "POST", "/items/2/delete", url.Values{}, c); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("remove: status %d, want 303", resp.StatusCode)
	}
	page := bodyOf(t, serve(t, app, "GET", "/", nil, c))
	if !strings.Contains(page, ">Oat milk</a>") || strings.Contains(page, "Bread") {
		t.Errorf("the list after an edit and a removal:\n%s", page)
	}
	for _, target := range []string{"/items/2/edit", "/items/x/edit", "/nowhere"} {
		if resp := serve(t, app, "GET", target, nil, c); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", target, resp.StatusCode)
		}
	}
	if resp := serve(t, app, "POST", "/items/2/delete", url.Values{}, c); resp.StatusCode != http.StatusNotFound {
		t.Errorf("removing a removed note: status %d, want 404", resp.StatusCode)
	}
}

// A form posted from another site is refused before any handler runs.
func TestHandlerCrossOriginRefused(t *testing.T) {
	app := newApp()
	c := signIn(t, app)
	req := httptest.NewRequest("POST", "/items/1/delete", nil)
	req.Header.Set("Origin", "https://evil.example")
	req.AddCookie(c)
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Errorf("cross-origin POST: status %d, want 403", rec.Code)
	}
	if page := bodyOf(t, serve(t, app, "GET", "/", nil, c)); !strings.Contains(page, ">Milk</a>") {
		t.Error("the cross-origin POST removed Milk")
	}
}

func TestHandlerTrace(t *testing.T) {
	app := newApp()
	serve(t, app, "GET", "/", nil)
	c := signIn(t, app)
	serve(t, app, "POST", "/items", url.Values{"text": {"Eggs"}}, c)
	serve(t, app, "GET", "/items/9/edit", nil, c)
	want := []string{
		"GET / -> 303",
		"POST /login -> 303",
		"POST /items -> 303",
		"GET /items/9/edit -> 404",
	}
	if diff := cmp.Diff(want, app.Trace()); diff != "" {
		t.Errorf("trace mismatch (-want +got):\n%s", diff)
	}
}
