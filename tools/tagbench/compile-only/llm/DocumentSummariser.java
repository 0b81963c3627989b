package llm;

// Compile-only stand-in for TAG's DocumentSummariser (an LLM client over
// PDFBox and langchain4j, neither packaged by Debian), which only
// GameType.loadRulebook calls. Never on the run's class path.
public class DocumentSummariser {
    public DocumentSummariser(String filePath) { throw new UnsupportedOperationException(); }
    public String processText(String areaOfInterest, int wordLimit) { throw new UnsupportedOperationException(); }
}
