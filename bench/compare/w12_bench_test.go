package compare

import "testing"

// BenchmarkHTMXClick is W12's Go side alone, for profiles: one click on
// the opened page per operation, in each htmx version.
func BenchmarkHTMXClick(b *testing.B) {
	h := NewHTMXTest()
	for _, v := range h.Versions {
		b.Run(v.Key, func(b *testing.B) {
			s, err := openHTMXSession(h, v, h.Answer())
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := s.click(); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := swappedRows(s.doc, h); err != nil {
				b.Fatal(err)
			}
		})
	}
}
