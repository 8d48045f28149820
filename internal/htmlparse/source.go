package htmlparse

import "io"

// source reads the input again, from its start or from any byte offset,
// without keeping a copy: the parser counts the elements a document would
// re-open by reading it a second time (limits.go). It exists for readers
// that can be read at offsets and know their length, as strings.Reader
// and bytes.Reader do (vdom always passes one); for other readers
// sourceOf returns nil and the parser does without.
type source struct {
	ra   io.ReaderAt
	base int64 // the input's first byte in ra
	size int64 // the input's length
}

// sourceOf returns the source of r's unread bytes, or nil.
func sourceOf(r io.Reader) *source {
	s, ok := r.(interface {
		io.ReaderAt
		Len() int
		Size() int64
	})
	if !ok {
		return nil
	}
	n := int64(s.Len())
	return &source{ra: s, base: s.Size() - n, size: n}
}

// from returns a reader of the input from byte offset off.
func (s *source) from(off int) io.Reader {
	return io.NewSectionReader(s.ra, s.base+int64(off), s.size-int64(off))
}
