package browse_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package when any test leaves a goroutine running:
// the handlers a timeout abandons are released by their tests.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
