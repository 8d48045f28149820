package css

import (
	"slices"
	"sync"
)

// The author sheets' index, shared between Cascades. A test suite parses
// many documents that link the same sheets (a framework's, the site's),
// and a parsed sheet is shared by them (Loader caches, vdom's sheets of
// the same text); the index of a list of sheets for a medium is the same
// for every such document, and a ruleSet is never changed once built, so
// the Cascades of these documents share one instead of each indexing the
// thousands of rules of a framework again.
//
// The last few sets built are kept with what they were built from: the
// sheets as the cascade takes them (the sheet, its media list, whether it
// is disabled, its name), the sheets they import as loaded then, and the
// medium. A set is reused only when all of these are the same. The kept
// sets hold their sheets: a sheet's address cannot be taken by another
// while a set built from it is kept.

// maxSharedRuleSets bounds the sets kept.
const maxSharedRuleSets = 8

// sharedRuleSet is a kept set and what it was built from.
type sharedRuleSet struct {
	sheets   []SheetRef
	imported []*StyleSheet
	medium   Medium
	set      *ruleSet
}

var (
	emptyRuleSet     *ruleSet
	emptyRuleSetOnce sync.Once
)

var sharedRuleSets struct {
	mu sync.Mutex
	// recent is the kept sets, the last used first.
	recent []*sharedRuleSet
}

// authorRuleSet returns the index of the author sheets for a medium: a
// kept one built from the same sheets, or a new one, then kept. When no
// sheet applies (a document without author sheets, the common case of a
// page's first question), every Cascade shares one empty set, whatever
// the medium.
func authorRuleSet(sheets []SheetRef, medium Medium) *ruleSet {
	if !anyApplies(sheets, &medium) {
		emptyRuleSetOnce.Do(func() { emptyRuleSet = buildRuleSet(nil, nil, &medium, OriginAuthor) })
		return emptyRuleSet
	}
	imported := importedSheets(sheets)
	if set := findRuleSet(sheets, imported, medium); set != nil {
		return set
	}
	set := buildRuleSet(sheets, nil, &medium, OriginAuthor)
	keepRuleSet(&sharedRuleSet{sheets: slices.Clone(sheets), imported: imported, medium: medium, set: set})
	return set
}

// anyApplies reports whether a sheet of the list applies to the medium.
func anyApplies(sheets []SheetRef, medium *Medium) bool {
	for _, ref := range sheets {
		if ref.Sheet != nil && !ref.Disabled && ref.Media.Matches(*medium) {
			return true
		}
	}
	return false
}

func findRuleSet(sheets []SheetRef, imported []*StyleSheet, medium Medium) *ruleSet {
	s := &sharedRuleSets
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, e := range s.recent {
		if e.medium == medium && sameSheets(e.sheets, sheets) && slices.Equal(e.imported, imported) {
			copy(s.recent[1:i+1], s.recent[:i])
			s.recent[0] = e
			return e.set
		}
	}
	return nil
}

func keepRuleSet(e *sharedRuleSet) {
	s := &sharedRuleSets
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.recent) < maxSharedRuleSets {
		s.recent = append(s.recent, nil)
	}
	copy(s.recent[1:], s.recent[:len(s.recent)-1])
	s.recent[0] = e
}
