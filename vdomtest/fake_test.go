package vdomtest_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// fakeTB is a testing.TB that records what a helper reports, so that tests
// can assert failures too. Fatal and FailNow end the goroutine they are
// called on, as in package testing; run calls the code under test on a
// goroutine of its own for that.
type fakeTB struct {
	testing.TB // nil: a method not overridden here panics
	mu         sync.Mutex
	fatals     []string
	errors     []string
	logs       []string
	helpers    int
	failed     bool
	cleanups   []func()
}

func (f *fakeTB) Helper() {
	f.mu.Lock()
	f.helpers++
	f.mu.Unlock()
}

func (f *fakeTB) record(list *[]string, msg string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	*list = append(*list, msg)
}

func (f *fakeTB) Fatal(args ...any) {
	f.record(&f.fatals, fmt.Sprint(args...))
	f.FailNow()
}

func (f *fakeTB) Fatalf(format string, args ...any) {
	f.record(&f.fatals, fmt.Sprintf(format, args...))
	f.FailNow()
}

func (f *fakeTB) Error(args ...any) {
	f.record(&f.errors, fmt.Sprint(args...))
	f.Fail()
}

func (f *fakeTB) Errorf(format string, args ...any) {
	f.record(&f.errors, fmt.Sprintf(format, args...))
	f.Fail()
}

func (f *fakeTB) Log(args ...any)                 { f.record(&f.logs, fmt.Sprint(args...)) }
func (f *fakeTB) Logf(format string, args ...any) { f.record(&f.logs, fmt.Sprintf(format, args...)) }
func (f *fakeTB) Name() string                    { return "fake" }
func (f *fakeTB) Cleanup(fn func())               { f.cleanups = append(f.cleanups, fn) }
func (f *fakeTB) Context() context.Context        { return context.Background() }

func (f *fakeTB) Fail() {
	f.mu.Lock()
	f.failed = true
	f.mu.Unlock()
}

func (f *fakeTB) Failed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed
}

func (f *fakeTB) FailNow() {
	f.Fail()
	runtime.Goexit()
}

// run calls body with a fakeTB on a goroutine of its own, waits for it to
// return or to stop at a Fatal, and returns the fakeTB and whether body ran
// to its end.
func run(body func(t testing.TB)) (f *fakeTB, completed bool) {
	f = &fakeTB{}
	done := make(chan bool)
	go func() {
		finished := false
		defer func() { done <- finished }()
		body(f)
		finished = true
	}()
	completed = <-done
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
	return f, completed
}

// mustPass runs body and fails t when body reported anything.
func mustPass(t *testing.T, body func(t testing.TB)) {
	t.Helper()
	f, completed := run(body)
	if !completed || f.Failed() {
		t.Fatalf("the helper failed a passing test:\nfatal: %q\nerrors: %q", f.fatals, f.errors)
	}
}

// mustFail runs body and fails t unless body stopped at one Fatal whose
// message contains every one of parts; it returns the message.
func mustFail(t *testing.T, body func(t testing.TB), parts ...string) string {
	t.Helper()
	f, completed := run(body)
	if completed || len(f.fatals) != 1 {
		t.Fatalf("want one Fatal that stops the test; completed %v, fatal %q, errors %q", completed, f.fatals, f.errors)
	}
	msg := f.fatals[0]
	for _, p := range parts {
		if !strings.Contains(msg, p) {
			t.Errorf("the failure message lacks %q:\n%s", p, msg)
		}
	}
	if f.helpers == 0 {
		t.Error("the helper did not call t.Helper")
	}
	return msg
}
