package htmx

// knownMismatches lists the recordings the replay does not reproduce
// exactly, each with the reason.
var knownMismatches = map[string]string{}
