module github.com/eventperk/eventperk-go

go 1.26.8

require (
	github.com/andybalholm/cascadia v1.3.5 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/net v0.62.0 // indirect
)
