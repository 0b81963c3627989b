package enginetest

import "github.com/cardpress/cardpress/engine"

// OfKind are the events of log with this kind, in order.
func OfKind(log []engine.Event, kind string) []engine.Event {
	return filter(log, func(e engine.Event) bool { return e.Kind == kind })
}

// AtMove are the events of log logged during this move, in order.
func AtMove(log []engine.Event, move int) []engine.Event {
	return filter(log, func(e engine.Event) bool { return e.Move == move })
}

func filter(log []engine.Event, keep func(engine.Event) bool) []engine.Event {
	var out []engine.Event
	for _, e := range log {
		if keep(e) {
			out = append(out, e)
		}
	}
	return out
}
