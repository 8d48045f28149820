package pagegen

import "math/bits"

// rng is a splitmix64 generator. It is implemented here, rather than taken
// from math/rand, so that a seed yields the same sequence on every platform
// and every Go release.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a value in [0, n). n must be positive. The multiply-shift
// reduction has a negligible bias and, unlike rejection sampling, always
// consumes exactly one value of the sequence.
func (r *rng) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// between returns a value in [lo, hi]; hi must not be below lo.
func (r *rng) between(lo, hi int) int {
	return lo + r.intn(hi-lo+1)
}

// chance reports true with a probability of pct percent.
func (r *rng) chance(pct int) bool {
	return r.intn(100) < pct
}

// pick returns a random element of list.
func (r *rng) pick(list []string) string {
	return list[r.intn(len(list))]
}
