package vdom_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestNextTimer(t *testing.T) {
	clock := vdom.NewFakeClock(epoch)
	doc := vdom.ParseString(`<p>`, vdom.WithClock(clock))
	if due, ok := doc.NextTimer(); ok {
		t.Fatalf("NextTimer of a document without timers = %v, true", due)
	}
	late := doc.SetTimeout(3*time.Second, nil)
	early := doc.SetTimeout(time.Second, nil)
	every := doc.SetInterval(2*time.Second, nil)
	want := func(step string, d time.Duration, wantOK bool) {
		t.Helper()
		due, ok := doc.NextTimer()
		if ok != wantOK || (ok && !due.Equal(epoch.Add(d))) {
			t.Errorf("%s: NextTimer = %v, %v; want %v, %v", step, due.Sub(epoch), ok, d, wantOK)
		}
	}
	want("three timers", time.Second, true)
	doc.ClearTimeout(early)
	want("early cleared", 2*time.Second, true)
	if err := clock.Advance(2 * time.Second); err != nil {
		t.Fatal(err)
	}
	want("interval ran once", 3*time.Second, true)
	doc.ClearTimeout(late)
	want("late cleared", 4*time.Second, true)
	doc.ClearInterval(every)
	want("all cleared", 0, false)
}

// A helper that waits for a page to go idle moves fake time to each next
// timer until none is left.
func ExampleDocument_NextTimer() {
	clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
	doc := vdom.ParseString(`<p id="msg">Saving…</p>`, vdom.WithClock(clock))
	doc.SetTimeout(1500*time.Millisecond, func() {
		doc.GetElementByID("msg").SetTextContent("Saved")
		doc.SetTimeout(3*time.Second, func() { doc.GetElementByID("msg").SetTextContent("") })
	})
	for {
		due, ok := doc.NextTimer()
		if !ok {
			break
		}
		clock.Advance(due.Sub(clock.Now()))
		fmt.Printf("%s %q\n", clock.Now().Format("15:04:05.0"), doc.GetElementByID("msg").TextContent())
	}
	// Output:
	// 09:00:01.5 "Saved"
	// 09:00:04.5 ""
}
