package org.davidmoten.text.utils;

// Compile-only stand-in for the word-wrap library (not packaged by Debian),
// which only TAG's GUI calls. It is never on the run's class path: were the
// benchmark to reach a GUI, the run would fail with NoClassDefFoundError.
public final class WordWrap {
    public static WordWrap from(CharSequence text) { throw new UnsupportedOperationException(); }
    public WordWrap maxWidth(Number width) { throw new UnsupportedOperationException(); }
    public WordWrap insertHyphens(boolean insert) { throw new UnsupportedOperationException(); }
    public String wrap() { throw new UnsupportedOperationException(); }
}
