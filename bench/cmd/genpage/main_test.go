package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

func TestRunWritesPage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want pagegen.Options
	}{
		{"defaults", nil, pagegen.Options{Elements: 10_000}},
		{"size", []string{"-n", "1000"}, pagegen.Options{Elements: 1000}},
		{"all flags", []string{"-n", "500", "-depth", "16", "-seed", "7"}, pagegen.Options{Elements: 500, MaxDepth: 16, Seed: 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout bytes.Buffer
			if err := run(tt.args, &stdout); err != nil {
				t.Fatalf("run: %v", err)
			}
			if !bytes.Equal(stdout.Bytes(), pagegen.Generate(tt.want)) {
				t.Errorf("stdout is not Generate(%+v)", tt.want)
			}

			path := filepath.Join(t.TempDir(), "page.html")
			stdout.Reset()
			if err := run(append(tt.args, "-o", path), &stdout); err != nil {
				t.Fatalf("run -o: %v", err)
			}
			if stdout.Len() != 0 {
				t.Errorf("run -o wrote %d bytes to stdout", stdout.Len())
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, pagegen.Generate(tt.want)) {
				t.Errorf("file is not Generate(%+v)", tt.want)
			}
		})
	}
}

func TestRunRejectsBadUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-n", "7"}, "Elements = 7, need at least 8"},
		{[]string{"-n", "ten"}, `invalid value "ten" for flag -n`},
		{[]string{"-depth", "4"}, "MaxDepth = 4"},
		{[]string{"-seed", "-1"}, "invalid value"},
		{[]string{"-x"}, "flag provided but not defined: -x"},
		{[]string{"extra"}, "unexpected arguments: extra"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout bytes.Buffer
			err := run(tt.args, &stdout)
			var u usageError
			if !errors.As(err, &u) {
				t.Fatalf("run = %v, want a usage error", err)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "usage: genpage") {
				t.Errorf("error %q does not contain %q and the usage", err, tt.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("wrote %d bytes to stdout", stdout.Len())
			}
		})
	}
}

func TestRunHelp(t *testing.T) {
	var stdout bytes.Buffer
	if err := run([]string{"-h"}, &stdout); err != nil {
		t.Fatalf("run -h: %v", err)
	}
	if !strings.HasPrefix(stdout.String(), "usage: genpage") {
		t.Errorf("run -h printed %q", stdout.String())
	}
}

func TestRunReportsWriteFailure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "page.html")
	err := run([]string{"-n", "100", "-o", path}, new(bytes.Buffer))
	var u usageError
	if err == nil || errors.As(err, &u) {
		t.Errorf("run = %v, want a plain write error", err)
	}
}
