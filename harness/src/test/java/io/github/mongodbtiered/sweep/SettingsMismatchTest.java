package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellSettings;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.SettingsDifferences;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which saved cells a resumed sweep may reuse, and how it says why not. */
class SettingsMismatchTest {
  private static final DiskProfile IO1 =
      DiskProfile.named("io1-5000").description("fast").iops(5000).build();
  private static final DiskProfile HDD =
      DiskProfile.named("hdd-150")
          .description("slow")
          .iops(150)
          .addedLatencyMillis(7)
          .memoryBytes(512L << 20)
          .wiredTigerCacheBytes(OptionalLong.of(64L << 20))
          .build();

  @TempDir Path dir;

  @Test
  void theSameSettingsDifferInNothing() {
    CellSettings s = settings(options("tiered-read-uniform", uniform(), 16, 5, false), IO1, "7.0");
    assertEquals(List.of(), SettingsDifferences.between(s, s));
  }

  @Test
  void aCellWithoutRecordedSettingsDiffers() {
    CellSettings now = settings(options("w", uniform(), 16, 5, false), IO1, "");
    assertEquals(List.of("settings not recorded"), SettingsDifferences.between(null, now));
  }

  @Test
  void eachChangedSettingIsNamedWithBeforeAndNow() {
    CellSettings before =
        settings(options("tiered-read-uniform", uniform(), 16, 5, false), IO1, "");
    Properties hotspot = uniform();
    hotspot.setProperty("requestdistribution", "hotspot");
    CellSettings now = settings(options("tiered-read-hotspot", hotspot, 2, 9, false), IO1, "");
    assertEquals(
        List.of(
            "workload: tiered-read-uniform → tiered-read-hotspot",
            "threads: 16 → 2",
            "seconds: 5 → 9"),
        SettingsDifferences.between(before, now));
  }

  @Test
  void theSameWorkloadFileWithAnOverrideIsComparedPropertyByProperty() {
    Properties longer = uniform();
    longer.setProperty("fieldlength", "1000");
    CellSettings before = settings(options("w", uniform(), 16, 5, false), IO1, "");
    CellSettings now = settings(options("w", longer, 16, 5, false), IO1, "");
    assertEquals(List.of("-p fieldlength: 100 → 1000"), SettingsDifferences.between(before, now));
  }

  @Test
  void aWorkloadOfAnotherNameWithTheSameEffectDiffersInNothing() {
    CellSettings before = settings(options("workloads/a", uniform(), 16, 5, false), IO1, "");
    CellSettings now = settings(options("a", uniform(), 16, 5, false), IO1, "");
    assertEquals(List.of(), SettingsDifferences.between(before, now));
  }

  @Test
  void connectionSettingsCredentialsAndPerRunPropertiesAreNotSettings() {
    Properties p = uniform();
    p.setProperty("mongodb.url", "mongodb://u:secret@db1/bench");
    p.setProperty("mongodb.password", "secret");
    p.setProperty("recordcount", "2000000");
    p.setProperty("operationcount", "1000");
    p.setProperty("threadcount", "16");
    CellSettings with = settings(options("w", p, 16, 5, false), IO1, "");
    CellSettings without = settings(options("w", uniform(), 16, 5, false), IO1, "");
    assertEquals(List.of(), SettingsDifferences.between(with, without));
    assertFalse(with.toString().contains("secret"), with.toString());
  }

  @Test
  void anotherTargetRateIsAnotherSettingAndAClosedLoopIsNamedSo() throws Exception {
    SweepOptions closed = options("w", uniform(), 16, 5, false);
    SweepOptions at1000 = closed.withRuns(r -> r.withTargetOpsPerSec(1000));
    assertEquals(
        List.of("target: 1000 ops/s → 2500 ops/s"),
        SettingsDifferences.between(
            settings(at1000, IO1, ""),
            settings(closed.withRuns(r -> r.withTargetOpsPerSec(2500)), IO1, "")));
    assertEquals(
        List.of("target: closed loop → 1000 ops/s"),
        SettingsDifferences.between(settings(closed, IO1, ""), settings(at1000, IO1, "")));
    save(closed, 2000, IO1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan(at1000));
    assertTrue(e.getMessage().contains("target: closed loop → 1000 ops/s"), e.getMessage());
  }

