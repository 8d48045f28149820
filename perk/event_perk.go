package perk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// EventPerk attributes (specification §1).
const (
	EventPerkName     = "EventPerk"
	EventSection      = "event"
	EventPerkPriority = 210
)

// DefaultMaxNesting is how deep triggers may nest (a handler that triggers an
// event whose handler triggers another...) before trigger refuses with
// ErrNestingLimit.
const DefaultMaxNesting = 64

// EventPerkFactory describes EventPerk for a Registry.
func EventPerkFactory() Factory {
	return Factory{
		Name:     EventPerkName,
		Section:  EventSection,
		Priority: EventPerkPriority,
		Core:     true,
		New:      func() unit.Perk { return NewEventPerk() },
	}
}

// EventPerk installs event handlers on a unit and its elements from the
// unit's "event" settings and at run time, and fires events with trigger
// (waiting for each handler) and triggerSync (not waiting).
//
// Skills it adds: event.add, event.init, event.remove, event.reset,
// event.triggerSync. Spell: event.trigger. The same operations are methods of
// EventPerk (Add, Init, Remove, Reset, Trigger, TriggerSync).
type EventPerk struct {
	u        *unit.Unit
	settings *EventSettings
	// lists are the handler lists by element: the first of an element's
	// lists, the others chained through handlerList.next (an element has
	// lists for a few events at most). Keyed by the element alone, a
	// lookup hashes a pointer rather than a pointer and a string. The
	// lists of the unit's root, which every perk has (its own two
	// handlers'), start at rootLists instead: a unit whose settings
	// declare nothing for its inner elements needs no table, which is
	// made on first use, sized by listsHint.
	lists     map[*vdom.Node]*handlerList
	rootLists *handlerList
	listsHint int
	// MaxNesting bounds nested triggers; DefaultMaxNesting when 0.
	MaxNesting int

	st       *docState
	running  map[*chain]struct{}
	deferred []*deferredWork
	bgErrs   []originErr
	stop     chan struct{}
	// spareChains are finished chains kept for reuse (event_reuse.go).
	spareChains []*chain

	// handlersVer changes whenever one of the perk's handler lists changes
	// (an entry added or removed: handlerList.changed).
	handlersVer uint64
	// applied records what doApplySettings installed, so that
	// afterTransform can skip the entries it would find installed.
	applied appliedState
	// ownLists are the lists of the perk's own lifecycle handlers, the
	// first time it attaches (ownListsUsed).
	ownLists     [2]handlerList
	ownListsUsed bool
	// noSettings are the settings of a unit without an "event" section
	// (see sectionOf).
	noSettings EventSettings
	// added is set by addTo when it installed an entry's handlers on a
	// target, so that installAll knows the entry resolved.
	added bool
}

// appliedState is what the last doApplySettings installed: the entries
// (by index in the settings) whose handlers it added to every target,
// and the state their targets were resolved in. While the document's tree,
// its units and the perk's handler lists are as they were, resolving such
// an entry again finds the same targets with every handler there, so
// installing it again changes nothing.
type appliedState struct {
	valid            bool
	domVer, unitsVer uint64
	handlersVer      uint64
	entries          []bool
}

// NewEventPerk returns an EventPerk for one unit.
func NewEventPerk() *EventPerk { return &EventPerk{} }

// Name implements unit.Perk.
func (p *EventPerk) Name() string { return EventPerkName }

// Section implements unit.Perk.
func (p *EventPerk) Section() string { return EventSection }

// Priority implements unit.Perk.
func (p *EventPerk) Priority() int { return EventPerkPriority }

// Unit returns the unit the perk is attached to.
func (p *EventPerk) Unit() *unit.Unit { return p.u }

// Settings returns the decoded "event" section (empty when the unit has
// none).
func (p *EventPerk) Settings() *EventSettings { return p.settings }

type perkKey struct{}

// Events returns the EventPerk of u. Perks are attached by Start and
// detached by Stop: outside that time the error matches ErrNotAttached and
// says so.
func Events(u *unit.Unit) (*EventPerk, error) {
	if p, ok := u.Value(perkKey{}).(*EventPerk); ok {
		return p, nil
	}
	if !u.Started() {
		// The usual cause: asking before Start, which attaches the perks.
		return nil, errkind.Errorf("perk: unit %s: %w (perks are attached from Start until Stop, and the unit is not started)", u.Name(), ErrNotAttached)
	}
	return nil, errkind.Errorf("perk: unit %s: %w", u.Name(), ErrNotAttached)
}

