package scenario_test

import (
	"context"
	"errors"
	"os"

	"github.com/eventperk/eventperk-go/scenario"
)

// runFromGo is the snippet that scenario's package doc and docs/cli.md
// show, compiled here so that it stays valid Go. It is not an Example
// with output: its trace carries durations.
func runFromGo(ctx context.Context) error {
	s, err := scenario.Load("fixtures/form/scenario.json")
	if err != nil {
		return err // InputErrors: every problem, with file:line:col and JSON path
	}
	res := s.Run(ctx, scenario.Options{})
	if err := res.WriteText(os.Stdout, scenario.Format{Durations: true}); err != nil {
		return err
	}
	if !res.OK() {
		return errScenarioFailed
	}
	return nil
}

var errScenarioFailed = errors.New("the scenario failed")
