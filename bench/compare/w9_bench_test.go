package compare

import "testing"

// BenchmarkFormTest is W9's Go side alone, for profiles.
func BenchmarkFormTest(b *testing.B) {
	page, ft := FormPage(), NewFormTest()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := runFormTest(page, ft); err != nil {
			b.Fatal(err)
		}
	}
}
