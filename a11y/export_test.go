package a11y

// WithoutReuse runs f with no text reused, not within a computation nor
// from a Cache: the computation as the standard writes it, against which
// the tests check what reuse gives.
func WithoutReuse(f func()) {
	noReuse = true
	defer func() { noReuse = false }()
	f()
}
