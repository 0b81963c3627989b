package preview

import (
	"embed"
	"html/template"
	"net/http"
	"strings"
)

//go:embed assets/page.html assets/app.js assets/style.css
var assets embed.FS

var templates = template.Must(template.New("").ParseFS(assets, "assets/page.html"))

// static serves an embedded asset.
func static(name, contentType string) http.HandlerFunc {
	data, err := assets.ReadFile("assets/" + name)
	if err != nil {
		panic(err) // embedded above: cannot happen
	}
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(data)
	}
}

// pageData is what the templates draw.
type pageData struct {
	// Version names what the page shows: the server's run and its
	// count of changes, so a restarted server is never taken for news
	// already shown.
	Version   string
	Paths     string
	Loaded    string
	TookMS    int64
	Failure   string
	Findings  []findingView
	Errors    int
	Warnings  int
	Counts    string // "no problems", "1 error, 2 warnings"
	Games     []gameData
	Simulates bool
}

type gameData struct {
	*gameView
	Sim simView
}

// simView is a game's table as the page shows it.
type simView struct {
	Text, Err string
	// Pending: no table yet. Stale: the table is of an earlier load and a
	// new one is being played.
	Pending, Stale bool
}

func (s *Server) pageData(snap *snapshot, version int64, sims map[string]simState) pageData {
	d := pageData{Version: s.versionID(version), Paths: strings.Join(s.opt.Paths, " "), Simulates: s.opt.Sim != nil}
	if snap == nil {
		d.Failure = "not loaded yet"
		return d
	}
	d.Loaded = snap.at.Format("15:04:05")
	d.TookMS = snap.took.Milliseconds()
	d.Failure = snap.failure
	d.Findings, d.Errors, d.Warnings = snap.findings, snap.errors, snap.warnings
	d.Counts = counts(snap)
	for _, g := range snap.games {
		gd := gameData{gameView: g}
		if st, ok := sims[g.ID]; ok && st.Text+st.Err != "" {
			gd.Sim = simView{Text: st.Text, Err: st.Err, Stale: st.Gen != snap.gen || st.Running}
		} else {
			gd.Sim.Pending = true
		}
		d.Games = append(d.Games, gd)
	}
	return d
}
