package pagegen_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

func Example() {
	opts := pagegen.Options{Elements: 1_000}
	page := pagegen.Generate(opts)
	st, err := pagegen.Analyze(page)
	if err != nil {
		panic(err)
	}
	fmt.Println("elements:", st.Elements)
	fmt.Println("with id:", st.WithID)
	fmt.Println("depth:", st.MaxDepth)
	fmt.Println("deepest:", pagegen.DeepestID(opts))
	// Output:
	// elements: 1000
	// with id: 99
	// depth: 32
	// deepest: deep-32
}
