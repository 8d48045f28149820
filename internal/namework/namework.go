// Package namework counts the work of package a11y's name and description
// computations, in steps (tasks run, nodes passed, references read), so
// that the tests of a11y and query can hold a computation, and a query
// that computes many, to a bound linear in the page: a count is
// deterministic where a timing is not.
package namework

import "sync/atomic"

var steps atomic.Int64

// Add records n steps of a finished computation.
func Add(n int) { steps.Add(int64(n)) }

// Steps returns the steps recorded since the program started.
func Steps() int64 { return steps.Load() }
