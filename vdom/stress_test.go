package vdom_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/fixtures"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/vdom"
)

// The stress tests run in every go test. Their sizes shrink under -short
// and under the race detector, which slows dispatch about tenfold; the
// full sizes run in the plain go test of CI.

// stressSize returns full, or small under -short or the race detector.
func stressSize(full, small int) int {
	if testing.Short() || raceEnabled {
		return small
	}
	return full
}

// countListener counts its calls.
type countListener struct{ calls *int }

func (l *countListener) HandleEvent(*vdom.Event) { *l.calls++ }

// TestStressMillionDispatches dispatches a million clicks on one document
// while listeners come and go on the way, at the targets, the ancestors,
// the document and the Window, and while the targets move between two
// parents (which makes the cached event path stale). After every dispatch
// the calls must be those of the listeners on the path at that moment; at
// the end the heap must not have grown with the number of dispatches.
func TestStressMillionDispatches(t *testing.T) {
	defer testenv.VerifyNone(t)
	n := stressSize(1_000_000, 50_000)
	doc := vdom.ParseString(fixtures.MustPage("todo.html"))
	var targets []*vdom.Node
	for el := range doc.Descendants() {
		if el.IsElement() && el.FirstElementChild() == nil {
			targets = append(targets, el)
		}
	}
	if len(targets) < 4 {
		t.Fatalf("the page has %d leaf elements", len(targets))
	}
	targets = targets[:4]
	// Two parents to move the targets between; neither is inside a target.
	parentA := doc.Body()
	parentB, err := doc.CreateElement("section")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parentA.AppendChild(parentB); err != nil {
		t.Fatal(err)
	}
	type reg struct {
		at      vdom.EventTarget
		l       *countListener
		capture bool
	}
	// Listener sites: the targets, their ancestors, the document, the
	// Window.
	var sites []vdom.EventTarget
	seen := map[vdom.EventTarget]bool{}
	for _, el := range targets {
		for a := el; a != nil && a != &doc.Node; a = a.ParentNode() {
			if !seen[a] {
				seen[a] = true
				sites = append(sites, a)
			}
		}
	}
	sites = append(sites, parentB, doc, doc.Window())
	onPath := func(at vdom.EventTarget, target *vdom.Node) bool {
		switch at := at.(type) {
		case *vdom.Node:
			return at.Contains(target)
		default: // the document and the Window
			return target.IsConnected()
		}
	}
	calls := 0
	var live []reg
	rng := rand.New(rand.NewPCG(3, 4))
	var heapWarm uint64
	for i := range n {
		if i == n/10 {
			heapWarm = heapAfterGC()
		}
		switch {
		case i%7 == 0 && len(live) < 48:
			r := reg{at: sites[rng.IntN(len(sites))], l: &countListener{calls: &calls}, capture: rng.IntN(2) == 0}
			r.at.AddEventListenerWith("click", r.l, vdom.ListenerOptions{Capture: r.capture})
			live = append(live, r)
		case i%11 == 0 && len(live) > 0:
			k := rng.IntN(len(live))
			r := live[k]
			r.at.RemoveEventListenerWith("click", r.l, vdom.ListenerOptions{Capture: r.capture})
			live = append(live[:k], live[k+1:]...)
		case i%1009 == 0:
			el := targets[rng.IntN(len(targets))]
			to := parentA
			if el.ParentNode() == parentA {
				to = parentB
			}
			if _, err := to.AppendChild(el); err != nil {
				t.Fatal(err)
			}
		}
		target := targets[(i/64)%len(targets)] // runs of one target, as tests click
		want := 0
		for _, r := range live {
			if onPath(r.at, target) {
				want++
			}
		}
		before := calls
		ok, err := target.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true, Cancelable: true}))
		if err != nil || !ok {
			t.Fatalf("dispatch %d: %v, %v", i, ok, err)
		}
		if got := calls - before; got != want {
			t.Fatalf("dispatch %d at %s: %d listener calls, want %d", i, target, got, want)
		}
	}
	checkTree(t, doc)
	if grown := int64(heapAfterGC()) - int64(heapWarm); grown > 4<<20 {
		t.Errorf("the heap grew by %d bytes over %d dispatches", grown, n-n/10)
	}
	t.Logf("%d dispatches, %d listener calls", n, calls)
}

