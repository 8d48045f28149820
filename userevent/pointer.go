package userevent

// pointerState is what the mouse holds between actions.
type pointerState struct{}
