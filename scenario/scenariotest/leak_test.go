package scenariotest_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
)

// TestMain fails the package when any test leaves a goroutine running.
func TestMain(m *testing.M) { testenv.VerifyTestMain(m) }
