package pagegen_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

func TestAnalyze(t *testing.T) {
	tests := []struct {
		name string
		page string
		want pagegen.Stats
	}{
		{
			name: "parser adds html head body",
			page: "text",
			want: pagegen.Stats{Elements: 3, MaxDepth: 2, TextNodes: 1},
		},
		{
			name: "counts",
			page: `<!DOCTYPE html><html><head><title>T</title></head><body>
<form id="f"><input type="checkbox"><input type="CHECKBOX" id="c"><input>
<select><option>o</option></select><textarea>x</textarea></form>
<ul><li id="i"><ol><li>deep</li></ol></li></ul>
<p id="">  </p></body></html>`,
			want: pagegen.Stats{
				Elements: 16, WithID: 3, MaxDepth: 6, Forms: 1, Inputs: 3,
				Checkboxes: 2, Lists: 2, TextNodes: 4, IDs: []string{"f", "c", "i"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := analyze(t, []byte(tt.page))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Analyze mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAnalyzeRejectsTooDeep(t *testing.T) {
	var page []byte
	for range 600 {
		page = append(page, "<div>"...)
	}
	if _, err := pagegen.Analyze(page); err == nil {
		t.Error("Analyze accepted a page nested 600 deep")
	}
}
