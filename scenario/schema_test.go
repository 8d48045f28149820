package scenario

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSchemaMatchesDecoder keeps docs/scenario.schema.json and the decoder
// in step: the same actions and steps, each with the same keys, so an
// editor accepts what the command accepts.
func TestSchemaMatchesDecoder(t *testing.T) {
	data, err := os.ReadFile("../docs/scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
		ID         string                     `json:"$id"`
		Defs       map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatalf("the schema is not valid JSON: %v", err)
	}
	keys := func(m map[string]json.RawMessage) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	sortedCopy := func(s []string) []string {
		out := slices.Clone(s)
		slices.Sort(out)
		return out
	}
	if diff := cmp.Diff(sortedCopy(scenarioKeys), keys(schema.Properties)); diff != "" {
		t.Errorf("top-level keys (-decoder +schema):\n%s", diff)
	}
	if diff := cmp.Diff(sortedCopy(unitKeys), keys(schema.Defs["unit"].Properties)); diff != "" {
		t.Errorf("unit keys (-decoder +schema):\n%s", diff)
	}
	if diff := cmp.Diff(sortedCopy(expectKeys), keys(schema.Defs["expectation"].Properties)); diff != "" {
		t.Errorf("expectation keys (-decoder +schema):\n%s", diff)
	}
	if schema.ID != schemaURL {
		t.Errorf("$id is %q, want %q, where the schema can be fetched", schema.ID, schemaURL)
	}
	seen := map[string]bool{}
	for _, inStep := range []bool{false, true} {
		prefix, common := "action.", methodCommonKeys
		if inStep {
			prefix, common = "step.", stepCommonKeys
		}
		for _, kind := range kinds(inStep) {
			def, ok := schema.Defs[prefix+kind]
			if !ok {
				t.Errorf("the schema has no %s%s", prefix, kind)
				continue
			}
			seen[prefix+kind] = true
			spec := kindsByName[kind]
			want := append(append([]string{kind}, spec.keys...), common...)
			if kind == "expect" {
				want = slices.DeleteFunc(want, func(k string) bool { return k == "expectError" })
			}
			if diff := cmp.Diff(sortedCopy(want), keys(def.Properties)); diff != "" {
				t.Errorf("%s%s keys (-decoder +schema):\n%s", prefix, kind, diff)
			}
			for _, r := range spec.required {
				if !slices.Contains(def.Required, r) {
					t.Errorf("%s%s: the schema does not require %q", prefix, kind, r)
				}
			}
		}
	}
	for name := range schema.Defs {
		if (strings.HasPrefix(name, "action.") || strings.HasPrefix(name, "step.")) && !seen[name] {
			t.Errorf("the schema has %s, which the decoder does not know", name)
		}
	}
}
