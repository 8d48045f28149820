package vdom_test

import "github.com/eventperk/eventperk-go/vdom"

// Optional arguments have a short form and a second function that takes
// them, never a variadic that would accept a second value: these
// assignments compile only with exactly those signatures.
var (
	_ func(string) *vdom.Event                                            = vdom.NewEvent
	_ func(string, vdom.EventInit) *vdom.Event                            = vdom.NewEventWith
	_ func(string) *vdom.Event                                            = vdom.NewCustomEvent
	_ func(string, vdom.CustomEventInit) *vdom.Event                      = vdom.NewCustomEventWith
	_ func(*vdom.Event, string, bool, bool)                               = (*vdom.Event).InitEvent
	_ func(vdom.ClassList, string) (bool, error)                          = vdom.ClassList.Toggle
	_ func(vdom.ClassList, string, bool) (bool, error)                    = vdom.ClassList.ToggleForce
	_ func(*vdom.Node, string) (bool, error)                              = (*vdom.Node).ToggleAttribute
	_ func(*vdom.Node, string, bool) (bool, error)                        = (*vdom.Node).ToggleAttributeForce
	_ func(vdom.EventTarget, string, vdom.Listener)                       = vdom.EventTarget.AddEventListener
	_ func(vdom.EventTarget, string, vdom.Listener)                       = vdom.EventTarget.RemoveEventListener
	_ func(vdom.EventTarget, string, vdom.Listener, vdom.ListenerOptions) = vdom.EventTarget.AddEventListenerWith
	_ func(vdom.EventTarget, string, vdom.Listener, vdom.ListenerOptions) = vdom.EventTarget.RemoveEventListenerWith
)
