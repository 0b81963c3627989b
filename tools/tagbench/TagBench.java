import core.AbstractForwardModel;
import core.AbstractGameState;
import core.AbstractParameters;
import core.AbstractPlayer;
import core.Game;
import core.actions.AbstractAction;
import evaluation.optimisation.TunableParameters;
import games.GameType;
import players.PlayerConstants;
import players.mcts.MCTSEnums;
import players.mcts.MCTSParams;
import players.mcts.MCTSPlayer;
import players.simple.RandomPlayer;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * TagBench measures TAG's own MCTSPlayer the way cardpress's BenchmarkMCTS
 * measures its bot, so the two iteration rates can be set side by side
 * (issue 35): information-set MCTS, a fixed number of iterations per
 * decision, each rollout a uniformly random play-out to the end of the game,
 * one thread. The decision searched is a game's first one with a real
 * choice for seat 0, so every rollout plays nearly a whole game, as in
 * cardpress. Each decision's rate is reported in wall-clock time, in the
 * JVM's CPU time and in the search thread's (a busy machine inflates the
 * first far more than the others), with the median over decisions, each
 * from another deal. It also
 * plays random games first to report the game's length in ticks (moves).
 *
 * Usage: java TagBench GAME PLAYERS [key=value ...]
 *   iterations=1000  MCTS iterations per decision
 *   warmup=15        CPU seconds of searches before measuring (the JIT's warm-up)
 *   decisions=15     decisions measured (one per game seed, seeds without a choice for seat 0 skipped); 0: only the length
 *   games=2000       random games played for the length
 *   any other key is a parameter of the game (TAG's tunable parameter
 *   names, e.g. Uno's nWinPoints=1 scoringMethod=CLASSIC).
 */
public final class TagBench {
    private int iterations = 1000, warmupSeconds = 15, decisions = 15, lengthGames = 2000;
    private final List<String[]> gameSettings = new ArrayList<>();
    private GameType game;
    private int players;

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: TagBench GAME PLAYERS [iterations=N warmup=S decisions=N games=N param=value ...]");
            System.exit(2);
        }
        TagBench bench = new TagBench();
        bench.game = GameType.valueOf(args[0]);
        bench.players = Integer.parseInt(args[1]);
        for (String arg : Arrays.copyOfRange(args, 2, args.length)) bench.setting(arg);
        bench.run();
    }

    private void setting(String arg) {
        String[] kv = arg.split("=", 2);
        if (kv.length != 2) throw new IllegalArgumentException("not key=value: " + arg);
        switch (kv[0]) {
            case "iterations" -> iterations = Integer.parseInt(kv[1]);
            case "warmup" -> warmupSeconds = Integer.parseInt(kv[1]);
            case "decisions" -> decisions = Integer.parseInt(kv[1]);
            case "games" -> lengthGames = Integer.parseInt(kv[1]);
            default -> gameSettings.add(kv);
        }
    }

    private void run() {
        System.out.printf("game %s, %d players, settings %s%n", game.name(), players, describeSettings());
        System.out.printf("java %s (%s), available processors %d%n", System.getProperty("java.version"),
                System.getProperty("java.vm.name"), Runtime.getRuntime().availableProcessors());
        reportLength();
        if (decisions == 0) return;

        // Warm-up is counted in CPU time, so a busy machine does not shorten it.
        long warmupEnd = os.getProcessCpuTime() + warmupSeconds * 1_000_000_000L;
        int warmups = 0;
        for (long seed = 1_000_000; os.getProcessCpuTime() < warmupEnd; seed++) {
            if (searchFirstDecision(seed) != null) warmups++;
        }
        System.out.printf("warm-up: %d searches of %d iterations%n", warmups, iterations);

        double[] wall = new double[decisions], cpu = new double[decisions], thread = new double[decisions];
        long[] tick = new long[decisions];
        long gcMillis = gcMillis(), jitMillis = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        long cpuStart = os.getProcessCpuTime();
        // Seeds 1, 2, ...: one decision each, a deal without a choice for seat 0 skipped.
        for (int i = 0, seed = 1; i < decisions; seed++) {
            Search s = searchFirstDecision(seed);
            if (s == null && seed > 100L * decisions) throw new AssertionError("seat 0 seldom has a choice: no " + decisions + " deals out of " + seed + " give one");
            if (s == null) continue;
            wall[i] = iterations / (s.wallNanos / 1e9);
            cpu[i] = iterations / (s.cpuNanos / 1e9);
            thread[i] = iterations / (s.threadNanos / 1e9);
            tick[i++] = s.ticksAtDecision;
        }
        System.out.printf("while measured: %.1f s of CPU time, of which garbage collection %.1f s and JIT compilation %.1f s (elapsed)%n",
                (os.getProcessCpuTime() - cpuStart) / 1e9, (gcMillis() - gcMillis) / 1e3,
                (ManagementFactory.getCompilationMXBean().getTotalCompilationTime() - jitMillis) / 1e3);
        System.out.printf("iterations/s per decision, wall clock: %s%n", Arrays.toString(round(wall)));
        System.out.printf("iterations/s per decision, CPU time:   %s%n", Arrays.toString(round(cpu)));
        System.out.printf("decision made at tick: %s%n", Arrays.toString(tick));
        System.out.printf("RESULT %s %dp: median %.0f iterations/s of wall clock (%s), %.0f of CPU time (%s), %.0f of the search thread's CPU time (%s), %d decisions of %d iterations%n",
                game.name(), players, median(wall), range(wall), median(cpu), range(cpu), median(thread), range(thread), decisions, iterations);
    }

    /** Plays random games and prints the mean and spread of their length in ticks. */
    private void reportLength() {
        double[] ticks = new double[lengthGames];
        double rounds = 0;
        for (int g = 0; g < lengthGames; g++) {
            Game match = newGame(g + 10_000_000L);
            match.reset(randomPlayers(g), g + 10_000_000L);
            match.run();
            ticks[g] = match.getTick();
            rounds += match.getGameState().getRoundCounter();
        }
        double mean = Arrays.stream(ticks).average().orElse(0);
        double sd = Math.sqrt(Arrays.stream(ticks).map(t -> (t - mean) * (t - mean)).sum() / (ticks.length - 1));
        System.out.printf("LENGTH %s %dp: %d random games, mean %.1f ticks (sd %.1f, median %.0f), mean %.2f rounds%n",
                game.name(), players, lengthGames, mean, sd, median(ticks), rounds / lengthGames);
    }

    /**
     * One search's cost: wall clock, and the CPU time of the whole JVM (the
     * search, and the garbage collector and JIT working for it), which a
     * busy machine does not inflate; and the search thread's CPU time alone
     * (without the collector and the JIT).
     */
    private record Search(long wallNanos, long cpuNanos, long threadNanos, int ticksAtDecision) {}

    private static final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    /**
     * Deals a game with seed, lets random players move until seat 0 has more
     * than one legal action, then times one MCTS search from seat 0's
     * observation. Null when random play ends the game before that (a short
     * game, as Uno to 73 points, now and then does).
     */
    private Search searchFirstDecision(long seed) {
        MCTSPlayer mcts = new MCTSPlayer(mctsParams(seed));
        List<AbstractPlayer> seats = randomPlayers(seed);
        seats.set(0, mcts);
        Game match = newGame(seed);
        match.reset(seats, seed);
        AbstractForwardModel model = match.getForwardModel();
        while (match.getGameState().isNotTerminal()) {
            AbstractGameState state = match.getGameState();
            if (state.getCurrentPlayer() == 0) {
                AbstractGameState observation = state.copy(0);
                List<AbstractAction> legal = model.computeAvailableActions(observation, mcts.getParameters().actionSpace);
                if (legal.size() > 1) {
                    long cpu = os.getProcessCpuTime(), thread = threads.getCurrentThreadCpuTime(), start = System.nanoTime();
                    AbstractAction chosen = mcts.getAction(observation, legal);
                    long wall = System.nanoTime() - start;
                    thread = threads.getCurrentThreadCpuTime() - thread;
                    cpu = os.getProcessCpuTime() - cpu;
                    if (!legal.contains(chosen)) throw new AssertionError("MCTS chose an illegal action");
                    return new Search(wall, cpu, thread, match.getTick());
                }
            }
            match.oneAction();
        }
        return null;
    }

    /** TAG's MCTS set as cardpress's bot is searched: see the class comment. */
    private MCTSParams mctsParams(long seed) {
        MCTSParams p = new MCTSParams();
        p.setParameterValue("budgetType", PlayerConstants.BUDGET_ITERATIONS);
        p.setParameterValue("budget", iterations);
        p.setParameterValue("information", MCTSEnums.Information.Information_Set);
        p.setParameterValue("rolloutType", MCTSEnums.Strategies.RANDOM);
        // Rollouts end only at the end of the game: far more ticks than any game here has.
        p.setParameterValue("rolloutLength", 10_000_000);
        p.setParameterValue("maxTreeDepth", 10_000_000);
        p.setParameterValue("randomSeed", (int) seed);
        return p;
    }

    private Game newGame(long seed) {
        AbstractParameters params = game.createParameters(seed);
        for (String[] kv : gameSettings) {
            if (!(params instanceof TunableParameters<?> tunable))
                throw new IllegalArgumentException(game.name() + " has no parameters to set: " + kv[0] + "=" + kv[1]);
            Object current = tunable.getParameterValue(kv[0]);
            tunable.setParameterValue(kv[0], parseLike(current, kv[0], kv[1]));
        }
        return game.createGameInstance(players, seed, params);
    }

    /** A parameter's new value, of the type of its current one (TAG's setters cast, not parse). */
    private Object parseLike(Object current, String name, String value) {
        if (current == null) throw new IllegalArgumentException(game.name() + " has no parameter " + name);
        return switch (current) {
            case Integer i -> Integer.valueOf(value);
            case Double d -> Double.valueOf(value);
            case Boolean b when value.equals("true") || value.equals("false") -> Boolean.valueOf(value);
            case Boolean b -> throw new IllegalArgumentException(name + " is true or false, not " + value);
            case Enum<?> e -> Arrays.stream(e.getDeclaringClass().getEnumConstants())
                    .filter(c -> c.name().equals(value)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(name + " has no value " + value));
            default -> value;
        };
    }

    private List<AbstractPlayer> randomPlayers(long seed) {
        List<AbstractPlayer> seats = new ArrayList<>();
        for (int i = 0; i < players; i++) seats.add(new RandomPlayer(new Random(seed * 31 + i)));
        return seats;
    }

    private String describeSettings() {
        StringBuilder b = new StringBuilder("iterations=" + iterations + " warmup=" + warmupSeconds + "s decisions=" + decisions);
        for (String[] kv : gameSettings) b.append(' ').append(kv[0]).append('=').append(kv[1]);
        return b.toString();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
    }

    private static double median(double[] xs) {
        double[] sorted = xs.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static String range(double[] xs) {
        return String.format("%.0f-%.0f", Arrays.stream(xs).min().orElse(0), Arrays.stream(xs).max().orElse(0));
    }

    private static double[] round(double[] xs) {
        return Arrays.stream(xs).map(Math::rint).toArray();
    }
}
