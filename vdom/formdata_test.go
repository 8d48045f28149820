package vdom

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFormDataMethods(t *testing.T) {
	var fd FormData
	fd.Append("a", "1")
	fd.Append("b", "2")
	fd.Append("a", "3")
	fd.AppendFile("f", File{Name: "x.txt", Type: "text/plain", Content: []byte("x")})
	fd.Append("bad\xff", "v\xfe")

	if got, ok := fd.Get("a"); !ok || got.Value != "1" {
		t.Errorf(`Get("a") = %+v, %v`, got, ok)
	}
	if _, ok := fd.Get("zz"); ok {
		t.Errorf(`Get("zz") found an entry`)
	}
	if diff := cmp.Diff([]FormDataEntry{{Name: "a", Value: "1"}, {Name: "a", Value: "3"}}, fd.GetAll("a")); diff != "" {
		t.Errorf("GetAll mismatch (-want +got):\n%s", diff)
	}
	if !fd.Has("bad\uFFFD") || !fd.Has("bad\xff") {
		t.Errorf("invalid UTF-8 is not stored as U+FFFD")
	}
	if f, _ := fd.Get("f"); !f.IsFile() || f.File.Name != "x.txt" {
		t.Errorf(`Get("f") = %+v`, f)
	}

	fd.Set("a", "new")
	fd.Delete("b")
	fd.SetFile("g", File{Name: "g.bin"})
	want := []FormDataEntry{
		{Name: "a", Value: "new"},
		{Name: "f", File: &File{Name: "x.txt", Type: "text/plain", Content: []byte("x")}},
		{Name: "bad\uFFFD", Value: "v\uFFFD"},
		{Name: "g", File: &File{Name: "g.bin"}},
	}
	if diff := cmp.Diff(want, slices.Collect(fd.Entries())); diff != "" {
		t.Errorf("entries mismatch (-want +got):\n%s", diff)
	}
	if fd.Len() != 4 {
		t.Errorf("Len() = %d, want 4", fd.Len())
	}
}
