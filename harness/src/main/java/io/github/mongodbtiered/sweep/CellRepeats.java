package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.RepeatRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A cell's measured runs ({@code --repeats}), each on a server started cold as the first is, until
 * their number, or with {@code auto} until the interval is narrow enough; then one cell from them
 * ({@link Repeats#combine}). A failed run fails the cell, naming it.
 */
final class CellRepeats {
  /** Measures run {@code repeat} (from 1) of the cell. */
  @FunctionalInterface
  interface Measure {
    CellRun run(int repeat);
  }

  private final MeasuredRuns runs;
  private final Path localDataDir;

  /**
   * @param localDataDir where this host keeps the server's data (a failed run says when its file
   *     system is full); null for a remote server
   */
  CellRepeats(MeasuredRuns runs, Path localDataDir) {
    this.runs = runs;
    this.localDataDir = localDataDir;
  }

  /** The cell from its runs: the one run's result, or their combination. */
  CellResult measure(Measure once) {
    int repeats = Math.max(1, runs.repeats());
    List<CellResult> results = new ArrayList<>();
    List<RunLogs> logs = new ArrayList<>();
    String stopped = null;
    for (int repeat = 1; repeat <= repeats && stopped == null; repeat++) {
      CellRun run = once.run(repeat);
      if (run.logs() != null) {
        logs.add(run.logs());
      }
      CellResult cell = run.cell();
      if (!cell.ok()) {
        return saidFull(
            repeats > 1
                ? cell.toBuilder()
                    .failed("repeat " + repeat + " of " + ofHowMany(repeats) + ": " + cell.error())
                    .build()
                : cell);
      }
      results.add(cell);
      if (runs.repeatsAuto()) {
        stopped =
            Repeats.autoStop(
                results.stream().map(CellResult::throughputOpsPerSec).toList(), repeats);
      }
    }
    if (results.size() == 1) {
      return results.get(0);
    }
    CellResult first = results.get(0);
    try {
      CellResult cell = Repeats.combine(results, RunLogs.together(logs));
      return stopped == null ? cell : cell.toBuilder().note(stopped).build();
    } catch (RuntimeException ex) {
      return CellResult.failed(
          first.recordCount(), first.profile(), first.server(), Messages.of(ex));
    }
  }

  /**
   * A variant's cell from its rounds' runs, all ok and two or more, each keeping its round and its
   * place in that round's order ({@link RepeatRun#round}).
   *
   * @param positions where the variant ran in each round's order, from 1, round by round
   */
  static CellResult inRounds(List<CellRun> runs, List<Integer> positions) {
    List<CellResult> results = runs.stream().map(CellRun::cell).toList();
    List<RunLogs> logs = runs.stream().map(CellRun::logs).filter(l -> l != null).toList();
    CellResult first = results.get(0);
    CellResult cell;
    try {
      cell = Repeats.combine(results, RunLogs.together(logs));
    } catch (RuntimeException ex) {
      return CellResult.failed(
          first.recordCount(), first.profile(), first.server(), Messages.of(ex));
    }
    List<RepeatRun> rounds = new ArrayList<>();
    for (int i = 0; i < cell.repeatRuns().size(); i++) {
      rounds.add(cell.repeatRuns().get(i).inRound(i + 1, positions.get(i)));
    }
    return cell.toBuilder().repeatRuns(rounds).build();
  }

  private String ofHowMany(int repeats) {
    return runs.repeatsAuto() ? "at most " + repeats : Integer.toString(repeats);
  }

  /** A failed run's reason, naming the data directory's file system when it is full. */
  private CellResult saidFull(CellResult failed) {
    String full = Messages.noSpaceLeft(localDataDir);
    return full.isEmpty() ? failed : failed.toBuilder().failed(failed.error() + full).build();
  }
}