func heapAfterGC() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestStressNestedDispatchLimit has listeners dispatch a new event from
// inside the dispatch, without end, at nodes, the document, the Window and
// a plain EventTarget, alone and in a cycle of two elements. The dispatch
// at MaxDispatchNesting is refused with ErrNestingLimit (no listener runs
// for it), the recursion unwinds, and the next dispatch starts from zero
// again. Without the limit the stack would overflow and kill the test
// binary; the stack is capped lower than that here, to prove the limit
// holds well below it.
func TestStressNestedDispatchLimit(t *testing.T) {
	defer testenv.VerifyNone(t)
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	doc := vdom.ParseString(`<div id=a><p id=b></p></div>`)
	a, b := byID(t, doc, "a"), byID(t, doc, "b")
	cases := []struct {
		name  string
		first vdom.EventTarget
		next  func(vdom.EventTarget) vdom.EventTarget
	}{
		{"element", b, func(vdom.EventTarget) vdom.EventTarget { return b }},
		{"two elements", a, func(at vdom.EventTarget) vdom.EventTarget {
			if at == vdom.EventTarget(a) {
				return b
			}
			return a
		}},
		{"document", doc, func(vdom.EventTarget) vdom.EventTarget { return doc }},
		{"window", doc.Window(), func(vdom.EventTarget) vdom.EventTarget { return doc.Window() }},
		{"plain target", vdom.NewTarget(), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			next := c.next
			if next == nil {
				next = func(vdom.EventTarget) vdom.EventTarget { return c.first }
			}
			for round := range 3 {
				depth, deepest := 0, 0
				var refused []error
				l := vdom.NewListener(func(e *vdom.Event) {
					depth++
					deepest = max(deepest, depth)
					_, err := next(e.CurrentTarget()).DispatchEvent(vdom.NewEvent("x"))
					if err != nil {
						refused = append(refused, err)
					}
					depth--
				})
				seen := map[vdom.EventTarget]bool{}
				for at := c.first; !seen[at]; at = next(at) {
					seen[at] = true
					at.AddEventListener("x", l)
				}
				ok, err := c.first.DispatchEvent(vdom.NewEvent("x"))
				if err != nil || !ok {
					t.Fatalf("round %d: outer dispatch: %v, %v", round, ok, err)
				}
				if deepest != vdom.MaxDispatchNesting || depth != 0 {
					t.Errorf("round %d: %d listeners deep (now %d), want %d", round, deepest, depth, vdom.MaxDispatchNesting)
				}
				if len(refused) != 1 || !errors.Is(refused[0], vdom.ErrNestingLimit) {
					t.Fatalf("round %d: refused dispatches %v, want one ErrNestingLimit", round, refused)
				}
				for at := range seen {
					at.RemoveEventListener("x", l)
				}
			}
		})
	}
	// A dispatch refused at the limit says where.
	var msg string
	b.AddEventListener("deep", vdom.NewListener(func(e *vdom.Event) {
		if _, err := b.DispatchEvent(vdom.NewEvent("deep")); err != nil {
			msg = err.Error()
		}
	}))
	if _, err := b.DispatchEvent(vdom.NewEvent("deep")); err != nil {
		t.Fatal(err)
	}
	want := `vdom: dispatches nested more than 1000 levels deep: the "deep" event was dispatched at p#b from inside 1000 nested dispatches`
	if msg != want {
		t.Errorf("error = %q, want %q", msg, want)
	}
}

// TestStressListenerPanicsAtEveryPosition puts eight listeners on a
// target and its parent, in both phases, and makes each one in turn panic:
// every other listener still runs, in order, the dispatch reports exactly
// that one panic with its phase and object, and the event is left clean.
func TestStressListenerPanicsAtEveryPosition(t *testing.T) {
	defer testenv.VerifyNone(t)
	doc := vdom.ParseString(`<div id=parent><button id=target></button></div>`)
	parent, target := byID(t, doc, "parent"), byID(t, doc, "target")
	type site struct {
		at      *vdom.Node
		capture bool
	}
	// In dispatch order.
	sites := []site{{parent, true}, {parent, true}, {target, true}, {target, true}, {target, false}, {target, false}, {parent, false}, {parent, false}}
	for pos := range sites {
		for _, passive := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/passive=%v", pos, passive), func(t *testing.T) {
				var ran []int
				var ls []*vdom.FuncListener
				for i, s := range sites {
					l := vdom.NewListener(func(e *vdom.Event) {
						ran = append(ran, i)
						if i == pos {
							panic(fmt.Sprintf("listener %d", i))
						}
						// A listener after the panic may still cancel:
						// the passive flag of the panicking one is gone.
						if i == pos+1 {
							e.PreventDefault()
						}
					})
					ls = append(ls, l)
					s.at.AddEventListenerWith("click", l, vdom.ListenerOptions{Capture: s.capture, Passive: new(passive && i == pos)})
				}
				e := vdom.NewEventWith("click", vdom.EventInit{Bubbles: true, Cancelable: true})
				ok, err := target.DispatchEvent(e)
				treeDiff(t, "listeners run", []int{0, 1, 2, 3, 4, 5, 6, 7}, ran)
				if wantOK := pos == len(sites)-1; ok != wantOK {
					t.Errorf("DispatchEvent = %v, want %v", ok, wantOK)
				}
				errs := listenerErrors(t, err)
				if len(errs) != 1 {
					t.Fatalf("errors %v, want one", err)
				}
				wantPhase := vdom.CapturingPhase
				switch {
				case sites[pos].at == target:
					wantPhase = vdom.AtTarget
				case !sites[pos].capture:
					wantPhase = vdom.BubblingPhase
				}
				le := errs[0]
				if le.Value != fmt.Sprintf("listener %d", pos) || le.Phase != wantPhase || le.CurrentTarget != sites[pos].at.String() || len(le.Stack) == 0 {
					t.Errorf("ListenerError %+v, want listener %d in %v on %s", le, pos, wantPhase, sites[pos].at)
				}
				if e.EventPhase() != vdom.PhaseNone || e.CurrentTarget() != nil {
					t.Errorf("after dispatch: phase %v, currentTarget %v", e.EventPhase(), e.CurrentTarget())
				}
				for i, s := range sites {
					s.at.RemoveEventListenerWith("click", ls[i], vdom.ListenerOptions{Capture: s.capture})
				}
			})
		}
	}
}

