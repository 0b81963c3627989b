// Package cookbook holds the test that draws the pictures of the layout
// cookbook in docs/own-game.md from the recipes written there, so that a
// recipe and its picture never disagree.
//
// A recipe is a fenced YAML block in docs/own-game.md whose info string
// names it, ```yaml recipe=NAME: a layout.yaml for the sample game in
// docs/cookbook/game (a block with file=NAME replaces another of its files,
// cards.yaml say; a recipe may have several blocks). Its picture,
// docs/img/cookbook/NAME.png, shows each card of the game drawn with it,
// fronts in a row and the own backs of two-sided cards under them
// (cards=ID,ID picks the cards). The page must show the picture.
//
// Adding a recipe: write its block (and picture link) in docs/own-game.md,
// then run
//
//	go test ./docs/cookbook -update
//
// which draws every picture anew. Without -update the test fails when a
// picture differs from what its recipe draws now, or a recipe has no
// picture, or a picture no recipe.
package cookbook
