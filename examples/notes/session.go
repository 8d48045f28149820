package notes

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"net/http"
	"net/url"
	"strings"
)

// Cookie names.
const (
	// SessionCookie holds the session token: HttpOnly, so that no script
	// of the page can read it, and SameSite=Lax.
	SessionCookie = "notes_session"
	// FlashCookie carries a one-time message across a redirect, read and
	// cleared by the page it lands on.
	FlashCookie = "notes_flash"
)

type userKey struct{}

// userOf returns the signed-in user of a request that passed signedIn.
func userOf(r *http.Request) string {
	name, _ := r.Context().Value(userKey{}).(string)
	return name
}

// sessionUser returns the user whose session cookie r carries, or "".
func (a *App) sessionUser(r *http.Request) string {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return ""
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.sessions[c.Value]
}

// signedIn lets only signed-in users reach h; others go to the sign-in
// page, which brings them back to where they were going afterwards.
func (a *App) signedIn(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := a.sessionUser(r)
		if name == "" {
			// A form posted after the session ended cannot be replayed
			// by a redirect (it would become a GET), so only a GET comes
			// back to its own URL.
			next := "/"
			if r.Method == http.MethodGet {
				next = r.URL.RequestURI()
			}
			http.Redirect(w, r, "/login?next="+url.QueryEscape(next), http.StatusSeeOther)
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), userKey{}, name)))
	}
}

// localPath returns next if it is a path of this site, and "/" otherwise,
// so that a link to /login?next=https://evil.example cannot send a user
// who signs in elsewhere (an open redirect).
func localPath(next string) string {
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(next, "/") ||
		strings.HasPrefix(next, "//") || strings.HasPrefix(next, `/\`) {
		return "/"
	}
	return next
}

type loginPage struct {
	Next  string
	Name  string
	Error string
}

func (a *App) loginForm(w http.ResponseWriter, r *http.Request) {
	next := localPath(r.URL.Query().Get("next"))
	if a.sessionUser(r) != "" {
		http.Redirect(w, r, next, http.StatusSeeOther)
		return
	}
	render(w, http.StatusOK, "login", view{Title: "Sign in", Data: loginPage{Next: next}})
}

func (a *App) login(w http.ResponseWriter, r *http.Request) {
	name, password := r.PostFormValue("name"), r.PostFormValue("password")
	next := localPath(r.PostFormValue("next"))
	want, ok := a.users[name]
	if !ok || subtle.ConstantTimeCompare([]byte(password), []byte(want)) != 1 {
		// The name stays as typed; the password never comes back.
		render(w, http.StatusUnprocessableEntity, "login", view{Title: "Sign in",
			Data: loginPage{Next: next, Name: name, Error: "Wrong name or password."}})
		return
	}
	token := rand.Text()
	a.mu.Lock()
	a.sessions[token] = name
	a.mu.Unlock()
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: token, Path: "/",
		HttpOnly: true, SameSite: http.SameSiteLaxMode,
	})
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func (a *App) logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil {
		a.mu.Lock()
		delete(a.sessions, c.Value)
		a.mu.Unlock()
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// setFlash leaves msg for the next page the user sees.
func setFlash(w http.ResponseWriter, msg string) {
	http.SetCookie(w, &http.Cookie{
		Name: FlashCookie, Value: url.QueryEscape(msg), Path: "/",
		HttpOnly: true, SameSite: http.SameSiteLaxMode,
	})
}

// takeFlash returns the message left by setFlash, and clears it so that a
// reload does not show it again.
func takeFlash(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(FlashCookie)
	if err != nil {
		return ""
	}
	http.SetCookie(w, &http.Cookie{Name: FlashCookie, Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	msg, err := url.QueryUnescape(c.Value)
	if err != nil {
		// Not a value setFlash wrote: show it as it came rather than
		// losing it.
		return c.Value
	}
	return msg
}