// Attach implements unit.Perk: it reads and validates the "event" section,
// registers the skills and the spell, and installs the perk's own
// doApplySettings and afterTransform handlers on the unit, in the same
// ordered lists as every other handler.
func (p *EventPerk) Attach(ctx context.Context, u *unit.Unit) error {
	if p.u != nil {
		return fmt.Errorf("perk: EventPerk is attached to %s already", p.u.Name())
	}
	settings, err := sectionOf(u, &p.noSettings)
	if err != nil {
		return err
	}
	p.u, p.settings = u, settings
	// A list per entry and event, usually: sized for them, the table
	// does not grow while a unit starts.
	p.listsHint = 0
	for i := range settings.Events {
		p.listsHint += len(settings.Events[i].Handlers)
	}
	p.lists, p.rootLists = nil, nil
	// The running chains and the stop channel are made when the first
	// handler waits: most units' handlers never do.
	p.running, p.stop = nil, nil
	for _, s := range eventSkills {
		if err := u.AddSkill(s.name, s.fn); err != nil {
			return err
		}
	}
	if err := u.AddSpell("event.trigger", triggerSpell); err != nil {
		return err
	}
	domext.SetTriggerNoOp(u, lifecycleNoOp)
	u.SetValue(perkKey{}, p)
	if !p.ownListsUsed {
		// The lists of the perk's own two handlers come with the perk.
		// Only once: after a Detach, something may hold on to the old
		// ones' entries, which must stay removed.
		p.ownListsUsed = true
		p.link(&p.ownLists[0], u.Root(), "doApplySettings", p.head(u.Root()))
		p.link(&p.ownLists[1], u.Root(), "afterTransform", p.head(u.Root()))
	}
	if err := p.Add("doApplySettings", []HandlerInfo{{Handler: onApply}}, nil, nil); err != nil {
		return err
	}
	return p.Add("afterTransform", []HandlerInfo{{Handler: onTransform}}, nil, nil)
}

// eventSkills and triggerSpell are the skills and the spell, shared by
// every EventPerk: each finds the perk through the unit it is called on
// (unit.Use and unit.Cast pass it), so registering them allocates no
// closure per unit. A perk registers them as it attaches and removes them
// as it detaches, together with the value they find it by.
var (
	eventSkills = [...]struct {
		name string
		fn   unit.Skill
	}{
		{"event.add", perkOp((*EventPerk).addSkill)},
		{"event.init", perkOp((*EventPerk).initSkill)},
		{"event.remove", perkOp((*EventPerk).removeSkill)},
		{"event.reset", perkOp((*EventPerk).resetSkill)},
		{"event.triggerSync", perkOp((*EventPerk).triggerSyncSkill)},
	}
	triggerSpell = unit.Spell(perkOp((*EventPerk).triggerSpell))
)

// perkOp makes a skill of one of EventPerk's skill methods, run on the
// perk attached to the unit it is called on.
func perkOp(m func(*EventPerk, context.Context, *unit.Unit, ...any) error) unit.Skill {
	return func(ctx context.Context, u *unit.Unit, args ...any) error {
		p, err := Events(u)
		if err != nil {
			return err
		}
		return m(p, ctx, u, args...)
	}
}

// lifecycleNoOp reports whether the trigger spell of u, called by the
// unit for its lifecycle event named event (at its root, with the ctx the
// unit checked), would return nil without running anything: fire's steps
// before it makes the event, in its order.
func lifecycleNoOp(u any, event string) bool {
	p, ok := u.(*unit.Unit).Value(perkKey{}).(*EventPerk)
	if !ok || p.u == nil || p.state().depth >= p.maxNesting() {
		return false
	}
	root := p.u.Root()
	return domext.DispatchIsNoOp(root, event, false) || p.onlyOwnNoOp(root, event)
}

