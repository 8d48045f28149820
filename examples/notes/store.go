package notes

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"
)

// maxLen is the longest note, in UTF-16 code units as the text field's
// maxlength counts them, so that the server and the page agree.
const maxLen = 80

// note is one note of the list.
type note struct {
	ID   int
	Text string
}

// store keeps the notes in memory, in the order they were added.
type store struct {
	mu     sync.Mutex
	notes  []note
	nextID int
}

func newStore(texts []string) *store {
	s := &store{nextID: 1}
	for _, t := range texts {
		s.notes = append(s.notes, note{ID: s.nextID, Text: t})
		s.nextID++
	}
	return s
}

// errNotFound is the error of an id that names no note.
var errNotFound = errors.New("no such note")

// A validationError is a note the list does not take, with the message the
// form shows.
type validationError struct{ msg string }

func (e *validationError) Error() string { return e.msg }

// all returns a copy of the notes.
func (s *store) all() []note {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.notes)
}

func (s *store) get(id int) (note, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return note{}, fmt.Errorf("note %d: %w", id, errNotFound)
	}
	return s.notes[i], nil
}

// add appends a note with text (trimmed) and returns it.
func (s *store) add(text string) (note, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	text, err := s.check(0, text)
	if err != nil {
		return note{}, err
	}
	n := note{ID: s.nextID, Text: text}
	s.nextID++
	s.notes = append(s.notes, n)
	return n, nil
}

// update changes the text of note id.
func (s *store) update(id int, text string) (note, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return note{}, fmt.Errorf("note %d: %w", id, errNotFound)
	}
	text, err := s.check(id, text)
	if err != nil {
		return note{}, err
	}
	s.notes[i].Text = text
	return s.notes[i], nil
}

// remove deletes note id and returns it.
func (s *store) remove(id int) (note, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return note{}, fmt.Errorf("note %d: %w", id, errNotFound)
	}
	n := s.notes[i]
	s.notes = slices.Delete(s.notes, i, i+1)
	return n, nil
}

func (s *store) index(id int) int {
	return slices.IndexFunc(s.notes, func(n note) bool { return n.ID == id })
}

// check validates the text of note id (0 for a new one) and returns it
// trimmed. The form's required and maxlength stop most bad input in the
// browser; the server checks again, since a request need not come from
// the form, and adds what markup cannot say: a note of white space only,
// and a note the list already has.
func (s *store) check(id int, text string) (string, error) {
	text = strings.TrimSpace(text)
	switch n := len(utf16.Encode([]rune(text))); {
	case n == 0:
		return "", &validationError{"Write something first."}
	case n > maxLen:
		return "", &validationError{fmt.Sprintf("A note has at most %d characters; this one has %d.", maxLen, n)}
	}
	for _, n := range s.notes {
		if n.ID != id && strings.EqualFold(n.Text, text) {
			return "", &validationError{fmt.Sprintf("%q is on the list already.", n.Text)}
		}
	}
	return text, nil
}
