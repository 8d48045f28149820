package vdom_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestAwaitRunsPostedTasks: while the owner waits, tasks that other
// goroutines post run on the owner goroutine, in order, and may touch the
// document; the wait ends when the promise settles.
func TestAwaitRunsPostedTasks(t *testing.T) {
	doc := vdom.ParseString(`<ul id="list"></ul>`)
	list := doc.GetElementByID("list")
	p := vdom.NewPromise()
	const workers, perWorker = 8, 50
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range perWorker {
				doc.Post(func() {
					li, err := doc.CreateElement("li")
					if err != nil {
						t.Error(err)
						return
					}
					li.SetTextContent(string(rune('a'+w)) + string(rune('0'+i%10)))
					if _, err := list.AppendChild(li); err != nil {
						t.Error(err)
					}
				})
			}
		})
	}
	go func() {
		wg.Wait()
		// Posted after every item, so it runs after them: FIFO.
		doc.Post(p.Resolve)
	}()
	if err := doc.Await(context.Background(), p); err != nil {
		t.Fatalf("Await: %v", err)
	}
	if got, want := list.ChildElementCount(), workers*perWorker; got != want {
		t.Fatalf("list has %d items, want %d", got, want)
	}
}

func TestAwaitReturnsRejection(t *testing.T) {
	doc := vdom.NewDocument()
	boom := errors.New("boom")
	p := vdom.Go(func() error { return boom })
	if err := doc.Await(context.Background(), p); !errors.Is(err, boom) {
		t.Fatalf("Await = %v, want %v", err, boom)
	}
}

func TestAwaitContextEndsWait(t *testing.T) {
	doc := vdom.NewDocument()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	never := vdom.NewPromise()
	if err := doc.Await(ctx, never); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Await = %v, want context.DeadlineExceeded", err)
	}
}

func TestAwaitStopsAtPanickingTask(t *testing.T) {
	doc := vdom.NewDocument()
	doc.Post(func() { panic("task failed") })
	err := doc.Await(context.Background(), vdom.NewPromise())
	var te *vdom.TaskError
	if !errors.As(err, &te) || te.Value != "task failed" {
		t.Fatalf("Await = %v, want a *TaskError with the panic value", err)
	}
}

func TestGoRecoversPanic(t *testing.T) {
	doc := vdom.NewDocument()
	p := vdom.Go(func() error { panic("worker failed") })
	var te *vdom.TaskError
	if err := doc.Await(context.Background(), p); !errors.As(err, &te) {
		t.Fatalf("Await = %v, want a *TaskError", err)
	}
}

func TestRunTasksDrainsQueueIncludingNewTasks(t *testing.T) {
	doc := vdom.NewDocument()
	var order []int
	doc.Post(func() {
		order = append(order, 1)
		doc.Post(func() { order = append(order, 3) })
	})
	doc.Post(func() { order = append(order, 2) })
	doc.Post(func() { panic("x") })
	n, err := doc.RunTasks()
	if n != 4 {
		t.Errorf("RunTasks ran %d tasks, want 4", n)
	}
	var te *vdom.TaskError
	if !errors.As(err, &te) {
		t.Errorf("RunTasks error = %v, want a *TaskError", err)
	}
	if len(order) != 3 || order[0] != 1 || order[1] != 2 || order[2] != 3 {
		t.Errorf("order = %v, want [1 2 3]", order)
	}
}

func TestSetTimeout(t *testing.T) {
	doc := vdom.NewDocument()
	p := vdom.NewPromise()
	fired := false
	doc.SetTimeout(5*time.Millisecond, func() { fired = true; p.Resolve() })
	cancelled := doc.SetTimeout(time.Hour, func() { t.Error("cancelled timeout ran") })
	doc.ClearTimeout(cancelled)
	if err := doc.Await(context.Background(), p); err != nil || !fired {
		t.Fatalf("Await = %v, fired = %v", err, fired)
	}
}

func TestPromiseSettlesOnce(t *testing.T) {
	p := vdom.NewPromise()
	if p.Err() != nil {
		t.Fatal("pending promise has an error")
	}
	first := errors.New("first")
	p.Reject(first)
	p.Resolve()
	p.Reject(errors.New("second"))
	if !errors.Is(p.Err(), first) {
		t.Fatalf("Err = %v, want %v", p.Err(), first)
	}
	if !errors.Is(vdom.Rejected(nil).Err(), vdom.ErrRejected) {
		t.Fatal("Rejected(nil) does not carry ErrRejected")
	}
	if vdom.Resolved().Err() != nil {
		t.Fatal("Resolved has an error")
	}
}
