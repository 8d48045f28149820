package stylerec

// Recording is what Chromium answered for one page, one JSON object of
// recorded/<page>.json. Each replay reads the fields it compares.
type Recording struct {
	Page string `json:"page"`
	// Medium is what the page was rendered for (its record-media meta).
	Medium struct {
		Type     string            `json:"type"`
		Features map[string]string `json:"features"`
	} `json:"medium"`
	Elements []Element `json:"elements"`
	// TabOrder is the keys of the elements Tab visits, in order.
	TabOrder []string `json:"tabOrder"`
}

// Element is what was recorded of one element of the page.
type Element struct {
	// Key is the element's id, or the selector that finds it.
	Key   string            `json:"key"`
	Tag   string            `json:"tag"`
	Style map[string]string `json:"style"`
	// Before and After are the ::before and ::after pseudo-elements, nil
	// where there is none.
	Before    *Pseudo `json:"before"`
	After     *Pseudo `json:"after"`
	InnerText *string `json:"innerText"`
	// CheckVisibility is checkVisibility() without options and with each.
	CheckVisibility *struct {
		Plain                 bool `json:"plain"`
		CheckOpacity          bool `json:"checkOpacity"`
		CheckVisibilityCSS    bool `json:"checkVisibilityCSS"`
		ContentVisibilityAuto bool `json:"contentVisibilityAuto"`
	} `json:"checkVisibility"`
	Focusable *bool `json:"focusable"`
	// AX is the element's node of Chromium's accessibility tree.
	AX *struct {
		Role           string   `json:"role"`
		Name           string   `json:"name"`
		Ignored        bool     `json:"ignored"`
		Hidden         bool     `json:"hidden"`
		Absent         bool     `json:"absent"`
		IgnoredReasons []string `json:"ignoredReasons"`
	} `json:"ax"`
}

// Pseudo is a recorded ::before or ::after.
type Pseudo struct {
	Content string `json:"content"`
	Display string `json:"display"`
}