// onApply and onTransform are the perk's own lifecycle handlers, shared by
// every EventPerk: each runs in the lists of one perk only, whose unit is
// ex.Unit, and finds that perk there.
var (
	onApply = NewFunc("EventPerk.doApplySettings", unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		p, err := ownPerk(ex)
		if err != nil {
			return err
		}
		return p.installAll(false)
	}))
	onTransform = NewFunc("EventPerk.afterTransform", unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		p, err := ownPerk(ex)
		if err != nil {
			return err
		}
		return p.installAll(true)
	}))
)

// ownPerk returns the EventPerk whose own handler runs with ex: the one
// attached to ex.Unit, as a perk's entries are marked removed, and so not
// run, when it detaches.
func ownPerk(ex unit.Ex) (*EventPerk, error) {
	if p, ok := ex.Unit.Value(perkKey{}).(*EventPerk); ok {
		return p, nil
	}
	return nil, errkind.Errorf("perk: unit %s: %w", ex.Unit.Name(), ErrNotAttached)
}

// onlyOwnNoOp reports whether firing eventName at el would run nothing
// but one of the perk's own lifecycle handlers, at the root, where it
// would do nothing: the settings have no entries to install, nobody
// traces the call, and no chain of the perk runs or waits (which the new
// one would wait for). A unit whose settings declare no event handlers
// then skips making the event and running the handler.
func (p *EventPerk) onlyOwnNoOp(el *vdom.Node, eventName string) bool {
	var own *Func
	switch eventName {
	case "doApplySettings":
		own = onApply
	case "afterTransform":
		own = onTransform
	default:
		return false
	}
	if len(p.settings.Events) != 0 || el != p.u.Root() || len(p.running) != 0 || p.u.Tracer() != nil {
		return false
	}
	l := p.list(el, eventName, false)
	if l == nil || len(l.entries) != 1 || l.entries[0].handler != own || l.entries[0].capture || l.active[captureIndex(true)] {
		return false
	}
	return domext.DispatchRunsOnly(el, eventName, false, &l.natives[captureIndex(false)])
}

// markRunning records c among the chains that run or wait.
func (p *EventPerk) markRunning(c *chain) {
	if p.running == nil {
		p.running = make(map[*chain]struct{})
	}
	p.running[c] = struct{}{}
}

// stopChan returns the channel Detach closes, made first if need be.
func (p *EventPerk) stopChan() chan struct{} {
	if p.stop == nil {
		p.stop = make(chan struct{})
	}
	return p.stop
}

// sectionOf decodes the unit's "event" section: *EventSettings,
// EventSettings, or JSON (json.RawMessage, []byte, string). Without one
// (or with a nil one) it returns none, zeroed: the perk's own empty
// settings, which cost no allocation of their own.
func sectionOf(u *unit.Unit, none *EventSettings) (*EventSettings, error) {
	v, ok := u.Section(EventSection)
	if !ok || v == nil {
		*none = EventSettings{}
		return none, nil
	}
	var s *EventSettings
	switch v := v.(type) {
	case *EventSettings:
		if v == nil {
			// Valid and declares nothing (see Validate); kept as nil, it
			// made the lifecycle handlers dereference it.
			*none = EventSettings{}
			return none, nil
		}
		// Units of one kind share their settings: the document remembers
		// those it found valid (event_settings_memo.go).
		if err := stateOf(u.Document()).validateMemo(v); err != nil {
			return nil, settingsErr(err)
		}
		return v, nil
	case EventSettings:
		s = &v
	case json.RawMessage:
		return decodeSection(v)
	case []byte:
		return decodeSection(v)
	case string:
		return decodeSection([]byte(v))
	default:
		return nil, fmt.Errorf("perk: settings section %q: want *perk.EventSettings or JSON, got %T", EventSection, v)
	}
	if err := s.Validate(); err != nil {
		return nil, settingsErr(err)
	}
	return s, nil
}

func decodeSection(data []byte) (*EventSettings, error) {
	s, err := DecodeEventSettings(data)
	if err != nil {
		return nil, settingsErr(err)
	}
	return s, nil
}

// settingsErr puts a heading above the settings errors, which come one per
// line with their own paths. It does not name the unit: unit.Attach, which
// calls Attach, does ("unit main#app: attach EventPerk: perk: invalid ...").
func settingsErr(err error) error {
	return fmt.Errorf("perk: invalid %q settings:\n%w", EventSection, err)
}

