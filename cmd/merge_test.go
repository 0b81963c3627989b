package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The test: shards of a sim run merged equal the unsharded run
// exactly, table for table, with two variants side by side.
func TestShardedSimMergesToTheUnshardedRun(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sim", "--game", "masterminds", "--vs", "draft", "--players", "3", "--games", "60", "--seed", "9"}
	code, whole, errOut := run(t, repoRoot, args...)
	if code != 0 {
		t.Fatalf("sim: exit %d\n%s%s", code, whole, errOut)
	}
	var files []string
	for _, k := range []string{"3/3", "1/3", "2/3"} {
		f := filepath.Join(dir, strings.ReplaceAll(k, "/", "of")+".json")
		code, out, errOut := run(t, repoRoot, append(args, "--shard", k, "--out", f)...)
		if code != 0 || !strings.Contains(out, "(shard "+k+")") {
			t.Fatalf("shard %s: exit %d\n%s%s", k, code, out, errOut)
		}
		files = append(files, f)
	}
	code, merged, errOut := run(t, repoRoot, append([]string{"merge"}, files...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, merged, errOut)
	}
	if merged != whole {
		t.Errorf("merged shards differ from the unsharded run:\n--- merged\n%s--- whole\n%s", merged, whole)
	}
	// A missing shard, a repeated one and a damaged file are errors.
	code, out, errOut := run(t, repoRoot, "merge", files[0], files[1])
	wantOneLine(t, code, out, errOut, "cardpress: shard 2/3 is missing")
	code, out, errOut = run(t, repoRoot, "merge", files[0], files[0], files[1])
	wantOneLine(t, code, out, errOut, "cardpress: "+files[0]+": shard 3/3, the same as "+files[0])
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format":"cardpress-sim/1","shard":1,"shards":1,"columns":[{"summaries":[null]}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, repoRoot, "merge", bad)
	wantOneLine(t, code, out, errOut, "cardpress: "+bad+": columns/0/summaries/0: expected a mapping, found null (and 6 more problems)")
	for _, s := range []string{"0/3", "4/3", "x", "1/0"} {
		if code, _, _ := run(t, repoRoot, append(args, "--shard", s)...); code != 2 {
			t.Errorf("--shard %s: exit %d, want 2", s, code)
		}
	}
}
