package vdomtest_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

var nine = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)

// startUnit starts a unit on #app of doc with one click handler on #save.
func startUnit(t testing.TB, doc *vdom.Document, onSave unit.Method) {
	t.Helper()
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{
			{Name: "save", Handlers: []perk.EventHandlers{
				{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("onSave")}}},
			}},
		}}},
		Methods: unit.Methods{"onSave": onSave},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
}

const appPage = `<div id="app"><button id="save">Save</button><p id="msg"></p></div>`

func TestSettleFakeClock(t *testing.T) {
	mustPass(t, func(t testing.TB) {
		clock := vdom.NewFakeClock(nine)
		doc := vdomtest.Parse(t, appPage, vdom.WithClock(clock))
		s := vdomtest.New(t, doc)
		msg := doc.GetElementByID("msg")
		var log []string
		doc.SetTimeout(1500*time.Millisecond, func() {
			msg.SetTextContent("Saved")
			log = append(log, clock.Now().Sub(nine).String())
			doc.SetTimeout(3*time.Second, func() {
				msg.SetTextContent("")
				log = append(log, clock.Now().Sub(nine).String())
			})
		})
		// An hourly refresh lies beyond the limit: it stays pending.
		doc.SetInterval(time.Hour, func() { log = append(log, "refresh") })
		s.Settle()
		if got := fmt.Sprint(log); got != "[1.5s 4.5s]" {
			t.Errorf("timers ran at %s, want [1.5s 4.5s]", got)
		}
		if due, ok := doc.NextTimer(); !ok || !due.Equal(nine.Add(time.Hour)) {
			t.Errorf("next timer %v %v, want the refresh at 10:00", due, ok)
		}
		s.AdvanceTime(time.Hour)
		if log[len(log)-1] != "refresh" {
			t.Errorf("AdvanceTime did not run the refresh: %v", log)
		}
	})
}

func TestSettleUnitWork(t *testing.T) {
	mustPass(t, func(t testing.TB) {
		doc := vdomtest.Parse(t, appPage)
		// Settle returns when the work is done; the long timeout only
		// keeps a busy machine, which runs the work late, from failing it.
		s := vdomtest.New(t, doc, vdomtest.ActionWait(0), vdomtest.Timeout(time.Minute))
		msg := doc.GetElementByID("msg")
		// The handler saves in the background and shows the outcome when
		// the work comes back to the document's goroutine.
		startUnit(t, doc, func(ctx context.Context, sender any, e *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
			done := vdom.NewPromise()
			go func() {
				time.Sleep(20 * time.Millisecond)
				doc.Post(func() {
					msg.SetTextContent("Saved")
					done.Resolve()
				})
			}()
			return done, nil
		})
		if _, err := doc.GetElementByID("save").DispatchEvent(vdom.NewEvent("click")); err != nil {
			t.Fatal(err)
		}
		s.ExpectText(msg, "")
		s.Settle()
		s.ExpectText(msg, "Saved")
	})
}

func TestSettleFails(t *testing.T) {
	t.Run("handler error", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			doc := vdomtest.Parse(t, appPage)
			s := vdomtest.New(t, doc, vdomtest.ActionWait(0))
			startUnit(t, doc, unit.Sync(func(any, *vdom.Event, unit.Ex) error { return errors.New("disk full") }))
			doc.GetElementByID("save").DispatchEvent(vdom.NewEvent("click"))
			s.Settle()
			t.Error("Settle went on after a handler error")
		}, "vdomtest: Settle:", "disk full", "onSave")
	})
	t.Run("still busy", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			doc := vdomtest.Parse(t, appPage)
			s := vdomtest.New(t, doc, vdomtest.ActionWait(0), vdomtest.Timeout(30*time.Millisecond))
			never := vdom.NewPromise()
			startUnit(t, doc, func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) { return never, nil })
			doc.GetElementByID("save").DispatchEvent(vdom.NewEvent("click"))
			s.Settle()
		}, "vdomtest: Settle:", "still busy after 30ms")
	})
	t.Run("AdvanceTime on the real clock", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			vdomtest.Render(t, appPage).AdvanceTime(time.Second)
		}, "AdvanceTime", "real clock", "vdom.WithClock")
	})
}

func TestWaitFor(t *testing.T) {
	t.Run("real clock", func(t *testing.T) {
		mustPass(t, func(t testing.TB) {
			// WaitFor returns when the timer has fired; the long timeout
			// only keeps a busy machine, which fires it late, from failing it.
			s := vdomtest.Render(t, appPage, vdomtest.Timeout(time.Minute))
			doc := s.Document()
			doc.SetTimeout(30*time.Millisecond, func() { doc.GetElementByID("msg").SetTextContent("Saved") })
			tries := 0
			s.WaitFor(func() error {
				tries++
				if got := doc.GetElementByID("msg").TextContent(); got != "Saved" {
					return fmt.Errorf("message %q", got)
				}
				return nil
			})
			if tries < 2 {
				t.Errorf("WaitFor's check ran %d times, want at least 2 (once before the timer)", tries)
			}
		})
	})
	t.Run("fake clock", func(t *testing.T) {
		mustPass(t, func(t testing.TB) {
			// No real time to wait at all: FindByRole must get there by
			// moving the fake clock, not by waiting on the real one.
			clock := vdom.NewFakeClock(nine)
			s := vdomtest.New(t, vdomtest.Parse(t, appPage, vdom.WithClock(clock)), vdomtest.Timeout(0))
			doc := s.Document()
			doc.SetTimeout(10*time.Second, func() {
				doc.GetElementByID("msg").InsertAdjacentHTML("afterend", `<p role="alert">Session ends soon</p>`)
			})
			alert := s.FindByRole("alert")
			s.ExpectText(alert, "Session ends soon")
			if got := clock.Now().Sub(nine); got != 10*time.Second {
				t.Errorf("the fake clock moved %v, want 10s", got)
			}
		})
	})
	t.Run("times out", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			s := vdomtest.Render(t, appPage, vdomtest.Timeout(40*time.Millisecond))
			s.WaitFor(func() error { return errors.New("no toast yet") })
		}, "vdomtest: WaitFor: no toast yet", "still failing after 40ms")
	})
	t.Run("Find times out with the query's error", func(t *testing.T) {
		mustFail(t, func(t testing.TB) {
			s := vdomtest.Render(t, appPage, vdomtest.Timeout(20*time.Millisecond))
			s.Find(query.ByRole("alert"))
		}, "vdomtest: Find:", `role "alert"`, "still failing after 20ms")
	})
	t.Run("nil check", func(t *testing.T) {
		mustFail(t, func(t testing.TB) { vdomtest.Render(t, appPage).WaitFor(nil) }, "WaitFor: no check")
	})
}