// goid returns the id of the calling goroutine, from its stack header.
func goid() uint64 {
	var buf [64]byte
	s := buf[:runtime.Stack(buf[:], false)]
	s = bytes.TrimPrefix(s, []byte("goroutine "))
	id, _ := strconv.ParseUint(string(s[:bytes.IndexByte(s, ' ')]), 10, 64)
	return id
}

// TestRaceTaskLoop has many goroutines post work to a document while its
// owner waits in Await: every task runs on the owner goroutine, in the
// order each goroutine posted them, none is lost, and the race detector
// (go test -race) sees the document touched by one goroutine only. Tasks
// post tasks, set timeouts, and start vdom.Go work that posts back.
func TestRaceTaskLoop(t *testing.T) {
	defer testenv.VerifyNone(t)
	posters, perPoster := 16, stressSize(400, 100)
	doc := vdom.ParseString(`<ul id=list></ul>`)
	list := byID(t, doc, "list")
	owner := goid()
	var wrongGoroutine int
	last := make([]int, posters) // the last task seen of each poster
	var outOfOrder int
	done := vdom.NewPromise()
	var wg sync.WaitGroup
	var timeouts, goWork int
	for p := range posters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 1; k <= perPoster; k++ {
				doc.Post(func() {
					if goid() != owner {
						wrongGoroutine++
					}
					if last[p] != k-1 {
						outOfOrder++
					}
					last[p] = k
					li, err := doc.CreateElement("li")
					if err != nil {
						panic(err)
					}
					if err := li.SetID(fmt.Sprintf("p%d-%d", p, k)); err != nil {
						panic(err)
					}
					if _, err := list.AppendChild(li); err != nil {
						panic(err)
					}
					switch k % 50 {
					case 0:
						// A task that posts another runs it in the same wait.
						doc.Post(func() { li.SetTextContent("posted") })
					case 1:
						doc.SetTimeout(time.Millisecond, func() { timeouts++ })
					case 2:
						w := vdom.Go(func() error { return nil })
						go func() {
							<-w.Done()
							doc.Post(func() { goWork++ })
						}()
					}
				})
			}
		}()
	}
	go func() {
		wg.Wait()
		// Posted after every poster's tasks: it runs after them.
		doc.Post(done.Resolve)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := doc.Await(ctx, done); err != nil {
		t.Fatalf("Await: %v", err)
	}
	// The timeouts and the Go work post after the last task, maybe.
	wantLate := posters * (perPoster / 50)
	for (timeouts < wantLate || goWork < wantLate) && ctx.Err() == nil {
		wait := vdom.NewPromise()
		doc.SetTimeout(time.Millisecond, wait.Resolve)
		if err := doc.Await(ctx, wait); err != nil {
			t.Fatal(err)
		}
	}
	if got := list.ChildElementCount(); got != posters*perPoster {
		t.Errorf("%d tasks ran, want %d", got, posters*perPoster)
	}
	if wrongGoroutine != 0 || outOfOrder != 0 {
		t.Errorf("%d tasks ran on another goroutine, %d out of order", wrongGoroutine, outOfOrder)
	}
	if timeouts != wantLate || goWork != wantLate {
		t.Errorf("timeouts %d, Go work %d, want %d each", timeouts, goWork, wantLate)
	}
	if n, err := doc.RunTasks(); n != 0 || err != nil {
		t.Errorf("RunTasks after the wait: %d, %v", n, err)
	}
	ids := []string{"p0-1", fmt.Sprintf("p%d-%d", posters-1, perPoster)}
	checkTree(t, doc, ids...)
	for _, id := range ids {
		if doc.GetElementByID(id) == nil {
			t.Errorf("no #%s", id)
		}
	}
	if got := strings.Count(list.InnerHTML(), "posted"); got != posters*(perPoster/50) {
		t.Errorf("%d posted-from-task tasks ran, want %d", got, posters*(perPoster/50))
	}
}
