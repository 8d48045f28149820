module github.com/eventperk/eventperk-go

go 1.26.0

require (
	github.com/andybalholm/cascadia v1.3.5
	github.com/google/go-cmp v0.7.0
	go.uber.org/goleak v1.3.0
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)

require github.com/tdewolff/parse/v2 v2.8.20
