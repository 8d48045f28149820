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

// TestCookiesChromiumStores sets each cookie from an http or https page
// and checks which the session keeps: those Chromium 148 keeps (seen in
// its cookie list after the same Set-Cookie from a local server). The
// jar is read over https, where it gives Secure cookies too.
func TestCookiesChromiumStores(t *testing.T) {
	for _, tc := range []struct {
		name, page, setCookie string
		kept                  bool
	}{
		{"Secure over https", "https://example.com/x/", "s=1; Secure; Path=/", true},
		{"Secure over http", "http://example.com/x/", "s=1; Secure; Path=/", false},
		{"Secure over http to localhost", "http://localhost/x/", "s=1; Secure; Path=/", true},
		{"Secure over http to a subdomain of localhost", "http://a.localhost/x/", "s=1; Secure; Path=/", true},
		{"Secure over http to 127.0.0.1", "http://127.0.0.1/x/", "s=1; Secure; Path=/", true},
		{"plain over http", "http://example.com/x/", "s=1; Path=/", true},
		{"__Secure- with Secure over https", "https://example.com/x/", "__Secure-a=1; Secure; Path=/", true},
		{"__Secure- without Secure", "https://example.com/x/", "__Secure-a=1; Path=/", false},
		{"__secure- in lower case without Secure", "https://example.com/x/", "__secure-a=1; Path=/", false},
		{"__Secure- over http", "http://example.com/x/", "__Secure-a=1; Secure; Path=/", false},
		{"__Host- over https", "https://example.com/x/", "__Host-a=1; Secure; Path=/", true},
		{"__Host- without Path", "https://example.com/x/", "__Host-a=1; Secure", false},
		{"__Host- with Path=/x", "https://example.com/x/", "__Host-a=1; Secure; Path=/x", false},
		{"__Host- with Domain", "https://example.com/x/", "__Host-a=1; Secure; Path=/; Domain=example.com", false},
		{"__host- in lower case with Domain", "https://example.com/x/", "__host-a=1; Secure; Path=/; Domain=example.com", false},
		{"__Host- over http", "http://example.com/x/", "__Host-a=1; Secure; Path=/", false},
		{"__Host- over http to localhost", "http://localhost/x/", "__Host-a=1; Secure; Path=/", true},
		{"__Host- alone as the name", "https://example.com/x/", "__Host-=1; Secure; Path=/", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Add("Set-Cookie", tc.setCookie)
				htmlPage("<title>set</title>")(w, r)
			})
			s, err := browse.New(browse.Options{Handler: h})
			if err != nil {
				t.Fatal(err)
			}
			mustOpen(t, s, tc.page)
			page, _ := url.Parse(tc.page)
			cs, err := s.Cookies("https://" + page.Host + "/x/")
			if err != nil {
				t.Fatal(err)
			}
			if kept := len(cs) == 1; kept != tc.kept {
				t.Errorf("Set-Cookie %q from %s: jar holds %v; want kept %v", tc.setCookie, tc.page, cs, tc.kept)
			}
		})
	}
}
