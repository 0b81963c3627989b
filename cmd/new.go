package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/newgame"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/sheetgame"
	"github.com/cardpress/cardpress/spreadsheet"

	"github.com/spf13/cobra"
)

type newOptions struct {
	IO
	Dir, ID, Title, From, FromSheet string
}

func newNewCmd(streams IO) *cobra.Command {
	opts := &newOptions{IO: streams}
	c := &cobra.Command{
		Use:   "new DIR",
		Short: "Write a new game folder to start from",
		Long: `Write a complete small game into DIR, a new or empty folder: game.yaml with
two decks whose card fields are declared in it, sample cards, a layout, a
reference sheet and the game's own JSON Schemas in DIR/schema for editors.
It has no rules engine: validate, lint and render work on it as it is.
With --from GAMEDIR, copy that game instead (game.yaml and the files it
names) under the new id and title. Nothing is ever overwritten: a DIR that
exists and is not an empty folder is refused (exit 1).

With --from-sheet FILE.xlsx|FILE.csv, make the game from a spreadsheet:
a deck per sheet (or per value of a deck column), a field per column
typed by its values, ids from the names, repeated rows as copies, and a
layout that prints every field. The sheet is copied into DIR (game.yaml's
sheet: names it), with the pictures its cells name; the game is
validated before it is kept (every problem at its sheet, row and column;
exit 1 and nothing written).

The id defaults to DIR's name, lowercased, other characters than a-z, 0-9
and '-' made hyphens; the title to the id's words capitalised.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("new takes one argument, the folder to write the game into (got %d)", len(args))
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			// An empty value given on purpose is a mistake, not a default.
			for _, name := range []string{"id", "title", "from", "from-sheet"} {
				if c.Flags().Changed(name) && c.Flags().Lookup(name).Value.String() == "" {
					return usagef("--%s is empty", name)
				}
			}
			return runNew(opts)
		},
	}
	c.Flags().StringVar(&opts.ID, "id", "", "the game's id: lowercase letters, digits and hyphens, starting with a letter (default: from DIR's name)")
	c.Flags().StringVar(&opts.Title, "title", "", "the game's title as printed (default: the id's words capitalised)")
	c.Flags().StringVar(&opts.From, "from", "", "copy the game in this folder instead of writing the blank template")
	c.Flags().StringVar(&opts.FromSheet, "from-sheet", "", "make the game from this spreadsheet (.xlsx or .csv): its sheets are the decks, its columns the fields")
	c.MarkFlagsMutuallyExclusive("from", "from-sheet")
	return c
}

func runNew(opts *newOptions) error {
	if opts.Dir == "" {
		return usagef("the folder is empty; name the folder to write the game into")
	}
	id, title, err := newNames(opts)
	if err != nil {
		return err
	}
	var fromSheet []newgame.File
	if opts.FromSheet != "" {
		if fromSheet, err = gameFromSheet(opts, id, title); err != nil {
			return err
		}
	}
	target, err := newgame.Prepare(opts.Dir)
	var refused *newgame.RefusedError
	switch {
	case errors.As(err, &refused):
		// Refusing is an answer about the data, not bad usage: exit 1.
		fmt.Fprintln(opts.Err, "cardpress: "+finding.Visible(refused.Error()))
		return errFindings
	case err != nil:
		return err
	}

	var files []newgame.File
	switch {
	case fromSheet != nil:
		files = fromSheet
	case opts.From != "":
		files, err = newgame.Copy(opts.From, id, title)
	default:
		files, err = newgame.Blank(id, title)
	}
	if err != nil {
		return err
	}
	if err := target.Write(files); err != nil {
		target.Undo()
		if errors.As(err, &refused) {
			fmt.Fprintln(opts.Err, "cardpress: "+finding.Visible(refused.Error()))
			return errFindings
		}
		return err
	}
	gameFiles := target.Written()
	// The schemas are written from the game just written, so they match
	// its own declarations (or its engine's cards schema for a copy), and
	// through the same folder, so that undoing takes them back too.
	var wrote bytes.Buffer
	if err := writeGameSchemas(&wrote, opts.Dir, target.Out()); err != nil {
		target.Undo()
		if errors.Is(err, errFindings) {
			// The copied game does not load: wrote holds the findings
			// that say why.
			opts.Out.Write(wrote.Bytes())
			fmt.Fprintf(opts.Err, "cardpress: %s: the game does not load (see above), so nothing was kept\n", finding.Visible(opts.Dir))
			return errFindings
		}
		return fmt.Errorf("%s: the game was written but its schemas were not, so it was removed again: %w", opts.Dir, err)
	}
	if fromSheet != nil {
		// A game made from a sheet is kept only when it validates, so a
		// sheet's problem is never left half-imported in a folder.
		if games, found := pipeline.Load([]string{opts.Dir}); len(games) != 1 || countErrors(found) > 0 {
			opts.printFindings(opts.Out, "text", found, nil)
			target.Undo()
			fmt.Fprintf(opts.Err, "cardpress: the game made from %s does not validate (see above), so nothing was kept\n", finding.Visible(opts.FromSheet))
			return errFindings
		}
	}
	target.Close()

	for _, p := range gameFiles {
		fmt.Fprintf(opts.Out, "wrote %s\n", finding.Visible(p))
	}
	opts.Out.Write(wrote.Bytes())
	dir := finding.Visible(shellWord(opts.Dir))
	bin := finding.Visible(shellWord(opts.Env.command()))
	fmt.Fprintf(opts.Out, "\nNext:\n  %[1]s validate %[2]s\n  %[1]s lint %[2]s\n  %[1]s render %[2]s --out out\n", bin, dir)
	return nil
}

// newNames is the id and title of the new game, from the flags or DIR's
// name (the title from the id when only --id is given).
func newNames(opts *newOptions) (id, title string, err error) {
	base := filepath.Base(filepath.Clean(opts.Dir))
	if abs, err := filepath.Abs(opts.Dir); err == nil {
		base = filepath.Base(abs) // "." names the current folder
	}
	id, from := opts.ID, base
	if id == "" {
		if id, err = newgame.IDFrom(base); err != nil {
			return "", "", usagef("%v", err)
		}
	} else if err := newgame.CheckID(id); err != nil {
		return "", "", usagef("--id: %v", err)
	} else {
		from = id
	}
	if opts.Title != "" {
		title = strings.TrimSpace(opts.Title)
		if err := newgame.CheckTitle(title); err != nil {
			return "", "", usagef("--title: %v", err)
		}
		return id, title, nil
	}
	title = newgame.TitleFrom(from)
	const latinEnd = 0x24F // the end of Latin Extended-B, which the embedded fonts print
	if newgame.CheckTitle(title) != nil || strings.ContainsFunc(title, func(r rune) bool { return r > latinEnd }) {
		// Too long, or a script the fonts may lack: the id's words are
		// plain ASCII.
		title = newgame.TitleFrom(id)
	}
	return id, title, nil
}

var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./+:@%=,-]+$`)

// shellWord quotes a path for a POSIX shell when it needs it, so the
// printed commands can be pasted as they are.
func shellWord(s string) string {
	if shellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func countErrors(fs []finding.Finding) int {
	errs, _ := finding.Count(fs)
	return errs
}

// gameFromSheet reads --from-sheet into the files of a game: a file that
// cannot be read is a usage problem (exit 2), a sheet with problems a
// data problem told at its sheets, rows and columns (exit 1).
func gameFromSheet(opts *newOptions, id, title string) ([]newgame.File, error) {
	files, notes, err := sheetgame.FromFile(opts.FromSheet, id, title)
	var unreadable *sheetgame.UnreadableError
	switch {
	case errors.As(err, &unreadable):
		return nil, usagef("--from-sheet %v", err)
	case err != nil:
		fmt.Fprintf(opts.Out, "%s: %s\n", finding.Visible(opts.FromSheet), finding.Visible(err.Error()))
		return nil, errFindings
	}
	errs := 0
	for _, n := range notes {
		text := n.Message
		if n.Warning {
			text = "warning: " + text
		} else {
			errs++
		}
		fmt.Fprintln(opts.Out, finding.Visible(spreadsheet.Place(opts.FromSheet, n.Table, []int{n.Row}, n.Col)+": "+text))
	}
	if errs > 0 {
		fmt.Fprintf(opts.Out, "new: %s in the sheet; nothing was written\n", plural(errs, "error"))
		return nil, errFindings
	}
	return files, nil
}
