// Package schema holds the JSON Schemas (draft 2020-12) of the generic
// cardpress files — game manifest, layout, reference sheet, the base card,
// rules written as data and their tests — and compiles them together with a game engine's own schemas.
//
// Every schema is loaded under a URL that mirrors the repository layout
// (file:///cardpress/schema/card.schema.json,
// file:///cardpress/engine/heat/cards.schema.json), so a relative $ref such
// as "../../schema/card.schema.json" resolves exactly as it does on disk,
// where editors follow the YAML files' $schema modelines.
package schema

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed *.schema.json
var generic embed.FS

// Repository paths of the generic schemas.
const (
	Manifest  = "schema/manifest.schema.json"
	Layout    = "schema/layout.schema.json"
	Reference = "schema/reference.schema.json"
	Card      = "schema/card.schema.json"
	// Rules and Tests are the schemas of files.rules and files.tests: the
	// structure of rules written as data and of their tests.
	Rules = "schema/rules.schema.json"
	Tests = "schema/tests.schema.json"
	// Tune is the schema of a game's tune.yaml, read by cardpress tune.
	Tune = "schema/tune.schema.json"
)

// Names of the schemas an engine provides at the root of its Schemas() FS.
const (
	EngineCards  = "cards.schema.json"
	EngineParams = "params.schema.json"
)

// BaseURL is the root the repository layout is mounted at. It is not a real
// file: the compiler never reads the disk or the network.
const BaseURL = "file:///cardpress/"

// EnginePath is the repository path of one of an engine's schemas.
func EnginePath(engineID, name string) string {
	return path.Join("engine", engineID, name)
}

// URL turns a repository path into the URL the schema is loaded under.
func URL(repoPath string) string { return BaseURL + repoPath }

// Compiler compiles the generic schemas and any number of engines' schemas.
// It is not safe for concurrent use; make one per load.
type Compiler struct {
	c     *jsonschema.Compiler
	cache map[string]*Schema
}

// Schema is a compiled schema with an index of its subschemas by location,
// used to explain validation errors (property names, oneOf alternatives).
type Schema struct {
	*jsonschema.Schema
	index map[string]*jsonschema.Schema
}

// NewCompiler returns a compiler that knows the generic schemas.
func NewCompiler() *Compiler {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	// Any $ref outside the added resources is an error rather than a read
	// from disk or network: validation must not depend on the environment.
	c.UseLoader(noLoader{})
	sc := &Compiler{c: c, cache: map[string]*Schema{}}
	entries, _ := fs.ReadDir(generic, ".")
	for _, e := range entries {
		data, _ := generic.ReadFile(e.Name())
		if err := sc.add("schema/"+e.Name(), data); err != nil {
			// The embedded files are ours and tested; a failure is a build bug.
			panic(err)
		}
	}
	return sc
}

// AddEngine makes an engine's schemas (every *.json at the root of fsys)
// available under engine/<id>/.
func (sc *Compiler) AddEngine(engineID string, fsys fs.FS) error {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return fmt.Errorf("engine %s schemas: %w", engineID, err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return fmt.Errorf("engine %s schemas: %w", engineID, err)
		}
		if err := sc.add(EnginePath(engineID, e.Name()), data); err != nil {
			return err
		}
	}
	return nil
}

func (sc *Compiler) add(repoPath string, data []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s: %w", repoPath, err)
	}
	if err := sc.c.AddResource(URL(repoPath), doc); err != nil {
		return fmt.Errorf("%s: %w", repoPath, err)
	}
	return nil
}

// Compile compiles the schema at a repository path (e.g. Manifest or
// EnginePath("heat", EngineCards)). Results are cached.
func (sc *Compiler) Compile(repoPath string) (*Schema, error) {
	if s, ok := sc.cache[repoPath]; ok {
		return s, nil
	}
	js, err := sc.c.Compile(URL(repoPath))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", repoPath, err)
	}
	s := &Schema{Schema: js, index: map[string]*jsonschema.Schema{}}
	s.walk(js)
	sc.cache[repoPath] = s
	return s, nil
}