  @Test
  void anotherRunEndIsAnotherSettingWhereRunsCanEndEarly() throws Exception {
    SweepOptions at3 = options("w", uniform(), 16, 60, false).withRuns(r -> r.withPrecision(0.03));
    SweepOptions at5 = at3.withRuns(r -> r.withPrecision(0.05));
    SweepOptions whole = at3.withRuns(r -> r.withPrecision(0));
    assertEquals(
        List.of("run end: within 3% from 20 s → within 5% from 20 s"),
        SettingsDifferences.between(settings(at3, IO1, ""), settings(at5, IO1, "")));
    assertEquals(
        List.of("run end: within 3% from 20 s → at its length"),
        SettingsDifferences.between(settings(at3, IO1, ""), settings(whole, IO1, "")));
    save(at3, 2000, IO1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan(at5));
    assertTrue(e.getMessage().contains("run end: within 3% from 20 s → within 5%"), e.getMessage());
    // A counted run lasts its operations whatever the precision: nothing differs.
    SweepOptions counted = at3.withRuns(r -> r.withOperations(1000));
    assertEquals(
        List.of(),
        SettingsDifferences.between(
            settings(counted, IO1, ""),
            settings(counted.withRuns(r -> r.withPrecision(0.05)), IO1, "")));
  }

  @Test
  void theServersOwnOptionsAreASetting() throws Exception {
    SweepOptions plain = options("w", uniform(), 16, 5, false);
    SweepOptions slower =
        plain.withServer(
            s -> s.withArgs(List.of("--wiredTigerCacheSizeGB=1")).withStandinExtraCostMicros(100));
    assertEquals(
        List.of("server options: (none) → --wiredTigerCacheSizeGB=1 --standinExtraCostMicros=100"),
        SettingsDifferences.between(settings(plain, IO1, ""), settings(slower, IO1, "")));
    save(plain, 2000, IO1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan(slower));
    assertTrue(e.getMessage().contains("server options: (none) →"), e.getMessage());
  }

  @Test
  void theServerVersionCountsOnlyWhenBothAreKnown() {
    SweepOptions o = options("w", uniform(), 16, 5, false);
    assertEquals(
        List.of(), SettingsDifferences.between(settings(o, IO1, "7.0.1"), settings(o, IO1, "")));
    assertEquals(
        List.of("server version: 7.0.1 → 8.0.0"),
        SettingsDifferences.between(settings(o, IO1, "7.0.1"), settings(o, IO1, "8.0.0")));
  }

  @Test
  void aProfileRedefinedUnderTheSameNameDiffersButItsDescriptionDoesNot() {
    SweepOptions o = options("w", uniform(), 16, 5, false);
    DiskProfile redefined =
        DiskProfile.named("hdd-150")
            .description("other words")
            .readIops(300)
            .writeIops(150)
            .addedLatencyMillis(7)
            .memoryBytes(512L << 20)
            .build();
    DiskProfile reworded =
        DiskProfile.named("hdd-150")
            .description("other words")
            .iops(150)
            .addedLatencyMillis(7)
            .memoryBytes(512L << 20)
            .wiredTigerCacheBytes(OptionalLong.of(64L << 20))
            .build();
    assertEquals(
        List.of(
            "profile hdd-150 read IOPS: 150 → 300",
            "profile hdd-150 WiredTiger cache bytes: 67108864 → default"),
        SettingsDifferences.between(settings(o, HDD, ""), settings(o, redefined, "")));
    assertEquals(
        List.of(), SettingsDifferences.between(settings(o, HDD, ""), settings(o, reworded, "")));
  }

  @Test
  void theMessageCountsTheCellsAndGivesTheWaysOn() {
    assertEquals(
        "--out /r: 4 finished cells were measured under other settings than this run's:"
            + " threads: 16 → 2; seconds: 5 → 9. Add --remeasure to measure them again under"
            + " this run's settings (replacing them), give a new --out, or give this run the"
            + " settings they were measured under (the first of each pair).",
        SettingsMismatch.message(Path.of("/r"), 4, List.of("threads: 16 → 2", "seconds: 5 → 9")));
  }

