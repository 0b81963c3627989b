// Package kit is what a game engine needs besides its rules and the
// engine core: the registry of engine modules, which build a playable game
// from loaded data, and the bounds helpers that check that data before an
// engine allocates anything. It is the one layer between the loader
// (gamedata: YAML, JSON Schema, fonts) and the engine core, which imports
// none of them.
package kit

import (
	"fmt"
	"io/fs"
	"reflect"
	"sort"
	"sync"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// Module is what a game package registers.
type Module interface {
	// ID is the engine id named by a manifest's engine field.
	ID() string
	// Schemas holds the game's own JSON Schemas; cards.schema.json validates
	// its card files and params.schema.json the object of parameter defaults.
	Schemas() fs.FS
	// Build compiles validated data into a playable game. Findings report
	// what a schema cannot (undefined keywords, impossible parameters) at
	// their positions, never a schema's finding again; a nil Game means
	// the data cannot be played.
	Build(data *gamedata.Data) (engine.Game, []finding.Finding)
	// Bounds are the ranges the engine plays, of its parameters (from
	// their declaration, as params.schema.json) and of its cards' fields
	// (read from cards.schema.json); the conformance test checks that
	// Build reports every value out of them, at the value, for data that
	// skipped validation.
	Bounds() (params, cards []Bound)
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Module{}
)

// Register makes a game module available; game packages call it from init.
func Register(m Module) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[m.ID()]; dup {
		panic(fmt.Sprintf("engine: module %q registered twice", m.ID()))
	}
	registry[m.ID()] = m
}

// Lookup returns the module with this engine id.
func Lookup(id string) (Module, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	m, ok := registry[id]
	return m, ok
}

// Modules lists the registered engine ids, sorted.
func Modules() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// ModuleOf makes a Module from a game package's parts, so registering a
// game is one line:
//
//	kit.Register(kit.ModuleOf("heat", schemas, Build, params.Bounds(), cardBounds))
func ModuleOf[G engine.Game](id string, schemas fs.FS, build func(*gamedata.Data) (G, []finding.Finding), paramBounds, cardBounds []Bound) Module {
	return funcModule{id: id, schemas: schemas, params: paramBounds, cards: cardBounds, build: func(d *gamedata.Data) (engine.Game, []finding.Finding) {
		g, fs := build(d)
		// A nil *heat.Game must come back as a nil Game, not a typed nil.
		if any(g) == nil || isNilPointer(g) {
			return nil, fs
		}
		return g, fs
	}}
}

type funcModule struct {
	id            string
	schemas       fs.FS
	params, cards []Bound
	build         func(*gamedata.Data) (engine.Game, []finding.Finding)
}

func (m funcModule) ID() string                                              { return m.id }
func (m funcModule) Schemas() fs.FS                                          { return m.schemas }
func (m funcModule) Build(d *gamedata.Data) (engine.Game, []finding.Finding) { return m.build(d) }
func (m funcModule) Bounds() (params, cards []Bound)                         { return m.params, m.cards }

func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// Counter is one counter a game tallies: its name (Info.Counters) and
// what it counts (Info.CounterDocs).
type Counter struct{ Name, Doc string }

// CounterInfo is Info's Counters and CounterDocs from one list, in its
// order, so each name is declared beside what it counts.
func CounterInfo(counters []Counter) (names, docs []string) {
	for _, c := range counters {
		names, docs = append(names, c.Name), append(docs, c.Doc)
	}
	return names, docs
}

// Info is the part of a game's engine.Info its manifest states: the id and
// the player range (capped at what the core plays). An engine's Info sets
// the rest (turn cap, cards, counters, alarms, dynamics) on the copy.
func Info(d *gamedata.Data) engine.Info {
	return engine.Info{
		ID:         d.Manifest.ID,
		MinPlayers: d.Manifest.Players.Min,
		MaxPlayers: min(d.Manifest.Players.Max, engine.MaxPlayers),
	}
}
