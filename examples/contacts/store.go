package contacts

import (
	"slices"
	"strings"
	"sync"
)

// Contact is one contact.
type Contact struct {
	ID          int
	Name, Email string
	Active      bool
	// Changed marks a row a bulk update changed: the answer shows it
	// highlighted and swaps it out of band.
	Changed bool
}

// problem says what is wrong with an edited contact, "" for nothing.
func (c Contact) problem() string {
	switch {
	case c.Name == "":
		return "A name is needed."
	case !strings.Contains(c.Email, "@"):
		return "An email address has an @."
	}
	return ""
}

// store keeps the contacts, in order, behind a mutex.
type store struct {
	mu       sync.Mutex
	contacts []Contact
}

func newStore(cs []Contact) *store {
	s := &store{}
	for i, c := range cs {
		c.ID = i + 1
		s.contacts = append(s.contacts, c)
	}
	return s
}

func (s *store) all() []Contact {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.contacts)
}

// search returns the contacts whose name or email contains q, in any
// case; every contact for "".
func (s *store) search(q string) []Contact {
	s.mu.Lock()
	defer s.mu.Unlock()
	q = strings.ToLower(q)
	var out []Contact
	for _, c := range s.contacts {
		if strings.Contains(strings.ToLower(c.Name), q) || strings.Contains(strings.ToLower(c.Email), q) {
			out = append(out, c)
		}
	}
	return out
}

func (s *store) get(id int) (Contact, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return Contact{}, false
	}
	return s.contacts[i], true
}

func (s *store) put(c Contact) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := s.index(c.ID); i >= 0 {
		s.contacts[i] = c
	}
}

func (s *store) remove(id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := s.index(id); i >= 0 {
		s.contacts = slices.Delete(s.contacts, i, i+1)
	}
}

// setActive sets the state of the contacts ids names and returns those
// it changed, marked Changed.
func (s *store) setActive(ids []int, active bool) []Contact {
	s.mu.Lock()
	defer s.mu.Unlock()
	var changed []Contact
	for _, id := range ids {
		if i := s.index(id); i >= 0 && s.contacts[i].Active != active {
			s.contacts[i].Active = active
			c := s.contacts[i]
			c.Changed = true
			changed = append(changed, c)
		}
	}
	return changed
}

func (s *store) index(id int) int {
	return slices.IndexFunc(s.contacts, func(c Contact) bool { return c.ID == id })
}