// walk indexes every subschema reachable from s by its location.
func (s *Schema) walk(js *jsonschema.Schema) {
	if js == nil || s.index[js.Location] != nil {
		return
	}
	s.index[js.Location] = js
	for _, sub := range subschemas(js) {
		s.walk(sub)
	}
}

// subschemas lists the direct subschemas of js (the applicators cardpress
// schemas use, plus the rest of draft 2020-12 for engines that need them).
func subschemas(js *jsonschema.Schema) []*jsonschema.Schema {
	subs := []*jsonschema.Schema{js.Ref, js.Not, js.If, js.Then, js.Else,
		js.PropertyNames, js.UnevaluatedProperties, js.Contains, js.Items2020,
		js.UnevaluatedItems, js.ContentSchema}
	subs = append(subs, js.AllOf...)
	subs = append(subs, js.AnyOf...)
	subs = append(subs, js.OneOf...)
	subs = append(subs, js.PrefixItems...)
	if js.DynamicRef != nil {
		subs = append(subs, js.DynamicRef.Ref)
	}
	for _, sub := range js.Properties {
		subs = append(subs, sub)
	}
	for _, sub := range js.PatternProperties {
		subs = append(subs, sub)
	}
	for _, sub := range js.DependentSchemas {
		subs = append(subs, sub)
	}
	if sub, ok := js.AdditionalProperties.(*jsonschema.Schema); ok {
		subs = append(subs, sub)
	}
	if sub, ok := js.Items.(*jsonschema.Schema); ok {
		subs = append(subs, sub)
	}
	if list, ok := js.Items.([]*jsonschema.Schema); ok {
		subs = append(subs, list...)
	}
	if sub, ok := js.AdditionalItems.(*jsonschema.Schema); ok {
		subs = append(subs, sub)
	}
	return subs
}

// at returns the subschema at a location, or nil.
func (s *Schema) at(location string) *jsonschema.Schema { return s.index[location] }

// Files returns every schema file by repository path — the generic ones as
// schema/<name> and each engine's as engine/<id>/<name> — for
// `cardpress schema --out DIR`, so editors can follow the YAML modelines.
func Files(engines map[string]fs.FS) (map[string][]byte, error) {
	out := map[string][]byte{}
	entries, _ := fs.ReadDir(generic, ".")
	for _, e := range entries {
		data, _ := generic.ReadFile(e.Name())
		out["schema/"+e.Name()] = data
	}
	ids := make([]string, 0, len(engines))
	for id := range engines {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if engines[id] == nil {
			continue // an engine without schemas of its own (the rules engine)
		}
		entries, err := fs.ReadDir(engines[id], ".")
		if err != nil {
			return nil, fmt.Errorf("engine %s schemas: %w", id, err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
				continue
			}
			data, err := fs.ReadFile(engines[id], e.Name())
			if err != nil {
				return nil, fmt.Errorf("engine %s schemas: %w", id, err)
			}
			out[EnginePath(id, e.Name())] = data
		}
	}
	return out, nil
}

type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%s is not a cardpress schema (only schema/ and engine/<id>/ files can be referenced)", strings.TrimPrefix(url, BaseURL))
}

// Generic returns one of the generic schemas by repository path (Manifest,
// Layout, Reference, Card, Rules, Tests).
func Generic(repoPath string) ([]byte, error) {
	name, ok := strings.CutPrefix(repoPath, "schema/")
	if !ok {
		return nil, fmt.Errorf("%s is not a generic schema", repoPath)
	}
	return generic.ReadFile(name)
}

// AddGenerated makes a schema built at run time (a game's cards schema,
// generated from its declared fields) available at a repository path.
func (sc *Compiler) AddGenerated(repoPath string, data []byte) error {
	delete(sc.cache, repoPath)
	return sc.add(repoPath, data)
}
