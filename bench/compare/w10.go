package compare

import (
	"bytes"
	"fmt"
	"runtime"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// --- W10 memory under churn ---

// ChurnMarkup is the subtree W10 inserts and removes: ten elements, eight
// with a data-i attribute, 17 characters of text.
const ChurnMarkup = `<ul class="w10"><li data-i="0">a</li><li data-i="1">b</li><li data-i="2">c</li>` +
	`<li data-i="3">d</li><li data-i="4">e</li><li data-i="5">f</li><li data-i="6">g</li>` +
	`<li data-i="7"><a href="#w10">h</a></li></ul>`

// W10 sizes: the cycles of a comparison on the Go side and on the
// JavaScript side, and how many heap figures each reports. The JavaScript
// DOMs run fewer cycles: on the 10k page one cycle takes jsdom about 2 ms
// and happy-dom about 1.5 ms (so a million would take most of an hour
// each), and happy-dom keeps about 90 KB per cycle (a million would need
// 90 GB). Time per cycle and heap figures compare all the same.
const (
	ChurnCycles   = 1_000_000
	ChurnCyclesJS = 10_000
	ChurnFigures  = 10
)

// churnTally counts what the cycles read, for the check.
type churnTally struct{ cycles, elements, chars, attrs int }

// check is what one cycle read, the same on every side whatever the
// number of cycles; "uneven" when the cycles did not all read the same.
func (t churnTally) check() string {
	c := max(t.cycles, 1)
	if t.elements%c != 0 || t.chars%c != 0 || t.attrs%c != 0 {
		return fmt.Sprintf("uneven: %d cycles read %d elements, %d characters, %d attributes", t.cycles, t.elements, t.chars, t.attrs)
	}
	return fmt.Sprintf("per cycle: elements=%d chars=%d attrs=%d", t.elements/c, t.chars/c, t.attrs/c)
}

// churnCycle is one W10 cycle: insert the subtree by SetInnerHTML (which
// replaces the slot's children: its own ones on the first cycle, none
// after), make and read the handles of its elements, remove it.
func churnCycle(slot *vdom.Node, markup string, t *churnTally) error {
	if err := slot.SetInnerHTML(markup); err != nil {
		return err
	}
	els, err := slot.QuerySelectorAll("*")
	if err != nil {
		return err
	}
	if len(els) == 0 {
		return fmt.Errorf("W10: the inserted subtree has no element")
	}
	for _, el := range els {
		t.chars += len(el.TextContent())
		if _, ok := el.GetAttribute("data-i"); ok {
			t.attrs++
		}
	}
	t.elements += len(els)
	t.cycles++
	els[0].Remove()
	return nil
}

// runChurn runs W10 on a fresh copy of page: cycles in segments of every;
// after each segment a full collection, then the live heap (HeapAlloc).
// The value is the median time per cycle over the segments.
func runChurn(page []byte, target, markup string, cycles, every int) *Measure {
	doc, err := vdom.Parse(bytes.NewReader(page))
	if err != nil {
		return &Measure{Error: err.Error()}
	}
	slot := doc.GetElementByID(target)
	if slot == nil {
		return &Measure{Error: "W10: no element #" + target}
	}
	var tally churnTally
	var ns, heap []float64
	var mallocs uint64
	var ms runtime.MemStats
	for done := 0; done < cycles; {
		n := min(every, cycles-done)
		runtime.ReadMemStats(&ms)
		before := ms.Mallocs
		t := time.Now()
		for range n {
			if err := churnCycle(slot, markup, &tally); err != nil {
				return &Measure{Error: err.Error()}
			}
		}
		ns = append(ns, float64(time.Since(t).Nanoseconds())/float64(n))
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&ms)
		mallocs += ms.Mallocs - before
		heap = append(heap, float64(ms.HeapAlloc))
		done += n
	}
	runtime.KeepAlive(doc)
	return &Measure{Value: median(ns), Samples: ns, Heap: heap,
		Allocs: float64(mallocs) / float64(cycles), Check: tally.check()}
}

// HeapDrift returns the largest difference between a heap figure and the
// first, as a fraction of the first; 0 without figures.
func HeapDrift(heap []float64) float64 {
	if len(heap) == 0 || heap[0] <= 0 {
		return 0
	}
	d := 0.0
	for _, h := range heap[1:] {
		d = max(d, abs(h-heap[0])/heap[0])
	}
	return d
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