// Detach implements unit.Perk: it waits (as long as ctx allows) for work
// that handlers started and that nobody awaited, removes every handler and
// native listener the perk installed, and unregisters its skills and spell.
// It returns the errors of that work and ctx's error if it ended the wait.
func (p *EventPerk) Detach(ctx context.Context, u *unit.Unit) error {
	if p.u == nil {
		return nil
	}
	errs := []error{p.Settle(ctx)}
	if p.stop != nil {
		close(p.stop)
	}
	// Their watchers end with p.stop: nothing will record them now. Wake
	// whoever waits for them in Settle.
	for _, w := range p.deferred {
		w.settled.Resolve()
	}
	p.deferred = nil
	for c := range p.running {
		c.abandon(errkind.Errorf("%w", unit.ErrStopped))
	}
	for l := p.rootLists; l != nil; l = l.next {
		l.uninstall()
	}
	for _, head := range p.lists {
		for l := head; l != nil; l = l.next {
			l.uninstall()
		}
	}
	clear(p.lists)
	p.rootLists = nil
	for _, s := range eventSkills {
		u.RemoveSkill(s.name)
	}
	u.RemoveSpell("event.trigger")
	u.SetValue(perkKey{}, nil)
	p.u, p.st = nil, nil
	return errors.Join(errs...)
}

// installAll is the body of the perk's lifecycle handlers: doApplySettings
// installs every entry, afterTransform only those whose target is not the
// unit itself (its inner elements exist only now).
func (p *EventPerk) installAll(innerOnly bool) error {
	var errs []error
	// Installing makes and stops no unit: the boundaries found for the
	// first entry by id hold for the others.
	var b *boundaries
	doc := p.u.Document()
	skip := innerOnly && p.applied.unchanged(p, doc)
	record := !innerOnly && p.u.Tracer() == nil
	var domVer, unitsVer uint64
	if record {
		// A tracer runs code of its own in the middle, which could
		// change anything: with one, nothing is recorded.
		domVer, unitsVer = domext.TreeVersion(doc), unit.UnitsVersion(doc)
		p.applied.entries = slices.Grow(p.applied.entries[:0], len(p.settings.Events))[:len(p.settings.Events)]
		clear(p.applied.entries)
	}
	p.applied.valid = false
	for i := range p.settings.Events {
		entry := &p.settings.Events[i]
		if innerOnly && entry.targetsUnit() {
			continue
		}
		if skip && p.applied.entries[i] {
			continue
		}
		// doApplySettings runs before transform: an inner element may not
		// exist yet, and afterTransform tries again, so only afterTransform
		// (or an entry on the unit itself) reports an entry without target.
		report := innerOnly || entry.targetsUnit()
		if p.u.Tracer() != nil {
			// A tracer told of an entry without target runs code of
			// its own, which could.
			b = nil
		} else if b == nil && !entry.targetsUnit() && entry.RootNode == "" {
			b = p.boundaries()
		}
		p.added = false
		err := p.eachTarget("event.init", entry.Name, entry, nil, report, b, p.addTo)
		if err != nil {
			errs = append(errs, err)
		} else if record && p.added {
			p.applied.entries[i] = true
		}
	}
	if record && domext.TreeVersion(doc) == domVer && unit.UnitsVersion(doc) == unitsVer {
		p.applied.valid = true
		p.applied.domVer, p.applied.unitsVer, p.applied.handlersVer = domVer, unitsVer, p.handlersVer
	}
	return errors.Join(errs...)
}

// unchanged reports whether the entries a recorded doApplySettings
// installed are installed still and would resolve to the same targets.
func (a *appliedState) unchanged(p *EventPerk, doc *vdom.Document) bool {
	return a.valid && len(a.entries) == len(p.settings.Events) &&
		a.handlersVer == p.handlersVer &&
		a.domVer == domext.TreeVersion(doc) && a.unitsVer == unit.UnitsVersion(doc)
}

func (e *ElementEntry) targetsUnit() bool { return e.Name == "this" || e.RootNode == "this" }

// entry returns the settings entry named name.
func (p *EventPerk) entry(name string) (*ElementEntry, error) {
	for i := range p.settings.Events {
		if p.settings.Events[i].Name == name {
			return &p.settings.Events[i], nil
		}
	}
	return nil, errkind.Errorf("perk: unit %s: element entry %q: %w", p.u.Name(), name, ErrNoEntry)
}
