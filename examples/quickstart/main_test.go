package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestQuickstartTrace(t *testing.T) {
	var out strings.Builder
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[len(f)-1] != "" {
			got = append(got, strings.Join(f[:3], " "))
		}
	}
	want := []string{
		"window capture CAPTURING_PHASE",
		"list capture CAPTURING_PHASE",
		"button AT_TARGET current=button.remove",
		"list delegate removing",
		"document bubble BUBBLING_PHASE",
		"dispatch returned true;",
	}
	if len(got) > len(want) {
		got = got[:len(want)]
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("trace mismatch (-want +got):\n%s\nfull output:\n%s", diff, out.String())
	}
	if !strings.Contains(out.String(), "2 items left") {
		t.Errorf("the item was not removed:\n%s", out.String())
	}
}
