package browse

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// ErrQuotaExceeded: a Storage.SetItem that would take the storage area
// past its quota (the DOM's QuotaExceededError); the area is unchanged.
const ErrQuotaExceeded = errkind.Kind("browse: storage quota exceeded")

// StorageQuota is the size of one storage area, in bytes: Chromium's
// kPerStorageAreaQuota, 10 MiB, counting keys and values at two bytes per
// UTF-16 code unit (Web Storage, HTML §12.2.1, leaves the figure to the
// browser).
const StorageQuota = 10 << 20

// Storage is a Web Storage area (HTML §12.2.1, the Storage interface):
// string values by string key, in the order the keys were first set,
// within a quota. Page.SessionStorage gives the sessionStorage of a
// page's origin. A Storage belongs to the goroutine that drives the
// session.
type Storage struct {
	keys  []string
	items map[string]string
	used  int
}

// Len returns the number of items (length).
func (s *Storage) Len() int { return len(s.keys) }

// Key returns the key of the i-th item (key(i)), false when there is
// none.
func (s *Storage) Key(i int) (string, bool) {
	if i < 0 || i >= len(s.keys) {
		return "", false
	}
	return s.keys[i], true
}

// Item returns the value of key (getItem), false when it has none.
func (s *Storage) Item(key string) (string, bool) {
	v, ok := s.items[key]
	return v, ok
}

// SetItem sets the value of key (setItem). A value that would take the
// area past StorageQuota gives an error matching ErrQuotaExceeded that
// names the key and the sizes, and changes nothing.
func (s *Storage) SetItem(key, value string) error {
	old, had := s.items[key]
	used := s.used + storageSize(value)
	if had {
		used -= storageSize(old)
	} else {
		used += storageSize(key)
	}
	if used > StorageQuota {
		return errkind.Errorf("browse: sessionStorage.setItem(%q): %w: %d bytes with the value, the quota is %d",
			shortKey(key), ErrQuotaExceeded, used, StorageQuota)
	}
	if s.items == nil {
		s.items = map[string]string{}
	}
	if !had {
		s.keys = append(s.keys, key)
	}
	s.items[key] = value
	s.used = used
	return nil
}

// RemoveItem removes key and its value (removeItem); a key without one
// changes nothing.
func (s *Storage) RemoveItem(key string) {
	v, ok := s.items[key]
	if !ok {
		return
	}
	delete(s.items, key)
	s.used -= storageSize(key) + storageSize(v)
	for i, k := range s.keys {
		if k == key {
			s.keys = append(s.keys[:i], s.keys[i+1:]...)
			break
		}
	}
}

// Clear removes every item (clear).
func (s *Storage) Clear() {
	s.keys, s.items, s.used = nil, nil, 0
}

// storageSize is the bytes a string takes against the quota.
func storageSize(v string) int {
	n := 0
	for _, r := range v {
		n += 2 * max(1, utf16.RuneLen(r))
	}
	return n
}

// shortKey cuts a long key for an error message.
func shortKey(k string) string {
	if len(k) > 60 {
		return k[:57] + "..."
	}
	return k
}

// SessionStorage returns the sessionStorage of the page's origin (HTML
// §12.2.2): one Storage per scheme, host and port in the session, shared
// by its pages of that origin, kept across their loads, Back and Forward,
// and gone with the session, as a browser's tab keeps it. A page of no
// such origin (about:blank, data:) has an area of its own.
func (p *Page) SessionStorage() *Storage {
	s := p.sess
	key := storageOrigin(p)
	if key == "" {
		if p.ownStorage == nil {
			p.ownStorage = &Storage{}
		}
		return p.ownStorage
	}
	if s.storage == nil {
		s.storage = map[string]*Storage{}
	}
	st := s.storage[key]
	if st == nil {
		st = &Storage{}
		s.storage[key] = st
	}
	return st
}

// storageOrigin is the serialized origin of the page's URL, "" for an
// opaque one.
func storageOrigin(p *Page) string {
	u := p.url
	if u == nil || u.Host == "" {
		return ""
	}
	switch scheme := strings.ToLower(u.Scheme); scheme {
	case "http", "https":
		return fmt.Sprintf("%s://%s", scheme, strings.ToLower(u.Host))
	}
	return ""
}
