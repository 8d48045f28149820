package browse_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestPushStateEntries: a page's pushState adds an entry of its document
// without a request; Back and Forward between such entries send nothing
// and give popstate the entry's state; Back to an entry of a document the
// session left loads its URL with GET, even after a POST.
func TestPushStateEntries(t *testing.T) {
	rec := record(resultSite())
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		ctx := context.Background()
		mustOpen(t, s, "/form")
		if err := el(t, s.Document(), "#send").Click(); err != nil {
			t.Fatal(err)
		}
		w := s.Document().Window()
		var states []any
		w.AddEventListener("popstate", vdom.NewListener(func(e *vdom.Event) {
			ps, _ := e.AsPopState()
			states = append(states, ps.State)
		}))
		rec.take()
		if err := w.PushState("two", "/result?page=2"); err != nil {
			t.Fatal(err)
		}
		if err := w.PushState("three", "/result?page=3"); err != nil {
			t.Fatal(err)
		}
		want := []entry{{"GET", "/form"}, {"POST", "/result"}, {"GET", "/result?page=2"}, {"GET", "/result?page=3"}}
		if diff := cmp.Diff(want, history(s, base)); diff != "" {
			t.Errorf("history after the pushes, mismatch (-want +got):\n%s", diff)
		}
		if _, err := s.Back(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Back(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Forward(ctx); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]any{"two", nil, "two"}, states); diff != "" {
			t.Errorf("popstate states, mismatch (-want +got):\n%s", diff)
		}
		if got := s.Page().URL().String(); got != base+"/result?page=2" {
			t.Errorf("URL %s, want %s/result?page=2", got, base)
		}
		if got := rec.take(); len(got) != 0 {
			t.Errorf("traversals within the document sent %v", got)
		}
		// Another page, then Back: the pushed entry's URL is loaded
		// with GET.
		if err := el(t, s.Document(), "#other").Click(); err != nil {
			t.Fatal(err)
		}
		rec.take()
		// The site has no GET /result: the 405 page loads.
		_, _ = s.Back(ctx)
		got := rec.take()
		if len(got) != 1 || got[0].Method != "GET" || got[0].URI != "/result?page=2" {
			t.Errorf("Back to the pushed entry sent %+v, want GET /result?page=2", got)
		}
		// The new document's history.state is the entry's.
		if st := s.Document().Window().HistoryState(); st != "two" {
			t.Errorf("history.state of the page loaded again: %v, want two", st)
		}
	})
}

// TestPushStateOfALeftPage: a page the session has left cannot change
// the history.
func TestPushStateOfALeftPage(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: resultSite()})
	if err != nil {
		t.Fatal(err)
	}
	old := mustOpen(t, s, "/form")
	mustOpen(t, s, "/other")
	err = old.Document().Window().PushState(nil, "/form?x")
	if !errors.Is(err, browse.ErrInactivePage) {
		t.Errorf("PushState of a left page: error %v, want one matching ErrInactivePage", err)
	}
	if n := len(s.History()); n != 2 {
		t.Errorf("%d entries, want 2", n)
	}
}

func TestSessionStorage(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", htmlPage(`<p>page</p>`))
	s, err := browse.New(browse.Options{Handler: mux, BaseURL: "http://one.example/"})
	if err != nil {
		t.Fatal(err)
	}
	a := mustOpen(t, s, "/a").SessionStorage()
	if err := a.SetItem("k", "v1"); err != nil {
		t.Fatal(err)
	}
	if err := a.SetItem("j", "x"); err != nil {
		t.Fatal(err)
	}
	if err := a.SetItem("k", "v2"); err != nil {
		t.Fatal(err)
	}
	// Another page of the origin, a reload, Back: the same area.
	b := mustOpen(t, s, "/b")
	if _, err := s.Back(context.Background()); err != nil {
		t.Fatal(err)
	}
	st := s.Page().SessionStorage()
	type shape struct {
		Len        int
		Key0, Key1 string
		K          string
		Same       bool
	}
	k0, _ := st.Key(0)
	k1, _ := st.Key(1)
	k, _ := st.Item("k")
	got := shape{st.Len(), k0, k1, k, st == b.SessionStorage()}
	if diff := cmp.Diff(shape{2, "k", "j", "v2", true}, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// Another origin has its own.
	other := mustOpen(t, s, "http://two.example/").SessionStorage()
	if other == st || other.Len() != 0 {
		t.Errorf("another origin's storage: same %v, %d items; want its own, empty", other == st, other.Len())
	}
	st.RemoveItem("k")
	if _, ok := st.Item("k"); ok || st.Len() != 1 {
		t.Errorf("after RemoveItem: %d items, k there: %v", st.Len(), ok)
	}
	st.Clear()
	if st.Len() != 0 {
		t.Errorf("after Clear: %d items", st.Len())
	}
}

func TestSessionStorageQuota(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: htmlPage(`<p>page</p>`)})
	if err != nil {
		t.Fatal(err)
	}
	st := mustOpen(t, s, "/").SessionStorage()
	// Two bytes per UTF-16 code unit: half the quota in characters
	// fills it, keys included.
	half := strings.Repeat("x", browse.StorageQuota/2-1)
	if err := st.SetItem("k", half); err != nil {
		t.Fatalf("a value that fits: %v", err)
	}
	err = st.SetItem("l", "y")
	if !errors.Is(err, browse.ErrQuotaExceeded) || !strings.Contains(err.Error(), `"l"`) {
		t.Errorf("past the quota: error %v, want one matching ErrQuotaExceeded naming the key", err)
	}
	if _, ok := st.Item("l"); ok || st.Len() != 1 {
		t.Errorf("a refused item was kept")
	}
	// Replacing a value counts the new one only.
	if err := st.SetItem("k", half); err != nil {
		t.Errorf("replacing a value of the same size: %v", err)
	}
}

func ExamplePage_SessionStorage() {
	s, err := browse.New(browse.Options{Handler: htmlPage(`<p>page</p>`)})
	if err != nil {
		panic(err)
	}
	p, err := s.Open(context.Background(), "/a")
	if err != nil {
		panic(err)
	}
	if err := p.SessionStorage().SetItem("seen", "a"); err != nil {
		panic(err)
	}
	// Another page of the origin in the session finds it.
	q, err := s.Open(context.Background(), "/b")
	if err != nil {
		panic(err)
	}
	v, ok := q.SessionStorage().Item("seen")
	fmt.Println(v, ok)
	// Output: a true
}
