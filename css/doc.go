// Package css parses style sheets as browsers parse them and computes the
// values of the properties that decide what a user of a page meets: what
// is displayed, visible, reachable by the pointer, and how text is
// written. It knows nothing of documents or events: it works on
// golang.org/x/net/html trees and asks a selector.State for the live state
// its selectors read, as package selector does.
//
// # Parsing
//
// Parse and ParseWithOptions read a sheet with CSS Syntax's tokenizer and
// parser, including its error recovery: a sheet never fails to parse; a
// malformed rule or declaration is dropped, and StyleSheet.Errors says
// what was dropped and where. Rules nest as CSS Nesting says. The rules
// are CSSOM's kinds, read only.
//
// The tokenizer is github.com/tdewolff/parse/v2's; the rule-level parser
// (CSS Syntax §5.4, in the form CSS Nesting builds on) is this package's.
//
// # Files
//
//   - token.go: preprocessing and the tokens, on tdewolff's lexer
//   - syntax.go: CSS Syntax §5.4: blocks, rules and declarations, read
//     with a stack of open blocks
//   - build.go: reading the rules: style rules, grouping rules, at-rules
//   - rules.go: the rule types (CSSOM)
//   - serialize.go: cssText of every rule kind
//   - declarations.go: declaration blocks and style attributes
//   - import.go: @import's prelude
//   - decode.go: a sheet's bytes to text (CSS Syntax §3.2)
//   - condition.go: the conditions @media and @supports share, as postfix
//     programs
//   - media.go: media query lists
//   - media_features.go: the media features, their values, Medium
//   - math.go: calc(), min(), max() and clamp() in media features
//   - supports.go: @supports conditions
//   - known_properties.go: the property names Chromium knows
//   - numbers.go: numbers and text rebuilt from tokens
//   - sheet.go: StyleSheet, Parse, positions and errors
package css
