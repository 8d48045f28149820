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
// parser, including its error recovery, as Chromium reads each kind of
// block: a sheet never fails to parse; a malformed rule or declaration is
// dropped, and StyleSheet.Errors says what was dropped and where. Rules
// nest as CSS Nesting says. The rules are CSSOM's kinds, read only, and
// serialize as CSSOM's cssText does (Rule.CSSText). ParseDeclarations
// reads a style attribute.
//
// The tokenizer is github.com/tdewolff/parse/v2's, put right where it
// follows the 2013 draft; the parser (CSS Syntax §5.4) is this package's.
// Neither recurses on the input's depth; blocks nest at most 256 deep.
//
// # Conditions
//
// ParseMediaList reads media query lists (Media Queries 5); a MediaList
// matches a Medium (DefaultMedium is a 1280x720 desktop screen).
// ParseSupports and Supports read @supports conditions, which are decided
// when parsed: what this package keeps is what is supported.
//
// # Imports and bytes
//
// LoadImports loads the sheets of @import rules through a Loader, within
// limits; Decode turns a sheet's bytes into text (CSS Syntax §3.2).
//
// docs/css.md is the user's guide.
//
// # The cascade and computed values
//
// A Cascade computes the styles of the elements of one document's tree:
// NewCascade, SetSheets with the document's sheets in tree order, then
// Style(el, state) for an element and PseudoStyle for its ::before and
// ::after. It applies the user agent sheets (ua.css, ua_svg.css,
// ua_mathml.css), the presentational hints of HTML attributes, the author
// sheets with their @imports, @media, @supports, @layer and @scope, and
// style attributes, as CSS Cascade 5 orders them, and computes the
// properties that decide what a user meets (ComputedProperties) and
// custom properties. Style.PropertyValue serializes a value as Chromium's
// getComputedStyle does; Style.Source says which declaration it came
// from; Style.Rendered and Style.Transparent say whether CSS renders the
// element and whether it is see-through, Style.SkipsContents whether it
// skips its contents. InlineStyle is the style
// attribute as a script changes it.
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
//   - import.go: @import's prelude and URL resolution
//   - load.go: LoadImports, Loader and the limits of loading
//   - decode.go: a sheet's bytes to text (CSS Syntax §3.2)
//   - condition.go: the conditions @media and @supports share, as postfix
//     programs
//   - media.go: media query lists
//   - media_features.go: the media features, their values, Medium
//   - math.go: calc(), min(), max() and clamp() in media features
//   - container.go: @container's name and query
//   - supports.go: @supports conditions
//   - known_properties.go: the property names Chromium knows
//   - numbers.go: numbers and text rebuilt from tokens
//   - sheet.go: StyleSheet, Parse, positions and errors
//   - cascade.go: Cascade, SheetRef, Style and PseudoStyle, the cache,
//     shared values
//   - index.go: rule entries and the index by id, class, type and
//     attribute
//   - ancestor_filter.go: the Bloom filter of ancestors' ids, classes
//     and types, which skips rules whose ancestors are not there
//   - ruleset_cache.go: the index of the same author sheets shared by
//     the Cascades of many documents
//   - sheetcache.go: what is derived from one sheet (compiled blocks,
//     selector keys), shared by every Cascade
//   - scope.go: @scope's roots and proximity
//   - layers.go: the order of cascade layers
//   - compute.go: one element's cascade and its computed values
//   - declared.go: declaration blocks compiled for the cascade
//   - custom.go: custom properties, var() and @property
//   - style.go: Style, the computed values
//   - source.go: Source, why a value is what it is
//   - rendered.go: Rendered, Transparent and SkipsContents, and what HTML
//     adds
//   - inline.go: InlineStyle, the style attribute as a script changes it
//   - properties.go: the computed properties, their grammars and
//     validDeclaration
//   - values.go: reading values from tokens, CSS-wide keywords
//   - values_display.go, values_keywords.go, values_opacity.go,
//     values_content.go: each property family's values
//   - hints.go: presentational hints
//   - ua.go, ua.css, ua_svg.css, ua_mathml.css: the user agent sheets
package css
