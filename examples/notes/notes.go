package notes

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
)

type listPage struct {
	Query string
	Notes []note
	Field fieldView
}

type editPage struct {
	ID    int
	Field fieldView
}

func (a *App) list(w http.ResponseWriter, r *http.Request) {
	flash := takeFlash(w, r)
	a.showList(w, r, http.StatusOK, flash, fieldView{Max: maxLen})
}

// showList shows the notes that have the search's text (?q=) in them, all
// of them without one.
func (a *App) showList(w http.ResponseWriter, r *http.Request, status int, flash string, f fieldView) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	var shown []note
	for _, n := range a.store.all() {
		if q == "" || strings.Contains(strings.ToLower(n.Text), strings.ToLower(q)) {
			shown = append(shown, n)
		}
	}
	render(w, status, "list", view{Title: "All notes", User: userOf(r), Flash: flash,
		Data: listPage{Query: q, Notes: shown, Field: f}})
}

// add takes a note from the list's form: post, then redirect to the list
// (so that a reload does not post again); a note the list does not take
// shows the list again with the message and the text as typed.
func (a *App) add(w http.ResponseWriter, r *http.Request) {
	text := r.PostFormValue("text")
	n, err := a.store.add(text)
	if msg, ok := invalid(err); ok {
		a.showList(w, r, http.StatusUnprocessableEntity, "", fieldView{Text: text, Error: msg, Max: maxLen})
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	setFlash(w, fmt.Sprintf("Added %q.", n.Text))
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (a *App) editForm(w http.ResponseWriter, r *http.Request) {
	n, ok := a.lookup(w, r)
	if !ok {
		return
	}
	a.showEdit(w, r, http.StatusOK, n.ID, fieldView{Text: n.Text, Max: maxLen})
}

func (a *App) showEdit(w http.ResponseWriter, r *http.Request, status, id int, f fieldView) {
	render(w, status, "edit", view{Title: "Edit note", User: userOf(r), Data: editPage{ID: id, Field: f}})
}

func (a *App) update(w http.ResponseWriter, r *http.Request) {
	n, ok := a.lookup(w, r)
	if !ok {
		return
	}
	text := r.PostFormValue("text")
	saved, err := a.store.update(n.ID, text)
	if msg, ok := invalid(err); ok {
		a.showEdit(w, r, http.StatusUnprocessableEntity, n.ID, fieldView{Text: text, Error: msg, Max: maxLen})
		return
	}
	if err != nil {
		a.noNote(w, r, err)
		return
	}
	setFlash(w, fmt.Sprintf("Saved %q.", saved.Text))
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (a *App) remove(w http.ResponseWriter, r *http.Request) {
	n, ok := a.lookup(w, r)
	if !ok {
		return
	}
	n, err := a.store.remove(n.ID)
	if err != nil {
		// Removed by another request since lookup found it.
		a.noNote(w, r, err)
		return
	}
	setFlash(w, fmt.Sprintf("Removed %q.", n.Text))
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// export sends the notes as a text file, one a line.
func (a *App) export(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	for _, n := range a.store.all() {
		b.WriteString(n.Text + "\n")
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="notes.txt"`)
	// A failed write means the client went away: nobody is left to tell.
	io.WriteString(w, b.String())
}

// lookup returns the note the request's {id} names, or answers 404.
func (a *App) lookup(w http.ResponseWriter, r *http.Request) (note, bool) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		a.noNote(w, r, fmt.Errorf("%q is not a note number", r.PathValue("id")))
		return note{}, false
	}
	n, err := a.store.get(id)
	if err != nil {
		a.noNote(w, r, err)
		return note{}, false
	}
	return n, true
}

// noNote answers 404 with a page that leads back to the list. A note
// removed between the page and the request (another tab) lands here too.
func (a *App) noNote(w http.ResponseWriter, r *http.Request, err error) {
	msg := "There is no such note."
	if !errors.Is(err, errNotFound) {
		msg = err.Error() + "."
	}
	render(w, http.StatusNotFound, "notfound", view{Title: "Not found", User: userOf(r), Data: msg})
}

func (a *App) notFound(w http.ResponseWriter, r *http.Request) {
	render(w, http.StatusNotFound, "notfound", view{Title: "Not found", User: a.sessionUser(r),
		Data: "There is no page " + r.URL.Path + "."})
}

// invalid reports a validation error and its message.
func invalid(err error) (string, bool) {
	var v *validationError
	if errors.As(err, &v) {
		return v.msg, true
	}
	return "", false
}