  @Test
  void aResumeOverCellsOfOtherSettingsIsRefusedNamingEachDifferenceOnce() throws Exception {
    save(options("w", uniform(), 16, 5, false), 2000, IO1, HDD);
    save(options("w", uniform(), 16, 5, false), 4000, IO1, HDD);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> plan(options("w", uniform(), 2, 9, false)));
    assertEquals(
        SettingsMismatch.message(dir, 4, List.of("threads: 16 → 2", "seconds: 5 → 9")),
        e.getMessage());
  }

  @Test
  void aResumeUnderTheSameSettingsReusesEveryOkCell() throws Exception {
    SweepOptions o = options("w", uniform(), 16, 5, false);
    save(o, 2000, IO1, HDD);
    ResumePlan plan = plan(o);
    assertTrue(plan.reusable(2000, "io1-5000"));
    assertFalse(plan.reusable(4000, "io1-5000"), "never measured");
    assertEquals("", plan.discardStale(new CellStore(dir)));
    assertTrue(new CellStore(dir).load(2000, "io1-5000").isPresent());
  }

  @Test
  void cellsOfOlderReportsWithoutSettingsAreRefused() throws Exception {
    new CellStore(dir).save(CellResult.builder(2000, "io1-5000", ServerKind.EMBEDDED).build());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> plan(options("w", uniform(), 16, 5, false)));
    assertTrue(e.getMessage().contains("1 finished cell was measured"), e.getMessage());
    assertTrue(e.getMessage().contains(": settings not recorded."), e.getMessage());
  }

  @Test
  void aFailedCellOfThisRunIsRetriedAnywaySoItIsNotRefused() throws Exception {
    SweepOptions before = options("w", uniform(), 16, 5, false);
    new CellStore(dir)
        .save(
            CellResult.builder(2000, "io1-5000", ServerKind.EMBEDDED)
                .failed("boom")
                .settings(settings(before, IO1, ""))
                .build());
    ResumePlan plan = plan(options("w", uniform(), 2, 5, false));
    assertFalse(plan.reusable(2000, "io1-5000"));
  }

  @Test
  void remeasureRemovesMismatchedCellsToMeasureThemAgain() throws Exception {
    save(options("w", uniform(), 16, 5, false), 2000, IO1, HDD);
    SweepOptions now = options("w", uniform(), 2, 5, true);
    CellStore store = new CellStore(dir);
    Path histogram = dir.resolve("histograms/2000-io1-5000-READ.hdr");
    Files.createDirectories(histogram.getParent());
    Files.writeString(histogram, "old");
    ResumePlan plan = plan(now);
    assertFalse(plan.reusable(2000, "io1-5000"));
    CellResult old = store.load(2000, "io1-5000").orElseThrow();
    assertFalse(plan.shown(old));
    assertEquals(
        "--remeasure: removed 2 cells measured under other settings (2000 x hdd-150,"
            + " 2000 x io1-5000); this run measures them again",
        plan.discardStale(store));
    assertEquals(List.of(), store.all());
    assertFalse(Files.exists(histogram), "its histogram logs went with it");
    CellResult replaced = plan.measured(old.toBuilder().settings(null).build(), IO1, "7.0");
    assertTrue(plan.shown(replaced));
    assertEquals(2, replaced.settings().threads());
    assertEquals("7.0", replaced.settings().serverVersion());
  }

  @Test
  void remeasureCannotReplaceCellsOutsideThisRun() throws Exception {
    save(options("w", uniform(), 16, 5, false), 8000, IO1);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> plan(options("w", uniform(), 2, 5, true)));
    assertTrue(
        e.getMessage().contains("--remeasure cannot replace 8000 x io1-5000"), e.getMessage());
  }

  @Test
  void aServerOfAnotherVersionIsRefusedOnceItAnswers() throws Exception {
    SweepOptions o = options("w", uniform(), 16, 5, false);
    new CellStore(dir)
        .save(
            CellResult.builder(2000, "io1-5000", ServerKind.EMBEDDED)
                .settings(settings(o, IO1, "7.0.1"))
                .build());
    ResumePlan plan = plan(o);
    assertTrue(plan.needsServerVersion(), "the cell recorded a version to compare");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> plan.serverVersion("8.0.0"));
    assertTrue(e.getMessage().contains("server version: 7.0.1 → 8.0.0"), e.getMessage());
    ResumePlan same = plan(o);
    same.serverVersion("7.0.1");
    assertFalse(same.needsServerVersion());
    assertTrue(same.reusable(2000, "io1-5000"));
  }

  private static final String STANDIN = "mongodb-tiered-standin:latest";
  private static final String BUILT_MONDAY =
      "sha256:1111111111111111111111111111111111111111111111111111111111111111";
  private static final String REBUILT_FRIDAY =
      "sha256:2222222222222222222222222222222222222222222222222222222222222222";

  @Test
  void cellsMeasuredOnAnotherBuildOfTheSameTagAreRefusedNamingBothIds() throws Exception {
    SweepOptions o = options("w", uniform(), 16, 5, false);
    saveOnDocker(o, BUILT_MONDAY);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> dockerPlan(o, REBUILT_FRIDAY));
    assertEquals(
        SettingsMismatch.message(
            dir,
            1,
            List.of(
                "image ID of mongodb-tiered-standin:latest: sha256:111111111111… →"
                    + " sha256:222222222222…")),
        e.getMessage());

    SweepOptions remeasure = options("w", uniform(), 16, 5, true);
    ResumePlan plan = dockerPlan(remeasure, REBUILT_FRIDAY);
    assertFalse(plan.reusable(2000, "io1-5000"));
    assertTrue(plan.discardStale(new CellStore(dir)).contains("removed 1 cell"));
  }

  @Test
  void cellsOfTheSameBuildOrOfAReportThatRecordedNoIdAreReused() throws Exception {
    SweepOptions o = options("w", uniform(), 16, 5, false);
    saveOnDocker(o, BUILT_MONDAY);
    assertTrue(dockerPlan(o, BUILT_MONDAY).reusable(2000, "io1-5000"));
    saveOnDocker(o, null); // run.json from before IDs were recorded
    assertTrue(dockerPlan(o, REBUILT_FRIDAY).reusable(2000, "io1-5000"));
  }

  @Test
  void anImageWhoseIdThisRunCannotTellIsRefusedRatherThanPulledUnseen() throws Exception {
    SweepOptions o = options("w", uniform(), 16, 5, false);
    saveOnDocker(o, BUILT_MONDAY);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> dockerPlan(o, null));
    assertTrue(
        e.getMessage()
            .contains(
                "image ID of mongodb-tiered-standin:latest: sha256:111111111111… → not known"
                    + " (not in the local Docker: pull or build it, then run again)"),
        e.getMessage());
  }

  /** One docker cell of {@link #STANDIN}, and a run.json recording the image's ID (null: none). */
  private void saveOnDocker(SweepOptions o, String imageId) throws Exception {
    new CellStore(dir)
        .save(
            CellResult.builder(2000, IO1.name(), ServerKind.DOCKER)
                .settings(dockerSettings(o).of(IO1, ""))
                .build());
    RunManifest.Builder m =
        RunManifest.builder()
            .toolVersion("t")
            .startedAt(Instant.EPOCH)
            .finishedAt(Instant.EPOCH)
            .server(ServerKind.DOCKER, STANDIN, "");
    if (imageId != null) {
      m.imageId(STANDIN, imageId);
    }
    m.build().write(dir);
  }

  private ResumePlan dockerPlan(SweepOptions o, String imageId) throws Exception {
    Map<String, String> ids = imageId == null ? Map.of() : Map.of(STANDIN, imageId);
    return ResumePlan.check(o, dockerSettings(o), ids, new CellStore(dir));
  }

  private static RunSettings dockerSettings(SweepOptions o) {
    return new RunSettings(o, ServerKind.DOCKER, STANDIN);
  }

  private ResumePlan plan(SweepOptions o) throws Exception {
    return ResumePlan.check(o, runSettings(o), Map.of(), new CellStore(dir));
  }

  private void save(SweepOptions o, long count, DiskProfile... profiles) throws Exception {
    for (DiskProfile p : profiles) {
      new CellStore(dir)
          .save(
              CellResult.builder(count, p.name(), ServerKind.EMBEDDED)
                  .settings(settings(o, p, ""))
                  .build());
    }
  }

  private static CellSettings settings(SweepOptions o, DiskProfile p, String version) {
    return runSettings(o).of(p, version);
  }

  private static RunSettings runSettings(SweepOptions o) {
    return new RunSettings(o, ServerKind.EMBEDDED, "stand-in");
  }

  private static Properties uniform() {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("readproportion", "1");
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("fieldlength", "100");
    return p;
  }

  private SweepOptions options(
      String workloadName, Properties workload, int threads, double seconds, boolean remeasure) {
    return SweepOptions.defaults(workload, dir)
        .withCells(
            c -> c.withRecordCounts(2000L, 4000L).withProfiles(IO1, HDD).withRemeasure(remeasure))
        .withWorkload(w -> w.withName(workloadName).withThreads(threads))
        .withRuns(r -> r.withSeconds(seconds).withWarmupSeconds(1))
        .withLoading(l -> l.withThreads(1))
        .withServer(s -> s.withChoice(Server.Choice.EMBEDDED).withImage(""))
        .withOutput(o -> o.withCommandLine(List.of("test")))
        .withBaseline(b -> b.off().withProbeImage(""))
        .withVolume(v -> v.withLatency(LatencyMethod.OFF));
  }
}
