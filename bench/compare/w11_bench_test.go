package compare

import "testing"

// BenchmarkStyles is W11's Go side alone on the 10k page, for profiles:
// "first" on a freshly parsed page (parsing not timed), "cached" with the
// styles kept, "change" after the class that hides the container is
// added (removed again, and every style read, outside the timer).
func BenchmarkStyles(b *testing.B) {
	p, err := NewPlan([]int{workPageSize}, 1, 5)
	if err != nil {
		b.Fatal(err)
	}
	st := p.Style
	open := func(b *testing.B) *styledDoc {
		s, err := openStyled(st)
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	b.Run("first", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			s := open(b)
			b.StartTimer()
			s.pass()
		}
	})
	s := open(b)
	s.pass()
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.pass()
		}
	})
	b.Run("change", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			if err := s.hide(false, st); err != nil {
				b.Fatal(err)
			}
			s.pass()
			b.StartTimer()
			if err := s.hide(true, st); err != nil {
				b.Fatal(err)
			}
			s.pass()
		}
	})
}
