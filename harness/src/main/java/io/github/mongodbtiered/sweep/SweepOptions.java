package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.fleet.Fleet;
import io.github.mongodbtiered.profiles.DiskProfile;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * Everything a sweep needs, parsed and checked, in the groups the command line gives them: one
 * immutable object, so that the runner knows nothing of the command line. Each group owns its
 * defaults ({@code Cells.defaults()} ...); {@link #defaults} gathers them, and the {@code with...}
 * methods replace a group, as a variant of a sweep will. Options that cannot be used are refused
 * here, whoever built them.
 *
 * @param cells record counts times disk profiles
 * @param workload what the runs do, with how many threads, at what rate
 * @param runs how each cell is warmed up and measured
 * @param loading how the records are loaded
 * @param server which server is measured and where its data lives; its data directory, when not
 *     given, is {@code data} in the report directory
 * @param volume the data volume under a docker or embedded server
 * @param baseline the disk baseline before the cells
 * @param fleet the clients that drive the server together; {@link Fleet#ALONE}: one
 * @param output the report directory and the command that made it
 */
public record SweepOptions(
    Cells cells,
    Workload workload,
    MeasuredRuns runs,
    Loading loading,
    Server server,
    Volume volume,
    Baseline baseline,
    Fleet fleet,
    Output output) {

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  public SweepOptions {
    if (server.dataDir() == null) {
      // As the command line's --data-dir: OUT/data unless given.
      server = server.withDataDir(output.outDir().resolve("data"));
    }
    fleet = fleet == null ? Fleet.ALONE : fleet;
    server.check();
    cells.check();
    workload.check();
    loading.check();
    runs.check();
    volume.check(cells.profiles(), server.mongodbUrl() == null);
    if (!fleet.alone() && server.mongodbUrl() == null) {
      throw new IllegalArgumentException(
          "--clients "
              + fleet.slot().clients()
              + ": a fleet drives one server every client reaches: give it with --mongodb-url");
    }
  }

  /**
   * Every group's defaults, for {@code workload} and the report directory {@code outDir}: what the
   * command line gives without options. The workload decides the client threads (its {@code
   * threadcount}) and the disk baseline's kind of I/O ({@link Baseline#defaultsFor}); a workload
   * given later by {@link #withWorkload} changes neither.
   *
   * @throws IllegalArgumentException when the workload's threadcount is not a whole number
   */
  public static SweepOptions defaults(Properties workload, Path outDir) {
    return new SweepOptions(
        Cells.defaults(),
        Workload.of(workload),
        MeasuredRuns.defaults(),
        Loading.defaults(),
        Server.defaults(),
        Volume.defaults(),
        Baseline.defaultsFor(workload),
        Fleet.ALONE,
        Output.to(outDir));
  }

  public SweepOptions withCells(UnaryOperator<Cells> change) {
    return new SweepOptions(
        change.apply(cells), workload, runs, loading, server, volume, baseline, fleet, output);
  }

  public SweepOptions withWorkload(UnaryOperator<Workload> change) {
    return new SweepOptions(
        cells, change.apply(workload), runs, loading, server, volume, baseline, fleet, output);
  }

  public SweepOptions withRuns(UnaryOperator<MeasuredRuns> change) {
    return new SweepOptions(
        cells, workload, change.apply(runs), loading, server, volume, baseline, fleet, output);
  }

  public SweepOptions withLoading(UnaryOperator<Loading> change) {
    return new SweepOptions(
        cells, workload, runs, change.apply(loading), server, volume, baseline, fleet, output);
  }

  public SweepOptions withServer(UnaryOperator<Server> change) {
    return new SweepOptions(
        cells, workload, runs, loading, change.apply(server), volume, baseline, fleet, output);
  }

  public SweepOptions withVolume(UnaryOperator<Volume> change) {
    return new SweepOptions(
        cells, workload, runs, loading, server, change.apply(volume), baseline, fleet, output);
  }

  public SweepOptions withBaseline(UnaryOperator<Baseline> change) {
    return new SweepOptions(
        cells, workload, runs, loading, server, volume, change.apply(baseline), fleet, output);
  }

  /** These options for client {@code clients.slot()} of a fleet. */
  public SweepOptions withFleet(Fleet clients) {
    return new SweepOptions(
        cells, workload, runs, loading, server, volume, baseline, clients, output);
  }

  public SweepOptions withOutput(UnaryOperator<Output> change) {
    return new SweepOptions(
        cells, workload, runs, loading, server, volume, baseline, fleet, change.apply(output));
  }

  /**
   * Whether measured runs may end before {@code --seconds}: a closed loop of one client, timed
   * rather than counted, with a precision and room above the floor. An open loop keeps its schedule
   * to the end, and a fleet's clients end together.
   */
  public boolean endsRunsEarly() {
    return runs.precisionEndsRuns() && fleet.alone();
  }

  /** The report directory. */
  public Path outDir() {
    return output.outDir();
  }

  /** Where this host keeps the server's data; null for a deployment given by URL. */
  public Path localDataDir() {
    return server.localDataDir();
  }

  /** The YCSB table (collection) the sweep loads and reads. */
  public String table() {
    return workload.table();
  }

  /** Disk profiles, in report order. */
  public List<DiskProfile> profiles() {
    return cells.profiles();
  }

  /** Data set sizes, ascending and distinct. */
  public List<Long> recordCounts() {
    return cells.recordCounts();
  }
}
