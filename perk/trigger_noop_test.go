package perk_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// A unit skips calling EventPerk's trigger spell for lifecycle events that
// would run nothing; a trigger spell put in its place is called for every
// one of them, as before.
func TestReplacedTriggerSpellSeesEveryLifecycleEvent(t *testing.T) {
	doc := vdom.ParseString(`<main><section id="root"></section></main>`)
	ctx := context.Background()
	u, err := unit.New(doc, doc.GetElementByID("root"), unit.Options{Perks: perk.Default})
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	u.RemoveSpell(unit.TriggerSpell)
	var got []string
	if err := u.AddSpell(unit.TriggerSpell, func(_ context.Context, _ *unit.Unit, args ...any) error {
		got = append(got, args[0].(string))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := u.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(unit.StopEvents, got); diff != "" {
		t.Errorf("the replaced trigger spell was called for (-want +got):\n%s", diff)
	}
}
