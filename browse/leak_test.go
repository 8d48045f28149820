package browse_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
)

// TestMain fails the package when any test leaves a goroutine running:
// the handlers a timeout abandons are released by their tests.
func TestMain(m *testing.M) { testenv.VerifyTestMain(m) }
