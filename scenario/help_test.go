package scenario

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"
)

// TestScenarioHelpNamesEveryKey checks that "eventperk help scenario",
// the format's description for those without the docs, names every key
// the decoder knows, and points at the schema where it can be fetched.
func TestScenarioHelpNamesEveryKey(t *testing.T) {
	var all []string
	all = append(all, scenarioKeys...)
	all = append(all, unitKeys...)
	all = append(all, kindOrder...)
	all = append(all, methodCommonKeys...)
	all = append(all, stepCommonKeys...)
	all = append(all, expectKeys...)
	for _, k := range all {
		if !regexp.MustCompile(`(^|[^\w$])` + regexp.QuoteMeta(k) + `\b`).MatchString(scenarioHelp) {
			t.Errorf("eventperk help scenario does not mention %q", k)
		}
	}
	data, err := os.ReadFile("../docs/scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		ID string `json:"$id"`
	}
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	if schema.ID != schemaURL {
		t.Errorf("the schema's $id is %q, want %q, where it can be fetched", schema.ID, schemaURL)
	}
}
