package preview

import (
	"fmt"
	"net/http"
	"time"
)

// guard answers a request whose handler panicked (a game's data that
// trips the renderer, say) with the error, writes a line to Errors, and
// lets the server go on: a bad game must never take serve down. (A
// handler's panic would otherwise leave the browser an empty answer.)
func (s *Server) guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tw := &trackedWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v) // the server's own way to drop a connection
			}
			err := s.crashed(r.Method+" "+r.URL.Path, v)
			if !tw.wrote {
				http.Error(w, "cardpress serve: "+err.Error()+"; the server goes on", http.StatusInternalServerError)
			}
		}()
		h.ServeHTTP(tw, r)
	})
}

// survive, deferred in a goroutine of the server's own, turns a panic in
// it into a line on Errors: a panic in any goroutine would end the process.
func (s *Server) survive(what string) {
	if v := recover(); v != nil {
		s.crashed(what, v)
	}
}

// crashed words a recovered panic v in what, and writes it to Errors.
func (s *Server) crashed(what string, v any) error {
	err := fmt.Errorf("%s crashed: %v", what, v)
	if s.opt.Errors != nil {
		fmt.Fprintf(s.opt.Errors, "%s %v\n", time.Now().Format("15:04:05"), err)
	}
	return err
}

// trackedWriter notes whether the answer has begun, after which an error
// can no longer be sent in its place.
type trackedWriter struct {
	http.ResponseWriter
	wrote bool
}

func (t *trackedWriter) WriteHeader(code int) {
	t.wrote = true
	t.ResponseWriter.WriteHeader(code)
}

func (t *trackedWriter) Write(b []byte) (int, error) {
	t.wrote = true
	return t.ResponseWriter.Write(b)
}

// Flush passes on to the connection: the event stream needs it.
func (t *trackedWriter) Flush() {
	if f, ok := t.ResponseWriter.(http.Flusher); ok {
		t.wrote = true
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (t *trackedWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }
