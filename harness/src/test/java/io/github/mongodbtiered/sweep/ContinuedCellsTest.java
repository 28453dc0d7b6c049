package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given a target whose cells can go on with the server of the cell before, when a sweep measures
 * two profiles of one record count, then the second cell takes over the first one's server (one
 * start, one stop), skips the preload, and says so; with {@code --cold-cells}, with repeats, or
 * when going on fails, every cell starts cold. The servers of an alternating round start cold
 * together, the page cache dropped before the first alone.
 */
class ContinuedCellsTest {
  private MongoServer server;
  private String url;

  @BeforeEach
  void start() {
    server = new MongoServer(new MemoryBackend());
    InetSocketAddress a = server.bind();
    url = "mongodb://" + a.getHostString() + ":" + a.getPort() + "/bench";
  }

  @AfterEach
  void stop() {
    server.shutdownNow();
  }

  /** A target on the test's server that records what the sweep asked of it. */
  private final class Recording implements TargetServer {
    final List<String> calls = new ArrayList<>();
    boolean failContinue;
    Long startedPid;

    @Override
    public ServerKind kind() {
      return ServerKind.URL;
    }

    @Override
    public String meaning() {
      return "a recording target";
    }

    @Override
    public String image() {
      return "";
    }

    @Override
    public Endpoint startLoading() {
      calls.add("load");
      return new Endpoint(url, null, null, null, false, List.of());
    }

    @Override
    public void stopLoading() {
      calls.add("stop-load");
    }

    @Override
    public Endpoint startCell(DiskProfile profile) {
      calls.add("start " + profile.name());
      return new Endpoint(url, startedPid, null, null, true, List.of());
    }

    @Override
    public Endpoint startCell(DiskProfile profile, HostCache.Drop dropped) {
      calls.add("start " + profile.name() + " after the round's drop");
      return new Endpoint(url, startedPid, null, null, dropped.dropped(), List.of());
    }

    @Override
    public void stopCell() {
      calls.add("stop");
    }

    @Override
    public boolean canContinue(DiskProfile running, DiskProfile next) {
      return true;
    }

    @Override
    public Endpoint continueCell(DiskProfile next) {
      if (failContinue) {
        calls.add("continue failed");
        throw new IllegalStateException("the server's cgroup is gone");
      }
      calls.add("continue " + next.name());
      return new Endpoint(url, null, null, null, false, List.of(), false, "", "io1-5000");
    }

    @Override
    public void close() {}
  }

  private SweepOptions options(Path out) {
    Properties w = new Properties();
    w.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    w.setProperty("readproportion", "1");
    w.setProperty("updateproportion", "0");
    w.setProperty("requestdistribution", "uniform");
    w.setProperty("fieldcount", "2");
    w.setProperty("fieldlength", "20");
    return SweepOptions.defaults(w, out)
        .withCells(
            c ->
                c.withRecordCounts(300L)
                    .withProfiles(
                        DiskProfiles.builtIn().get("io1-5000"),
                        DiskProfiles.builtIn().get("hdd-150")))
        .withWorkload(t -> t.withThreads(2))
        .withRuns(r -> r.withOperations(200).withSeconds(0).withWarmupSeconds(1))
        .withLoading(l -> l.withThreads(2).withBatchSize(50).withDropExisting(true))
        .withServer(s -> s.withUrl(url).withImage(""))
        .withOutput(o -> o.withCommandLine(List.of("test")))
        .withBaseline(b -> b.withSettings(DiskBaseline.Settings.defaults()).withProbeImage(""))
        .withVolume(v -> v.withLatency(LatencyMethod.OFF));
  }

  private static SweepRunner.Outcome sweep(SweepOptions o, Recording target) throws Exception {
    return new SweepRunner(o, target, new SweepRunner.Listener() {}).run();
  }

  @Test
  void aLaterServerOfAnAlternatingRoundStartsWithoutASecondDrop() throws Exception {
    Recording target = new Recording();
    DiskProfile io1 = DiskProfiles.builtIn().get("io1-5000");
    Endpoint first = new ServerHandover(target, MeasuredRuns.defaults(), true).start(io1, null);
    Endpoint later =
        new ServerHandover(target, MeasuredRuns.defaults(), true)
            .start(io1, new HostCache.Drop(first.pageCacheDropped(), "as for the first"));

    assertEquals(List.of("start io1-5000", "start io1-5000 after the round's drop"), target.calls);
    assertTrue(later.pageCacheDropped(), "the round's drop counts for the later server's cell");
  }

  @Test
  void theSecondProfileGoesOnWithTheFirstOnesServerAndSkipsThePreload(@TempDir Path out)
      throws Exception {
    Recording target = new Recording();
    SweepRunner.Outcome o = sweep(options(out), target);

    assertEquals(0, o.failed(), o.cells().toString());
    assertEquals(
        List.of("load", "stop-load", "start io1-5000", "continue hdd-150", "stop"), target.calls);
    CellResult first = o.cells().get(0);
    CellResult second = o.cells().get(1);
    assertEquals("", first.continuedFrom());
    assertTrue(first.pageCacheDropped());
    assertTrue(first.metrics().containsKey(Metric.WARMUP_PRELOAD_S), first.metrics().toString());
    assertEquals(null, first.metrics().get(Metric.SERVER_STOP_S), "its server was not stopped");
    assertEquals("io1-5000", second.continuedFrom());
    assertTrue(!second.pageCacheDropped());
    assertEquals(null, second.metrics().get(Metric.WARMUP_PRELOAD_S), "no preload on warm caches");
    assertTrue(second.metrics().containsKey(Metric.WARMUP_S), "it still warms up");
    assertTrue(
        second.notes().stream().anyMatch(n -> n.startsWith("continued the io1-5000 cell's server")),
        second.notes().toString());
    List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
    List<String> header = List.of(csv.get(0).split(","));
    // The columns read here come before the notes, the first that may hold a comma.
    String[] row =
        csv.stream().filter(l -> l.contains(",hdd-150,")).findFirst().orElseThrow().split(",");
    assertEquals("io1-5000", row[header.indexOf("continued_from")]);
    assertEquals("false", row[header.indexOf("page_cache_dropped")]);
  }

  @Test
  void aCellThatReadItsDeviceLeavesTheNextOneAColdStart() {
    CellResult quiet =
        CellResult.builder(5_000_000, "io1-5000", ServerKind.DOCKER)
            .run(100_000, 10_000, 10_000)
            .metric(Metric.DEVICE_READ_OPS, 999.0)
            .build();
    CellResult reading = quiet.toBuilder().metric(Metric.DEVICE_READ_OPS, 1_000.0).build();
    assertTrue(ServerHandover.cachesHeldIt(quiet), "0.00999 reads per operation");
    assertTrue(!ServerHandover.cachesHeldIt(reading), "0.01 reads per operation");
    assertTrue(
        ServerHandover.cachesHeldIt(quiet.toBuilder().metric(Metric.DEVICE_READ_OPS, null).build()),
        "no device figures: the target decides");
  }

  @Test
  void coldCellsStartsEveryCellsServerCold(@TempDir Path out) throws Exception {
    Recording target = new Recording();
    sweep(options(out).withRuns(r -> r.withColdCells(true)), target);
    assertEquals(
        List.of("load", "stop-load", "start io1-5000", "stop", "start hdd-150", "stop"),
        target.calls);
  }

  @Test
  void repeatsMeasureTheSpreadBetweenColdStartsSoEveryRunStartsCold(@TempDir Path out)
      throws Exception {
    Recording target = new Recording();
    SweepRunner.Outcome o = sweep(options(out).withRuns(r -> r.withRepeats(2)), target);
    assertEquals(0, o.failed(), o.cells().toString());
    assertEquals(
        List.of(
            "load",
            "stop-load",
            "start io1-5000",
            "stop",
            "start io1-5000",
            "stop",
            "start hdd-150",
            "stop",
            "start hdd-150",
            "stop"),
        target.calls);
  }

  @Test
  void aServerThatCannotGoOnIsReplacedByAColdStartAndTheCellSaysWhy(@TempDir Path out)
      throws Exception {
    Recording target = new Recording();
    target.failContinue = true;
    SweepRunner.Outcome o = sweep(options(out), target);
    assertEquals(0, o.failed(), o.cells().toString());
    assertEquals(
        List.of(
            "load",
            "stop-load",
            "start io1-5000",
            "continue failed",
            "stop",
            "start hdd-150",
            "stop"),
        target.calls);
    CellResult second = o.cells().get(1);
    assertEquals("", second.continuedFrom());
    assertTrue(
        second.notes().stream()
            .anyMatch(
                n ->
                    n.equals(
                        "started cold: the io1-5000 cell's server could not go on (the server's"
                            + " cgroup is gone)")),
        second.notes().toString());
  }

  @Test
  void aCellWhoseServerProcessEndedFailsThoughAStrangerAnswersAtItsAddress(@TempDir Path out)
      throws Exception {
    // A killed container frees its host port and another container may take it: the test's
    // server answers at the address while the process the target started is gone.
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    Recording target = new Recording();
    target.startedPid = ended.pid();
    SweepRunner.Outcome o = sweep(options(out).withRuns(r -> r.withColdCells(true)), target);
    assertEquals(2, o.failed(), o.cells().toString());
    for (CellResult c : o.cells()) {
      assertEquals(
          "the server's process (pid "
              + ended.pid()
              + " on this host) ended: whatever answers at its address is not this cell's server",
          c.error());
    }

    target.startedPid = ProcessHandle.current().pid();
    assertEquals(0, sweep(options(out).withRuns(r -> r.withColdCells(true)), target).failed());
  }
}
