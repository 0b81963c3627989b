#!/usr/bin/env bash
# Measures TAG's MCTS (the Tabletop Games framework, Java) on the machine at
# hand, for issue 35's comparison in docs/benchmarks.md ("MCTS against TAG").
# It extracts TAG's sources at one commit from a git mirror, compiles the
# part a game and its MCTS player reach with javac against Debian's jars
# (Maven Central is not needed), then runs TagBench.java.
#
#   tools/tagbench/run.sh [GAME PLAYERS [key=value ...]]
#
# Defaults to one deal of Uno at 4 players (CLASSIC scoring to 1 point: the
# game ends with the first round, as a game of Crazy Eights is one deal).
# Environment: TAG_REPO (a clone or bare mirror of
# GAIGResearch/TabletopGames), TAG_COMMIT (default: its HEAD), JAVA_HOME (a
# JDK 21 or newer: TAG is written for Java 21), BUILD (work directory),
# JAVA_OPTS (more JVM options, e.g. -Xlog:gc), TAG_EDIT (FILE=SED: a sed
# expression applied to one of TAG's sources, FILE under src/main/java, for
# a game setting TAG keeps as a constant rather than a parameter, e.g.
# Hearts' target score; it is compiled into a classes directory of its own).
#
# Debian packages used: libjson-simple-java libgoogle-gson-java
# libcommons-lang3-java libcommons-math3-java libjetbrains-annotations-java
# libjsr305-java libswingx-java libcommons-io-java.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
TAG_REPO=${TAG_REPO:-/work/.mirror/GAIGResearch+TabletopGames/repo}
BUILD=${BUILD:-/tmp/tagbench}
commit=$(git -C "$TAG_REPO" rev-parse "${TAG_COMMIT:-HEAD}^{commit}")

javac=""
for home in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
  [ -x "$home/bin/javac" ] || continue
  major=$("$home/bin/javac" -version 2>&1 | sed -E 's/^javac ([0-9]+).*/\1/')
  if [ "$major" -ge 21 ]; then javac=$home/bin/javac; java=$home/bin/java; break; fi
done
[ -n "$javac" ] || { echo "tagbench: no JDK 21 or newer found (set JAVA_HOME)" >&2; exit 1; }

jars=""
for j in json-simple gson commons-lang3 commons-math3 org.jetbrains.annotations-java8 jsr305 swingx-core commons-io; do
  [ -f "/usr/share/java/$j.jar" ] || { echo "tagbench: /usr/share/java/$j.jar missing (see the Debian packages above)" >&2; exit 1; }
  jars="$jars:/usr/share/java/$j.jar"
done
jars=${jars#:}

src=$BUILD/src-$commit
classes=$BUILD/classes-$commit
edit_file="" edit_sed=""
if [ -n "${TAG_EDIT:-}" ]; then
  edit_file=${TAG_EDIT%%=*} edit_sed=${TAG_EDIT#*=}
  [ "$edit_file" != "$TAG_EDIT" ] || { echo "tagbench: TAG_EDIT is FILE=SED, not $TAG_EDIT" >&2; exit 2; }
  edit=$(printf '%s' "$TAG_EDIT" | sha256sum | cut -c1-12)
  src=$src-$edit classes=$classes-$edit
fi
if [ ! -f "$classes/TagBench.class" ] || [ "$here/TagBench.java" -nt "$classes/TagBench.class" ]; then
  rm -rf "$src" "$classes"
  mkdir -p "$src" "$classes"
  # Only the Java sources: the mirror lacks some large data files, which
  # git names on stderr even so (hidden here; the archive is whole).
  git -C "$TAG_REPO" archive "$commit" src/main/java 2> >(grep -v "^error: invalid object .* for 'data/" >&2) |
    tar -x -C "$src"
  tag=$src/src/main/java
  # Unused imports of libraries Debian does not package (no code uses them).
  sed -i -E '/^import (org\.apache\.hadoop|org\.checkerframework|org\.antlr|javassist|com\.sun\.xml|breeze)\./d' \
    "$tag/utilities/JSONUtils.java" "$tag/games/chess/actions/Castle.java" \
    "$tag/games/catan/CatanActionFactory.java" "$tag/games/descent2e/actions/items/RerollAttributeTest.java" \
    "$tag/games/descent2e/actions/attack/EndCurrentPhase.java" "$tag/players/mcts/OMATreeNode.java" \
    "$tag/games/descent2e/actions/herofeats/MagicAttackAll.java"
  if [ -n "$edit_file" ]; then
    cp "$tag/$edit_file" "$src/unedited.java"
    # An edit that matches nothing would measure TAG unchanged under another name.
    if ! sed -i -E "$edit_sed" "$tag/$edit_file" || cmp -s "$tag/$edit_file" "$src/unedited.java"; then
      rm -rf "$src" "$classes"; echo "tagbench: TAG_EDIT changed nothing in $edit_file" >&2; exit 2
    fi
  fi
  # Left out: classes over libraries Debian does not package, replaced at
  # compile time only by compile-only/ (see there).
  rm "$tag/evaluation/metrics/tablessaw/DataTableSaw.java" "$tag/llm/DocumentSummariser.java"
  # javac compiles what TagBench reaches (-sourcepath): TAG's GameType names
  # every game and its GUI, so that is most of TAG, but no test, LLM client
  # or Tablesaw class.
  "$javac" --release 21 -nowarn -encoding UTF-8 -proc:none -cp "$jars" \
    -sourcepath "$tag:$here/compile-only" -d "$classes" "$here/TagBench.java" 2>&1 | grep -v '^Note:' || true
  [ -f "$classes/TagBench.class" ] || { echo "tagbench: compilation failed" >&2; exit 1; }
  # The stand-ins stay out of the run: any call would fail with NoClassDefFoundError.
  rm -f "$classes/org/davidmoten/text/utils/WordWrap.class" "$classes/llm/DocumentSummariser.class" \
    "$classes"/evaluation/metrics/tablessaw/DataTableSaw*.class
  find "$classes" -type d -empty -delete
  echo "compiled $(find "$classes" -name '*.class' | wc -l) class files (TAG has $(find "$tag" -name '*.java' | wc -l) sources)"
fi

echo "TAG commit $commit ($(git -C "$TAG_REPO" show -s --format=%cs "$commit"))"
[ -z "$edit_file" ] || echo "edited: $edit_file: $edit_sed"
if [ $# -eq 0 ]; then set -- Uno 4 scoringMethod=CLASSIC nWinPoints=1; fi
# One thread for the search, as cardpress's -cpu 1; the JIT and GC run
# beside it as the JVM does. A search's tree holds a game state per node,
# so with a small young generation every collection copies the tree and the
# collector took more CPU than the search (at -Xmx2g the JVM used 1.8-2.8
# times the search thread's CPU time); a 2 GB young generation makes that
# small.
exec "$java" -Xms3g -Xmx3g -Xmn2g -XX:+UseSerialGC ${JAVA_OPTS:-} -cp "$classes:$jars" TagBench "$@"
