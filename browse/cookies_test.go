package browse_test

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/google/go-cmp/cmp"
)

// cookieSite sets a cookie at /login (through a redirect), expires it at
// /logout, and shows the cookies it receives.
func cookieSite() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "s1", Path: "/", HttpOnly: true})
		http.SetCookie(w, &http.Cookie{Name: "scoped", Value: "a", Path: "/admin"})
		http.Redirect(w, r, "/", http.StatusSeeOther)
	})
	mux.HandleFunc("/logout", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "", Path: "/", Expires: time.Unix(0, 0), MaxAge: -1})
		htmlPage(`<title>bye</title>`)(w, r)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		htmlPage(`<title>`+r.Header.Get("Cookie")+`</title>`)(w, r)
	})
	return mux
}

func TestCookies(t *testing.T) {
	inBothModes(t, cookieSite(), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		if got := mustOpen(t, s, "/").Document().Title(); got != "" {
			t.Errorf("before login the server got cookies %q", got)
		}
		// Set by a redirect hop, sent with the request it redirects to.
		if got := mustOpen(t, s, "/login").Document().Title(); got != "session=s1" {
			t.Errorf("after login the server got %q, want session=s1", got)
		}
		if got := mustOpen(t, s, "/admin/x").Document().Title(); got != "scoped=a; session=s1" {
			t.Errorf("under /admin the server got %q", got)
		}
		cookies, err := s.Cookies("/")
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, c := range cookies {
			names = append(names, c.Name+"="+c.Value)
		}
		if diff := cmp.Diff([]string{"session=s1"}, names); diff != "" {
			t.Errorf("Cookies(/) mismatch (-want +got):\n%s", diff)
		}
		// Expired by the server: no longer sent.
		mustOpen(t, s, "/logout")
		if got := mustOpen(t, s, "/").Document().Title(); got != "" {
			t.Errorf("after logout the server got %q", got)
		}
		u, _ := url.Parse(base + "/admin/")
		if got := len(s.Jar().Cookies(u)); got != 1 {
			t.Errorf("Jar() holds %d cookies for /admin/, want 1", got)
		}
	})
}

func TestCookiesFromAJarOfTheCaller(t *testing.T) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse("http://example.com/")
	jar.SetCookies(u, []*http.Cookie{{Name: "pre", Value: "set"}})
	s, err := browse.New(browse.Options{Handler: cookieSite(), Jar: jar})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustOpen(t, s, "/").Document().Title(); got != "pre=set" {
		t.Errorf("the server got %q, want pre=set", got)
	}
	if _, err := s.Cookies("mailto:x@example.com"); err == nil {
		t.Errorf("Cookies of a mailto URL: no error")
	}
}
