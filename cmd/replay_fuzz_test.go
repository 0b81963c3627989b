package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/pipeline"
)

// A game log given to replay --from is hostile input: whatever its bytes,
// reading it and playing its moves on HEAT ends in an error or a game,
// never a panic, and a move the rules refuse is never applied (the
// invariants hold after every move).
func FuzzGameLog(f *testing.F) {
	games, fs := pipeline.Load([]string{filepath.Join(repoRoot, "cards", "heat")})
	if len(games) != 1 || games[0].Engine == nil {
		f.Fatalf("heat does not load: %v", fs)
	}
	g := games[0].Engine
	var log bytes.Buffer
	enc := json.NewEncoder(&log)
	_ = enc.Encode(engine.Event{Kind: "header", Player: -1, Text: "heat", Header: &engine.Header{Game: "heat", Engine: "heat",
		Players: 3, Bots: []string{"random"}, Params: map[string]any{}}})
	engine.PlayGame(g, 3, 7, engine.PlayOptions{LogMoves: true, Log: func(e engine.Event) { _ = enc.Encode(e) }})
	f.Add(log.Bytes())
	f.Add(log.Bytes()[:log.Len()/3])
	f.Add([]byte(`{"move":0,"kind":"header","player":-1,"text":"h","header":{"game":"heat","engine":"heat","players":2,"seed":"1","bots":["random"],"params":{}}}
{"move":0,"kind":"action","player":-1,"text":"x","action":0}
{"move":1,"kind":"action","player":0,"text":"x","action":99}`))
	path := filepath.Join(f.TempDir(), "game.jsonl")
	info := g.Info()
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		rec, err := readRecord(path)
		if err != nil {
			return
		}
		players := rec.Header.Players
		if players < info.MinPlayers || players > info.MaxPlayers {
			return
		}
		res, _ := engine.PlayMoves(g, players, rec.Moves, engine.PlayOptions{CheckInvariants: true})
		if res.Panic != "" || res.Invariant != "" {
			t.Fatalf("%d recorded moves: %+v", len(rec.Moves), res)
		}
	})
}
