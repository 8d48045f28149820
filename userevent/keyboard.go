package userevent

// keyboardState is what the keyboard holds between actions.
type keyboardState struct{}
