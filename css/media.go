package css

// MediaList is a media query list (Media Queries 5 §2): CSSOM's MediaList.
type MediaList struct {
	text string
}

// ParseMediaList parses a media query list; "" is the empty list, which
// matches every medium.
func ParseMediaList(text string) MediaList { return MediaList{text: text} }

// MediaText is the list as written.
func (m MediaList) MediaText() string { return m.text }
