package gamedata

import "fmt"

// ComponentCount is the count of the manifest component id, and whether
// the manifest declares it.
func (g *Game) ComponentCount(id string) (int, bool) {
	if g.componentAt != nil {
		i, ok := g.componentAt[id]
		if !ok {
			return 0, false
		}
		return g.Manifest.Components[i].Count, true
	}
	for _, c := range g.Manifest.Components {
		if c.ID == id {
			return c.Count, true
		}
	}
	return 0, false
}

// FaceCounts gives how many tokens of each face a tokens sheet prints: the
// face's count; else its component's count; else, for a sheet with one
// face, the sheet's component's count; else 1.
func (g *Game) FaceCounts(c LayoutComponent) []int {
	out := make([]int, len(c.Faces))
	for i, f := range c.Faces {
		n := f.Count
		if n <= 0 && f.Component != "" {
			n, _ = g.ComponentCount(f.Component)
		}
		if n <= 0 && f.Component == "" && len(c.Faces) == 1 && c.Component != "" {
			n, _ = g.ComponentCount(c.Component)
		}
		if n <= 0 && f.Count == 0 && f.Component == "" {
			n = 1
		}
		out[i] = max(n, 0)
	}
	return out
}

// TrackSpaces gives a track's number of spaces and the text under each:
// spaces, or the spaces_param parameter (a whole number, or a list whose
// entries are the values); values given in the layout replace the
// parameter's. ok is false when the parameter is missing or neither.
func (g *Game) TrackSpaces(c LayoutComponent) (n int, values []string, ok bool) {
	n, values = c.Spaces, c.Values
	if c.SpacesParam == "" {
		return n, values, true
	}
	p, found := g.Params[c.SpacesParam]
	if !found {
		return 0, values, false
	}
	switch v := p.Value.(type) {
	case int:
		n = v
	case float64:
		if v != float64(int(v)) {
			return 0, values, false
		}
		n = int(v)
	case []any:
		n = len(v)
		if values == nil {
			for _, e := range v {
				values = append(values, fmt.Sprint(e))
			}
		}
	default:
		return 0, values, false
	}
	return n, values, n >= 1
}
