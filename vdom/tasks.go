package vdom

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// taskQueue is the document's event loop queue: any goroutine may post; only
// the owner goroutine runs tasks, while it waits in Await or in RunTasks.
type taskQueue struct {
	mu    sync.Mutex
	queue []func()
	wake  chan struct{}
}

func (q *taskQueue) wakeChan() chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.wake == nil {
		q.wake = make(chan struct{}, 1)
	}
	return q.wake
}

// Post queues task to run on the goroutine that owns the document, the next
// time it waits (Await) or drains the queue (RunTasks). It is the one method
// of a Document that is safe to call from any goroutine, and it never blocks.
func (d *Document) Post(task func()) {
	if task == nil {
		return
	}
	wake := d.tasks.wakeChan()
	d.tasks.mu.Lock()
	d.tasks.queue = append(d.tasks.queue, task)
	d.tasks.mu.Unlock()
	select {
	case wake <- struct{}{}:
	default:
	}
}

// TaskError reports a posted task that panicked.
type TaskError struct {
	Value any
	Stack []byte
}

func (e *TaskError) Error() string { return fmt.Sprintf("vdom: posted task panicked: %v", e.Value) }

// Unwrap returns the panic value when it is an error.
func (e *TaskError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// RunTasks runs the queued tasks, and the tasks they post, until the queue is
// empty, on the calling goroutine, which must own the document. Before the
// first task and after each it runs the microtask checkpoint, which
// notifies the MutationObservers of the changes made so far. It returns
// the number of tasks run and the panics of any task or observer callback,
// joined; every task runs.
func (d *Document) RunTasks() (int, error) {
	errs := d.checkpointAtRest(nil)
	count := 0
	for {
		task := d.nextTask()
		if task == nil {
			return count, errors.Join(errs...)
		}
		count++
		if err := d.runTask(task); err != nil {
			errs = append(errs, err)
		}
		errs = d.checkpointAtRest(errs)
	}
}

// runTask runs a posted task, counted in inTask so that the dispatches it
// makes do not run checkpoints of their own.
func (d *Document) runTask(task func()) error {
	d.inTask++
	defer func() { d.inTask-- }()
	return runTask(task)
}

func (d *Document) nextTask() func() {
	d.tasks.mu.Lock()
	defer d.tasks.mu.Unlock()
	if len(d.tasks.queue) == 0 {
		return nil
	}
	task := d.tasks.queue[0]
	d.tasks.queue[0] = nil
	d.tasks.queue = d.tasks.queue[1:]
	return task
}

func runTask(task func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &TaskError{Value: r, Stack: debug.Stack()}
		}
	}()
	task()
	return nil
}

// Awaitable is work that finishes later: the Go form of a promise. Done is
// closed when it has settled; Err then tells how (nil for success).
type Awaitable interface {
	Done() <-chan struct{}
	Err() error
}

// Await waits on the owner goroutine until a settles, running posted tasks
// meanwhile, as a browser's event loop runs tasks while a promise is pending.
// It runs the microtask checkpoint before the first task and after each,
// as RunTasks does. It returns a's error, ctx's error if ctx ends first, or
// the error of a posted task or MutationObserver callback that panicked
// (the wait ends there). Await does not move a FakeClock: with only fake
// timers pending it waits for a or ctx, and only FakeClock.Advance runs
// them.
func (d *Document) Await(ctx context.Context, a Awaitable) error {
	wake := d.tasks.wakeChan()
	done := a.Done()
	if errs := d.checkpointAtRest(nil); len(errs) > 0 {
		return errors.Join(errs...)
	}
	for {
		for task := d.nextTask(); task != nil; task = d.nextTask() {
			if err := d.runTask(task); err != nil {
				return err
			}
			if errs := d.checkpointAtRest(nil); len(errs) > 0 {
				return errors.Join(errs...)
			}
		}
		select {
		case <-done:
			return a.Err()
		default:
		}
		select {
		case <-done:
			return a.Err()
		case <-wake:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Promise is an Awaitable that any goroutine may settle, once.
type Promise struct {
	once sync.Once
	done chan struct{}
	err  error
}

// NewPromise returns a pending promise.
func NewPromise() *Promise { return &Promise{done: make(chan struct{})} }

// Resolved returns a promise that has already succeeded.
func Resolved() *Promise {
	p := NewPromise()
	p.Resolve()
	return p
}

// Rejected returns a promise that has already failed with err.
func Rejected(err error) *Promise {
	p := NewPromise()
	p.Reject(err)
	return p
}

// Resolve settles the promise successfully; later calls do nothing.
func (p *Promise) Resolve() { p.settle(nil) }

// Reject settles the promise with err (ErrRejected if nil); later calls do
// nothing.
func (p *Promise) Reject(err error) {
	if err == nil {
		err = ErrRejected
	}
	p.settle(err)
}

func (p *Promise) settle(err error) {
	p.once.Do(func() {
		p.err = err
		close(p.done)
	})
}

// Done implements Awaitable.
func (p *Promise) Done() <-chan struct{} { return p.done }

// Err implements Awaitable; nil while pending or after success.
func (p *Promise) Err() error {
	select {
	case <-p.done:
		return p.err
	default:
		return nil
	}
}

// ErrRejected is the error of a promise rejected without a reason.
const ErrRejected = errkind.Kind("vdom: promise rejected")

// Go runs fn on a new goroutine and returns a promise settled with its
// result; a panic in fn rejects it with a *TaskError. fn must not touch the
// document: it hands results back with Post.
func Go(fn func() error) *Promise {
	p := NewPromise()
	go func() {
		var err error
		defer func() {
			if r := recover(); r != nil {
				err = &TaskError{Value: r, Stack: debug.Stack()}
			}
			if err != nil {
				p.Reject(err)
			} else {
				p.Resolve()
			}
		}()
		err = fn()
	}()
	return p
}
