package evaluation.metrics.tablessaw;

import core.Game;
import evaluation.metrics.AbstractMetric;
import evaluation.metrics.IDataLogger;
import evaluation.metrics.IDataProcessor;
import core.interfaces.IGameEvent;

import java.util.List;
import java.util.Set;

// Compile-only stand-in for TAG's DataTableSaw (metrics tables over
// Tablesaw, not packaged by Debian), which only MetricsGameListener builds
// when metrics are logged. Never on the run's class path.
public class DataTableSaw implements IDataLogger {
    public DataTableSaw(AbstractMetric metric) { throw new UnsupportedOperationException(); }
    public DataTableSaw(List<AbstractMetric> metricGroup, IGameEvent event, String indexingColumnName) { throw new UnsupportedOperationException(); }
    public void init(Game game, int nPlayersPerGame, Set<String> playerNames) { throw new UnsupportedOperationException(); }
    public void addData(String columnName, Object data) { throw new UnsupportedOperationException(); }
    public IDataProcessor getDefaultProcessor() { throw new UnsupportedOperationException(); }
    public void flush() { throw new UnsupportedOperationException(); }
    public IDataLogger copy() { throw new UnsupportedOperationException(); }
    public IDataLogger emptyCopy() { throw new UnsupportedOperationException(); }
    public IDataLogger create() { throw new UnsupportedOperationException(); }
}
