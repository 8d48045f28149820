package vdom

import (
	"testing"
	"unsafe"
)

// Every node handle embeds a listener store and every registration is a
// record: neither may grow unnoticed. The record fits a 64-byte size
// class; the store stays at the 96 bytes it had with one list.
func TestListenerSizes(t *testing.T) {
	if got := unsafe.Sizeof(listener{}); got != 64 {
		t.Errorf("unsafe.Sizeof(listener{}) = %d, want 64", got)
	}
	if got := unsafe.Sizeof(listenerStore{}); got != 96 {
		t.Errorf("unsafe.Sizeof(listenerStore{}) = %d, want 96", got)
	}
}
