package scenario

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
)

// DefaultMaxInput is the size above which Load refuses a scenario, page or
// settings file: far more than any page a person writes, far less than
// what would exhaust memory when a file such as /dev/zero is named.
const DefaultMaxInput = 256 << 20

// stdinArg is the file name that means standard input, to the command.
const stdinArg = "-"

// errTooLarge and errNotRegular are the reasons an input is refused
// before it is read in full.
var (
	errTooLarge   = errors.New("larger than the limit")
	errNotRegular = errors.New("not a regular file")
)

// inputReader reads the command's and Load's inputs: regular files only
// (a FIFO without a writer, a device or a directory would block or never
// end), at most max bytes, "-" from stdin when stdin is set, and each read
// stops when ctx ends.
type inputReader struct {
	ctx   context.Context
	max   int64
	stdin io.Reader
	// stdinUsed, shared by the readers of one command line: standard
	// input can be read once.
	stdinUsed *atomic.Bool
	// baseURL, from --base-url, is the server that a scenario's "page"
	// path starting with "/" is fetched from; nil: such a path is a file.
	baseURL *url.URL
}

// read reads one input.
func (in *inputReader) read(name string) ([]byte, error) {
	ctx := in.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return nil, loadTimeout(ctx, name)
	}
	limit := in.max
	if limit <= 0 {
		limit = DefaultMaxInput
	}
	if name == stdinArg && in.stdin != nil {
		if in.stdinUsed != nil && !in.stdinUsed.CompareAndSwap(false, true) {
			return nil, &fs.PathError{Op: "read", Path: stdinName, Err: errors.New("already read: name - once")}
		}
		return readLimited(ctx, stdinName, in.stdin, limit, true)
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		kind := "a special file"
		switch {
		case st.IsDir():
			kind = "a directory"
		case st.Mode()&fs.ModeNamedPipe != 0:
			kind = "a named pipe"
		case st.Mode()&fs.ModeDevice != 0:
			kind = "a device"
		case st.Mode()&fs.ModeSocket != 0:
			kind = "a socket"
		}
		hint := ""
		if in.stdin != nil {
			hint = "; give - to read standard input"
		}
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w (%s)%s", errNotRegular, kind, hint)}
	}
	if st.Size() > limit {
		return nil, &fs.PathError{Op: "read", Path: name, Err: tooLarge(st.Size(), limit)}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(ctx, name, f, limit, false)
}

func tooLarge(size, limit int64) error {
	if size < 0 {
		return fmt.Errorf("%w of %s (--max-input)", errTooLarge, formatSize(limit))
	}
	return fmt.Errorf("%s, %w of %s (--max-input)", formatSize(size), errTooLarge, formatSize(limit))
}

// readLimited reads r to its end, refusing more than limit bytes, and
// gives up when ctx ends. A read that blocks (standard input from a pipe
// nobody writes to) is waited for on another goroutine, which is left
// behind when ctx ends: the command exits then.
func readLimited(ctx context.Context, name string, r io.Reader, limit int64, mayBlock bool) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	readAll := func() result {
		var b []byte
		buf := make([]byte, 64<<10)
		for {
			if ctx.Err() != nil {
				return result{nil, loadTimeout(ctx, name)}
			}
			n, err := r.Read(buf)
			if int64(len(b))+int64(n) > limit {
				return result{nil, &fs.PathError{Op: "read", Path: name, Err: tooLarge(-1, limit)}}
			}
			b = append(b, buf[:n]...)
			if errors.Is(err, io.EOF) {
				return result{b, nil}
			}
			if err != nil {
				return result{nil, err}
			}
		}
	}
	if !mayBlock {
		res := readAll()
		return res.data, res.err
	}
	done := make(chan result, 1)
	go func() { done <- readAll() }()
	select {
	case res := <-done:
		return res.data, res.err
	case <-ctx.Done():
		return nil, loadTimeout(ctx, name)
	}
}

// loadTimeout is the error of an input still loading when ctx ended.
func loadTimeout(ctx context.Context, name string) error {
	cause := "timed out"
	if errors.Is(ctx.Err(), context.Canceled) {
		cause = "interrupted"
	}
	return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%s while loading (--timeout)", cause)}
}

// formatSize writes a byte count as people write limits: "256MB", "10KB".
func formatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "GB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "KB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// sizeFlag is --max-input: a byte count such as 1048576, 512KB, 256MB or
// 1GB (binary units).
type sizeFlag int64

func (s *sizeFlag) String() string { return formatSize(int64(*s)) }

func (s *sizeFlag) Set(v string) error {
	num, mul := v, int64(1)
	for _, u := range []struct {
		suffix string
		mul    int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if n, ok := strings.CutSuffix(strings.ToUpper(v), u.suffix); ok {
			num, mul = n, u.mul
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mul {
		return fmt.Errorf("want a positive size such as 512KB, 256MB or 1GB, got %q", v)
	}
	*s = sizeFlag(n * mul)
	return nil
}

// within runs load, which reads and checks a scenario or a page, and gives
// up when ctx ends: reading stops at once, but parsing a large page cannot
// be interrupted, so it goes on, on its own goroutine, while the command
// reports the timeout and moves on. Nothing it makes is used after that.
// The error reads as that of a read that timed out: "cannot read WHAT:
// NAME: timed out while loading (--timeout)".
func within[T any](ctx context.Context, name, what string, load func() (T, error)) (T, error) {
	if ctx.Done() == nil {
		return load()
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := load()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, InputErrors{{File: name, Msg: "cannot read " + what + ": " + describeFileError(loadTimeout(ctx, name)), offset: -1}}
	}
}
