package gamedata

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"
)

// Assets are the files besides YAML that a game names: images now, fonts
// and icons too. Each is read through the game folder (l.dir), so a name
// or a link that leads out of it is refused before anything is opened, and
// each path is read once however many cards name it.

// Limits of the assets of one game: art for a few hundred cards at 300 dpi
// fits well within them, and validation's memory stays bounded whatever a
// pull request adds to the folder.
const (
	MaxAssetBytes  = 16 << 20 // one file
	MaxAssetsBytes = 64 << 20 // every asset of the game together
)

// assetName is the schemas' pattern for asset paths (relative to the game
// folder, forward slashes, no "..", no leading "/") and maxAssetPath the
// longest they allow: read from layout.schema.json's imageFile, where they
// are declared, for the paths a deck's declared image fields name.
var assetName, maxAssetPath = assetRule()

func assetRule() (*regexp.Regexp, int) {
	data, err := schema.Generic(schema.Layout)
	var doc any
	if err == nil {
		err = json.Unmarshal(data, &doc)
	}
	pattern, _ := schema.ValueAt(doc, "$defs", "imageFile", "pattern").(string)
	most, _ := schema.ValueAt(doc, "$defs", "imageFile", "maxLength").(float64)
	if err != nil || pattern == "" || most < 1 {
		// The embedded schemas are ours and tested: a build bug.
		panic(fmt.Sprintf("gamedata: layout schema's imageFile has no pattern and maxLength: %v", err))
	}
	return regexp.MustCompile(pattern), int(most)
}

// assetRead is the outcome of reading one path: its bytes, or the finding
// to repeat at every line that names it.
type assetRead struct {
	data []byte
	code *finding.Code // nil when read
	msg  string
}

// asset returns the bytes of the file name (relative to the game folder),
// reading it on first use only. A problem is reported at at, the line that
// names the file, every time the file is asked for, so each line to fix is
// listed; kind ("image", "font") words the messages. false: not read.
func (l *loader) asset(name string, at finding.Pos, kind string) ([]byte, bool) {
	if !assetName.MatchString(name) {
		// The schemas' pattern has reported it already (nothing else is
		// needed then); a caller whose value had no schema still must not
		// reach the file system with it.
		if !l.failed(at) {
			l.add(source.CodeFileOutside.At(at, "%s %q is not a path inside the game folder: write it relative to the folder, with / between folders and no ..", kind, finding.Visible(name)))
		}
		return nil, false
	}
	r, seen := l.assets[name]
	if !seen {
		r = l.readAsset(name, kind)
		if l.assets == nil {
			l.assets = map[string]assetRead{}
		}
		l.assets[name] = r
		if r.code == nil {
			if l.g.Assets == nil {
				l.g.Assets = map[string][]byte{}
			}
			l.g.Assets[name] = r.data
		}
	}
	if r.code != nil {
		l.add(r.code.At(at, "%s", r.msg))
		return nil, false
	}
	return r.data, true
}

// readAsset reads one asset within the limits, or says why not.
func (l *loader) readAsset(name, kind string) assetRead {
	shown := finding.Visible(l.path(name))
	fail := func(code *finding.Code, format string, args ...any) assetRead {
		return assetRead{code: code, msg: fmt.Sprintf(format, args...)}
	}
	info, err := l.dir.Stat(name)
	if err == nil && info.Mode().IsRegular() {
		switch size := info.Size(); {
		case size > MaxAssetBytes:
			return fail(CodeAssetTooLarge, "%s file %s is %s; the limit is %s", kind, shown, fileio.Size(size), fileio.Size(MaxAssetBytes))
		case l.assetBytes+size > MaxAssetsBytes:
			return fail(CodeAssetTooLarge, "%s file %s not read: the game's images and fonts would add up to %s, over the limit of %s", kind, shown, fileio.Size(l.assetBytes+size), fileio.Size(MaxAssetsBytes))
		}
	}
	if err == nil {
		var data []byte
		if data, err = l.dir.ReadFile(name, min(MaxAssetBytes, MaxAssetsBytes-l.assetBytes)); err == nil {
			l.assetBytes += int64(len(data))
			return assetRead{data: data}
		}
	}
	var tooLarge *fileio.TooLargeError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fail(source.CodeFileMissing, "%s file %s not found", kind, shown)
	case errors.Is(err, fileio.ErrOutside):
		// Never name the link's target: it may be anything the process
		// can read.
		return fail(source.CodeFileOutside, "%s file %s is a symbolic link to a place outside the game folder; not opened (copy the file into the folder instead)", kind, shown)
	case errors.As(err, &tooLarge):
		return fail(CodeAssetTooLarge, "%s file %s grew while it was read: %s", kind, shown, tooLarge.Error())
	}
	return fail(source.CodeFileRead, "cannot read %s file %s: %s", kind, shown, fileio.Describe(err))
}
