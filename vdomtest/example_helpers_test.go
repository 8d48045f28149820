package vdomtest_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// exampleT is the testing.TB of the examples: a failure prints its first
// line, as go test would report it, and stops the example's goroutine.
type exampleT struct{ testing.TB }

func (exampleT) Helper() {}
func (exampleT) Fatal(args ...any) {
	fmt.Println("FAIL:", firstLine(fmt.Sprint(args...)))
	runtime.Goexit()
}
func (exampleT) Fatalf(format string, args ...any) {
	fmt.Println("FAIL:", firstLine(fmt.Sprintf(format, args...)))
	runtime.Goexit()
}
func (exampleT) Log(args ...any)          { fmt.Println(args...) }
func (exampleT) Context() context.Context { return context.Background() }

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// test runs body as a test would run it, on a goroutine of its own so
// that a failure ends body only.
func test(body func(t testing.TB)) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		body(exampleT{})
	}()
	<-done
}

// show prints elements as the examples do: tag, id and text.
func show(els ...*vdom.Node) {
	if len(els) == 0 {
		fmt.Println("(none)")
	}
	for _, el := range els {
		if el == nil {
			fmt.Println("(none)")
			continue
		}
		name := el.LocalName()
		if id := el.ID(); id != "" {
			name += "#" + id
		}
		fmt.Println(strings.TrimSpace(name + " " + vdomtest.NormalizeSpace(el.TextContent())))
	}
}
