package htmx

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestJSNumber checks jsNumber against what JavaScript's String(n) gives
// (ECMA-262 Number::toString), as htmx turns hx-vals and hx-headers
// numbers into text.
func TestJSNumber(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{1, "1"},
		{math.Copysign(0, -1), "0"},
		{-2.5, "-2.5"},
		{0.1, "0.1"},
		{1000, "1000"},
		{1e20, "100000000000000000000"},
		{12345678901234567890, "12345678901234567000"},
		{1e21, "1e+21"},
		{1.5e21, "1.5e+21"},
		{0.000001, "0.000001"},
		{1e-7, "1e-7"},
		{1.5e-7, "1.5e-7"},
		{123e-20, "1.23e-18"},
		{1.7976931348623157e308, "1.7976931348623157e+308"},
		{math.Inf(-1), "-Infinity"},
	} {
		if got := jsNumber(c.in); got != c.want {
			t.Errorf("jsNumber(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestDecodeObjectKeyOrder checks that a decoded JSON object lists its
// keys as JavaScript's Object.keys does: array indices first, ascending,
// then the others in source order; a repeated key keeps its first place
// and takes its last value.
func TestDecodeObjectKeyOrder(t *testing.T) {
	keys, vals, err := decodeObject(`{"b":1,"10":2,"a":3,"2":4,"b":5,"-1":6,"01":7,"4294967295":8,"4294967294":9}`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, k := range keys {
		got = append(got, k+"="+jsString(vals[i]))
	}
	want := []string{"2=4", "10=2", "4294967294=9", "b=5", "a=3", "-1=6", "01=7", "4294967295=8"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("keys mismatch (-want +got):\n%s", diff)
	}
}

// TestJSONStringify checks jsonStringify against JSON.stringify of the
// same JSON.parse result: numbers as JavaScript writes them, integer-like
// keys first, only the escapes JSON needs.
func TestJSONStringify(t *testing.T) {
	keys, vals, err := decodeObject(`{"o":{"n":1.0,"e":1e3,"z":-0,"2":"two","s":"a\"b\u00e9\u2028\u0001<&>"},"a":[1.50,2e-7,null,true]}`)
	if err != nil {
		t.Fatal(err)
	}
	got := jsonStringify(orderedObject{keys: keys, vals: vals})
	want := `{"o":{"2":"two","n":1,"e":1000,"z":0,"s":"a\"bé` + "\u2028" + `\u0001<&>"},"a":[1.5,2e-7,null,true]}`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
