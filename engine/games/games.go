// Package games links every game engine into the binary. The import list
// in list.go is generated from the folders under engine/ that register a
// module, so adding a game needs only its own folder and `go generate`;
// TestListIsCurrent fails when the list is stale.
package games

//go:generate go run ./internal/gen -engine .. -out list.go
