package testenv_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/google/go-cmp/cmp"
)

// recorder is a testing.TB with a name of our choosing that keeps how it
// ended: Skip and Fatal stop the function it runs, as they do in a test.
type recorder struct {
	testing.TB
	name, ended string
}

type stop struct{}

func (r *recorder) Helper()      {}
func (r *recorder) Name() string { return r.name }
func (r *recorder) Skip(a ...any) {
	r.ended = "skip: " + fmt.Sprint(a...)
	panic(stop{})
}
func (r *recorder) Skipf(f string, a ...any) {
	r.ended = "skip: " + fmt.Sprintf(f, a...)
	panic(stop{})
}
func (r *recorder) Fatalf(f string, a ...any) {
	r.ended = "fatal: " + fmt.Sprintf(f, a...)
	panic(stop{})
}

// run calls f with a recorder named name and returns how it ended ("" if
// it returned).
func run(name string, f func(testing.TB)) (ended string) {
	r := &recorder{name: name}
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(stop); !ok {
				panic(v)
			}
		}
		ended = r.ended
	}()
	f(r)
	return ""
}

func TestLong(t *testing.T) {
	for _, tc := range []struct {
		value, want string
	}{
		{"", "false"},
		{"0", "false"},
		{"false", "false"},
		{"1", fmt.Sprint(!testing.Short())},
		{"true", fmt.Sprint(!testing.Short())},
		{"yes", `fatal: testenv: EVENTPERK_LONG="yes": want 1 (on) or 0 (off)`},
	} {
		t.Run(tc.value, func(t *testing.T) {
			t.Setenv(testenv.LongVar, tc.value)
			var got string
			if ended := run("TestX", func(tb testing.TB) { got = fmt.Sprint(testenv.Long(tb)) }); ended != "" {
				got = ended
			}
			if got != tc.want {
				t.Errorf("Long with %s=%q: %s, want %s", testenv.LongVar, tc.value, got, tc.want)
			}
		})
	}
}

func TestSkipUnlessLong(t *testing.T) {
	t.Setenv(testenv.LongVar, "")
	got := run("TestX", func(tb testing.TB) { testenv.SkipUnlessLong(tb, "a million elements take seconds") })
	if want := "skip: a million elements take seconds; set EVENTPERK_LONG=1 to run it"; got != want {
		t.Errorf("without the switch: %q, want %q", got, want)
	}
	if testing.Short() {
		return
	}
	t.Setenv(testenv.LongVar, "1")
	if got := run("TestX", func(tb testing.TB) { testenv.SkipUnlessLong(tb, "why") }); got != "" {
		t.Errorf("with %s=1 the test ended with %q, want it to run", testenv.LongVar, got)
	}
}

func TestSkipUnlessTiming(t *testing.T) {
	skip := "skip: measures time, which depends on the machine's load; set EVENTPERK_TIMING=1 to run it"
	runs := ""
	if testenv.Race {
		skip = "skip: timings under the race detector say nothing about the code"
		runs = skip
	}
	misnamed := "fatal: testenv: TestParseSpeed measures time, so its name must start with TestGuard (the timing step runs -run '^TestGuard')"
	for _, tc := range []struct {
		name, value string
		want        string
	}{
		{"TestGuardParse", "", skip},
		{"TestGuardParse/sub", "0", skip},
		{"TestGuardParse", "1", runs},
		{"TestParseSpeed", "", misnamed},
		{"TestParseSpeed", "1", misnamed},
	} {
		t.Setenv(testenv.TimingVar, tc.value)
		got := run(tc.name, testenv.SkipUnlessTiming)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s with %s=%q: mismatch (-want +got):\n%s", tc.name, testenv.TimingVar, tc.value, diff)
		}
	}
	t.Setenv(testenv.TimingVar, "on")
	if got := run("TestGuardParse", testenv.SkipUnlessTiming); !strings.HasPrefix(got, `fatal: testenv: EVENTPERK_TIMING="on"`) && !testenv.Race {
		t.Errorf("with a value that is no boolean: %q, want a failure naming it", got)
	}
}
