package shoppinglist_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/examples/shoppinglist"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// open renders the page as the server does, parses it on a fake clock and
// starts its unit, as a browser would load it.
func open(t *testing.T, items ...string) (*vdomtest.Screen, *vdom.FakeClock) {
	t.Helper()
	var html strings.Builder
	if err := shoppinglist.Render(&html, "Shopping", items); err != nil {
		t.Fatal(err)
	}
	clock := vdom.NewFakeClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	doc := vdomtest.Parse(t, html.String(), vdom.WithClock(clock))
	if _, err := shoppinglist.Start(t.Context(), doc); err != nil {
		t.Fatal(err)
	}
	return vdomtest.New(t, doc), clock
}

func TestAddItem(t *testing.T) {
	s, _ := open(t, "Milk", "Bread")
	list := s.Within(s.GetByRole("list", query.Name("Items")))
	status := s.GetByRole("status")
	s.ExpectText(status, "Items: 2")

	item := s.GetByLabelText("New item")
	s.Type(item, "Eggs")
	s.Click(s.GetByRole("checkbox", query.Name("Urgent")))
	s.ExpectFormValues(item, url.Values{"item": {"Eggs"}, "urgent": {"yes"}})
	s.Click(s.GetByRole("button", query.Name("Add")))

	s.ExpectText(status, "Added Eggs")
	eggs := list.GetByText("Eggs").ParentElement()
	s.ExpectClass(eggs, "urgent")
	s.ExpectValue(item, "") // the form was reset
	s.ExpectFocused(item)   // ready for the next item
	if n := len(list.AllByRole("listitem")); n != 3 {
		t.Errorf("%d items in the list, want 3", n)
	}

	s.Settle() // the status shows the count again after 3 seconds
	s.ExpectText(status, "Items: 3")
}

func TestRemoveItem(t *testing.T) {
	s, _ := open(t, "Milk", "Bread")
	s.Click(s.GetByRole("button", query.Name("Remove Milk")))
	if s.QueryByText("Milk") != nil {
		t.Error("Milk is still on the list")
	}
	s.ExpectText(s.GetByRole("status"), "Items: 1")
}

func TestAddWithEnter(t *testing.T) {
	s, clock := open(t)
	s.Type(s.GetByLabelText("New item"), "Tea{Enter}") // Enter submits the form
	s.ExpectText(s.GetByRole("status"), "Added Tea")
	s.AdvanceTime(2 * time.Second)
	s.ExpectText(s.GetByRole("status"), "Added Tea")
	s.AdvanceTime(time.Second)
	s.ExpectText(s.GetByRole("status"), "Items: 1")
	if got := clock.Now().Format("15:04:05"); got != "09:00:03" {
		t.Errorf("fake time %s, want 09:00:03", got)
	}
}

func TestEmptyItemIsRefused(t *testing.T) {
	s, _ := open(t, "Milk")
	s.Click(s.GetByRole("button", query.Name("Add"))) // the field is required
	s.ExpectText(s.GetByRole("status"), "Items: 1")
	s.ExpectFocused(s.GetByLabelText("New item")) // the browser shows the field
}
