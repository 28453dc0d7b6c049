package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellSettings;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.RepeatRun;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CellStoreTest {
  @TempDir Path dir;

  @Test
  void deletingACellRemovesItsSeriesAndWarmUpLogsButNoOtherCells() throws IOException {
    ReportLayout layout = new ReportLayout(dir);
    CellStore store = new CellStore(dir);
    for (long count : List.of(1000L, 2000L)) {
      store.save(CellResult.failed(count, "hdd", ServerKind.EMBEDDED, "x"));
      AtomicFiles.write(layout.series(count, "hdd"), "a series");
      AtomicFiles.write(
          layout
              .warmupHistogramOutputPrefix(count, "hdd")
              .resolveSibling("" + count + "-hdd-READ.hdr"),
          "a log");
    }

    store.delete(1000, "hdd");

    assertFalse(Files.exists(layout.series(1000, "hdd")));
    assertTrue(layout.warmupHistogramsOf(1000, "hdd").isEmpty());
    assertTrue(Files.exists(layout.series(2000, "hdd")));
    assertEquals(1, layout.warmupHistogramsOf(2000, "hdd").size());
  }

  @Test
  void everyFieldRoundTripsExactly() throws IOException {
    TreeMap<String, LatencyStats> lat = new TreeMap<>();
    lat.put("UPDATE", new LatencyStats(7, 0.1 + 0.2, 1, 2, 3, 4, 86_399_999_999L));
    lat.put("READ", new LatencyStats(0, 1e-9, 0, 0, 0, 0, 0));
    Map<Metric, Double> metrics = new EnumMap<>(Metric.class);
    metrics.put(Metric.DATA_BYTES, 1.2345678901234567e15);
    metrics.put(Metric.WT_HIT_RATIO, null); // "not measured", distinct from absent
    metrics.put(Metric.FS_HIT_RATIO, Double.NaN);
    metrics.put(Metric.CLIENT_CPU_CORES, -0.0);
    CellResult cell =
        CellResult.builder(9_000_000_000L, "hdd-150", ServerKind.DOCKER)
            .run(123_456_789, 60_001, 123_456_789 * 1000.0 / 60_001)
            .latencies(lat)
            .tiers(Tier.FS_CACHE, Tier.FAR_OVER)
            .fsHitBasis(FsHitBasis.OPS)
            .clientBound(true)
            .latencyApplied(true)
            .latencyMethod("nbd")
            .pageCacheDropped(true)
            .notes(List.of("note \"one\"", "two\nlines", "ünïcode"))
            .build();
    // The builder drops a null figure; a file may hold one ("not measured"), so build it as read.
    cell =
        new CellResult(
            cell.id(),
            cell.outcome(),
            cell.counts(),
            cell.timing(),
            metrics,
            cell.tiers(),
            cell.conditions(),
            cell.notes(),
            cell.settings());
    CellStore store = new CellStore(dir);
    store.save(cell);
    assertTrue(Files.exists(dir.resolve("cells/9000000000-hdd-150.json")));
    CellResult back = store.load(9_000_000_000L, "hdd-150").orElseThrow();
    assertEquals(cell, back);
    assertTrue(back.metrics().containsKey(Metric.WT_HIT_RATIO));
    assertFalse(back.metrics().containsKey(Metric.DEVICE_READS_PER_SEC));
    assertEquals(
        Double.doubleToRawLongBits(-0.0),
        Double.doubleToRawLongBits(back.metrics().get(Metric.CLIENT_CPU_CORES)));
    assertEquals(List.of("READ", "UPDATE"), List.copyOf(back.latencies().keySet()));
    assertEquals(
        CellResult.failed(1, "x", ServerKind.URL, "e"),
        roundTrip(CellResult.failed(1, "x", ServerKind.URL, "e")));
  }

  @Test
  void aCellSavedBeforeTheHitBasisWasRecordedStillReads() throws IOException {
    CellStore store = new CellStore(dir);
    CellResult cell =
        Cells.cell(100, "hdd")
            .metric(Metric.FS_HIT_RATIO, 0.81)
            .tiers(Tier.FS_CACHE, Tier.FAR_OVER)
            .fsHitBasis(FsHitBasis.BYTES)
            .build();
    store.save(cell);
    Path f = store.file(100, "hdd");
    ObjectMapper json = new ObjectMapper();
    ObjectNode old = (ObjectNode) json.readTree(f.toFile());
    assertEquals("bytes", old.get("fsHitBasis").asText());
    old.remove("fsHitBasis");
    Files.write(f, json.writeValueAsBytes(old));
    CellResult back = store.load(100, "hdd").orElseThrow();
    assertNull(back.fsHitBasis(), "not recorded");
    assertEquals(cell.toBuilder().fsHitBasis(null).build(), back);
  }

  @Test
  void aCellSavedBeforeThePredictedTierBasisWasRecordedStillReads() throws IOException {
    CellStore store = new CellStore(dir);
    CellResult cell =
        Cells.cell(100, "hdd")
            .tiers(Tier.FS_CACHE, Tier.FS_CACHE)
            .predictedTierBasis(PredictedTierBasis.LIVE)
            .build();
    store.save(cell);
    Path f = store.file(100, "hdd");
    ObjectMapper json = new ObjectMapper();
    ObjectNode old = (ObjectNode) json.readTree(f.toFile());
    assertEquals("live", old.get("predictedTierBasis").asText());
    assertEquals(cell, store.load(100, "hdd").orElseThrow());
    old.remove("predictedTierBasis");
    Files.write(f, json.writeValueAsBytes(old));
    CellResult back = store.load(100, "hdd").orElseThrow();
    assertNull(back.predictedTierBasis(), "not recorded");
    assertEquals(cell.toBuilder().predictedTierBasis(null).build(), back);
  }

  @Test
  void theSettingsACellWasMeasuredUnderRoundTrip() throws IOException {
    CellStore store = new CellStore(dir);
    CellResult cell = Cells.cell(100, "hdd").settings(settings()).build();
    store.save(cell);
    CellResult back = store.load(100, "hdd").orElseThrow();
    assertEquals(settings(), back.settings());
    assertEquals(cell, back);
  }

  @Test
  void aCellSavedBeforeSettingsWereRecordedReadsWithoutThem() throws IOException {
    CellStore store = new CellStore(dir);
    CellResult cell = Cells.cell(100, "hdd").settings(settings()).build();
    store.save(cell);
    Path f = store.file(100, "hdd");
    ObjectMapper json = new ObjectMapper();
    ObjectNode old = (ObjectNode) json.readTree(f.toFile());
    old.remove("settings");
    Files.write(f, json.writeValueAsBytes(old));
    CellResult back = store.load(100, "hdd").orElseThrow();
    assertNull(back.settings(), "not recorded");
    assertEquals(cell.toBuilder().settings(null).build(), back);
  }

  @Test
  void intendedLatenciesAndTheTargetRoundTripAndCellsSavedBeforeReadAsClosedLoops()
      throws IOException {
    CellStore store = new CellStore(dir);
    CellSettings at1000 = settings().withTargetOpsPerSec(1000);
    CellResult cell =
        Cells.cell(100, "hdd")
            .intendedLatency("READ", new LatencyStats(900, 5000.5, 4000, 6000, 9000, 9500, 9900))
            .settings(at1000)
            .build();
    store.save(cell);
    CellResult back = store.load(100, "hdd").orElseThrow();
    assertEquals(cell, back);
    assertEquals(1000, back.settings().targetOpsPerSec());
    assertEquals(9000, back.intendedLatencies().get("READ").p99Micros());

    Path f = store.file(100, "hdd");
    ObjectMapper json = new ObjectMapper();
    ObjectNode old = (ObjectNode) json.readTree(f.toFile());
    old.remove("intendedLatencies");
    ((ObjectNode) old.get("settings")).remove("targetOpsPerSec");
    Files.write(f, json.writeValueAsBytes(old));
    CellResult before = store.load(100, "hdd").orElseThrow();
    assertTrue(before.intendedLatencies().isEmpty(), "not recorded");
    assertEquals(0, before.settings().targetOpsPerSec(), "a closed loop");
  }

  @Test
  void aCellSavedBeforeRepeatsWereRecordedWasMeasuredOnce() throws IOException {
    CellStore store = new CellStore(dir);
    CellSettings three =
        new CellSettings(
            "w",
            new TreeMap<>(),
            new CellSettings.RunShape(16, 0, 5, 1, 0, 3, true, new CellSettings.EarlyEnd(2, 0.03)),
            null,
            ServerKind.EMBEDDED,
            "",
            "",
            "",
            "t");
    store.save(Cells.cell(100, "hdd").settings(three).build());
    assertEquals("auto:3", store.load(100, "hdd").orElseThrow().settings().repeatsSetting());
    assertEquals(
        new CellSettings.EarlyEnd(2, 0.03),
        store.load(100, "hdd").orElseThrow().settings().shape().earlyEnd());
    Path f = store.file(100, "hdd");
    ObjectMapper json = new ObjectMapper();
    ObjectNode old = (ObjectNode) json.readTree(f.toFile());
    // Saved before runs could end early: each lasted its length.
    ((ObjectNode) old.get("settings")).remove("earlyEnd");
    Files.write(f, json.writeValueAsBytes(old));
    assertNull(store.load(100, "hdd").orElseThrow().settings().shape().earlyEnd());
    ((ObjectNode) old.get("settings")).remove("repeatsAuto");
    Files.write(f, json.writeValueAsBytes(old));
    assertEquals("3", store.load(100, "hdd").orElseThrow().settings().repeatsSetting());
    ((ObjectNode) old.get("settings")).remove("repeats");
    Files.write(f, json.writeValueAsBytes(old));
    assertEquals(1, store.load(100, "hdd").orElseThrow().settings().repeats());
  }

  private static CellSettings settings() {
    return new CellSettings(
        "tiered-read-uniform",
        new TreeMap<>(Map.of("requestdistribution", "uniform", "fieldlength", "100")),
        CellSettings.RunShape.closedLoop(16, 0, 5.5, 1),
        DiskProfile.named("hdd")
            .description("a disk")
            .iops(150)
            .addedLatencyMillis(7.25)
            .memoryBytes(512L << 20)
            .wiredTigerCacheBytes(64L << 20)
            .build(),
        ServerKind.DOCKER,
        "mongo:7.0",
        "7.0.14",
        "auto",
        "mongodb-tiered 0.1.0");
  }

  @Test
  void failedOperationsRoundTripAndAreEmptyInCellsSavedBefore() throws IOException {
    CellStore store = new CellStore(dir);
    CellResult cell =
        Cells.cell(8000, "io1-5000")
            .failedOperations(Map.of("READ", 137L, "UPDATE", 0L))
            .failed("137 of 7150 READ operations failed (--max-errors 0)")
            .build();
    store.save(cell);
    CellResult back = store.load(8000, "io1-5000").orElseThrow();
    assertEquals(cell, back);
    assertEquals(Map.of("READ", 137L, "UPDATE", 0L), back.failedOperations());
    assertEquals(137L, back.failedOperationsTotal());

    Path f = store.file(8000, "io1-5000");
    ObjectMapper json = new ObjectMapper();
    ObjectNode old = (ObjectNode) json.readTree(f.toFile());
    old.remove("failedOperations");
    Files.write(f, json.writeValueAsBytes(old));
    CellResult before = store.load(8000, "io1-5000").orElseThrow();
    assertTrue(before.failedOperations().isEmpty(), "not recorded");
    assertNull(before.failedOperationsTotal());
  }

  @Test
  void repeatRunsRoundTripAndAreEmptyInCellsSavedBefore() throws IOException {
    CellStore store = new CellStore(dir);
    CellResult cell =
        Cells.cell(8000, "io1-5000")
            .repeatRuns(List.of(new RepeatRun(100.5, 2.5), new RepeatRun(99.6, null)))
            .build();
    store.save(cell);
    assertEquals(cell, store.load(8000, "io1-5000").orElseThrow());

    Path f = store.file(8000, "io1-5000");
    ObjectMapper json = new ObjectMapper();
    ObjectNode old = (ObjectNode) json.readTree(f.toFile());
    old.remove("repeatRuns");
    Files.write(f, json.writeValueAsBytes(old));
    assertEquals(List.of(), store.load(8000, "io1-5000").orElseThrow().repeatRuns());
  }

  @Test
  void onlyAnOkCellIsDone() throws IOException {
    CellStore store = new CellStore(dir);
    assertFalse(store.isDone(100, "hdd"));
    assertEquals(Optional.empty(), store.load(100, "hdd"));
    store.save(CellResult.failed(100, "hdd", ServerKind.DOCKER, "timeout"));
    assertFalse(store.isDone(100, "hdd"), "a failed cell is retried");
    store.save(Cells.ok(100, "hdd", Tier.FAR_OVER));
    assertTrue(store.isDone(100, "hdd"));
    assertFalse(store.isDone(100, "ssd"));
  }

  @Test
  void allIsSortedByProfileThenRecordCount() throws IOException {
    CellStore store = new CellStore(dir);
    assertEquals(List.of(), store.all());
    for (CellResult c :
        List.of(Cells.ok(1000, "san", null), Cells.ok(20, "hdd", null), Cells.ok(3, "san", null))) {
      store.save(c);
    }
    assertEquals(
        List.of("20 x hdd", "3 x san", "1000 x san"),
        store.all().stream().map(CellResult::key).toList());
  }

  @Test
  void corruptOrPartialFilesFailNamingTheFile() throws IOException {
    CellStore store = new CellStore(dir);
    store.save(Cells.ok(100, "hdd", Tier.FAR_OVER));
    Path f = store.file(100, "hdd");
    String json = Files.readString(f);
    for (String bad :
        List.of(
            json.substring(0, json.length() / 2), // torn write
            "",
            "{}", // valid JSON, no cell
            "null",
            json + "garbage",
            json.replace("\"WT_HIT_RATIO\"", "\"NO_SUCH_METRIC\""),
            json.replace("\"clientBound\"", "\"clientBoundd\""), // a part's field misspelt
            json.replaceFirst("\\{", "{\"injected\": 1,"))) {
      Files.writeString(f, bad);
      IOException e = assertThrows(IOException.class, () -> store.load(100, "hdd"), bad);
      assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
      e = assertThrows(IOException.class, store::all);
      assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
      assertThrows(IOException.class, () -> store.isDone(100, "hdd"));
    }
  }

  @Test
  void aBareNaNTypedIntoACellIsNamedInTheToolsWordsWithItsPlace() throws IOException {
    CellStore store = new CellStore(dir);
    store.save(Cells.ok(100, "hdd", Tier.FAR_OVER).withMetric(Metric.DEVICE_AWAIT_MS, Double.NaN));
    assertTrue(Double.isNaN(store.load(100, "hdd").orElseThrow().metric(Metric.DEVICE_AWAIT_MS)));
    Path f = store.file(100, "hdd");
    Files.writeString(f, Files.readString(f).replace("\"NaN\"", "NaN"));
    IOException e = assertThrows(IOException.class, store::all);
    assertTrue(e.getMessage().startsWith(f + ": not a valid CellResult at line "), e.getMessage());
    assertTrue(
        e.getMessage().contains("a bare NaN or Infinity where a number belongs"), e.getMessage());
    assertTrue(e.getMessage().endsWith("or delete it and run the sweep again"), e.getMessage());
    assertFalse(e.getMessage().contains("JsonReadFeature"), e.getMessage());
  }

  @Test
  void aFileHoldingAnotherCellIsRejected() throws IOException {
    CellStore store = new CellStore(dir);
    store.save(Cells.ok(100, "hdd", Tier.FAR_OVER));
    Files.copy(store.file(100, "hdd"), store.file(200, "hdd"));
    IOException e = assertThrows(IOException.class, () -> store.load(200, "hdd"));
    assertTrue(e.getMessage().contains("200-hdd.json"), e.getMessage());
  }

  @Test
  void profileNamesMustBeSafeInAFileName() {
    CellStore store = new CellStore(dir);
    assertThrows(IllegalArgumentException.class, () -> store.file(1, "../x"));
    assertThrows(IllegalArgumentException.class, () -> store.file(-1, "x"));
  }

  private CellResult roundTrip(CellResult c) throws IOException {
    CellStore store = new CellStore(dir);
    store.save(c);
    return store.load(c.recordCount(), c.profile()).orElseThrow();
  }

  /** Each figure a measurement cannot give, as a hand-edited or damaged file holds it. */
  @Test
  void aCellWithAnAbsurdFigureIsRefusedNamingTheFileAndTheField() throws IOException {
    CellStore store = new CellStore(dir);
    TreeMap<String, LatencyStats> lat = new TreeMap<>();
    lat.put("READ", new LatencyStats(100, 10, 5, 8, 9, 10, 12));
    store.save(Cells.cell(100, "hdd").run(1000, 10_000, 100).latencies(lat).build());
    Path f = store.file(100, "hdd");
    ObjectMapper json = new ObjectMapper();
    ObjectNode good = (ObjectNode) json.readTree(f.toFile());
    Map<String, String> edits =
        Map.of(
            "throughputOpsPerSec", "1e308",
            "operations", "-92543",
            "runtimeMillis", "-1");
    for (Map.Entry<String, String> e : edits.entrySet()) {
      ObjectNode bad = good.deepCopy();
      bad.put(e.getKey(), Double.parseDouble(e.getValue()));
      if (!e.getKey().equals("throughputOpsPerSec")) {
        bad.put(e.getKey(), Long.parseLong(e.getValue()));
      }
      json.writeValue(f.toFile(), bad);
      IOException thrown = assertThrows(IOException.class, () -> store.all(), e.getKey());
      assertTrue(thrown.getMessage().startsWith(f + ": " + e.getKey() + " "), thrown.getMessage());
      assertTrue(thrown.getMessage().contains("delete it"), thrown.getMessage());
    }
    ObjectNode bad = good.deepCopy();
    ((ObjectNode) bad.get("latencies").get("READ")).put("p99Micros", -1);
    json.writeValue(f.toFile(), bad);
    IOException thrown = assertThrows(IOException.class, () -> store.load(100, "hdd"));
    assertTrue(
        thrown.getMessage().startsWith(f + ": latencies.READ.p99Micros -1 is negative")
            || thrown.getMessage().contains("latencies.READ.p99Micros -1 "),
        thrown.getMessage());
    bad = good.deepCopy();
    bad.put("throughputOpsPerSec", "Infinity");
    json.writeValue(f.toFile(), bad);
    thrown = assertThrows(IOException.class, () -> store.all());
    assertTrue(thrown.getMessage().contains("throughputOpsPerSec Infinity"), thrown.getMessage());
    json.writeValue(f.toFile(), good);
    assertEquals(1, store.all().size(), "the cell as saved reads");
  }

  /** A log of {@code n} READs at 100 us in three one-second intervals, as YCSB writes it. */
  private static void readLog(Path file, int n) throws IOException {
    Files.createDirectories(file.getParent());
    try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(file))) {
      org.HdrHistogram.HistogramLogWriter w = new org.HdrHistogram.HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputStartTime(1_700_000_000_000L);
      w.outputLegend();
      for (int i = 0; i < 3; i++) {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        h.recordValueWithCount(100, n / 3 + (i < n % 3 ? 1 : 0));
        h.setStartTimeStamp(1_700_000_000_000L + 1000L * i);
        h.setEndTimeStamp(1_700_000_000_000L + 1000L * (i + 1));
        w.outputIntervalHistogram(h);
      }
    }
  }

  @Test
  void anOkCellWhoseCountsItsHistogramLogsDoNotHoldIsRefusedNamingTheFieldAndBothCounts()
      throws IOException {
    ReportLayout layout = new ReportLayout(dir);
    CellStore store = new CellStore(dir);
    readLog(layout.histogram(100, "hdd", "READ"), 1000);
    LatencyStats read = new LatencyStats(1000, 100, 100, 100, 100, 100, 100);
    CellResult good =
        Cells.cell(100, "hdd")
            .run(1003, 10_000, 100.3)
            .latencies(Map.of("READ", read))
            .failedOperations(Map.of("READ", 3L))
            .build();
    store.save(good);
    assertEquals(good, store.load(100, "hdd").orElseThrow(), "logged 1000 + failed 3 = 1003");

    store.save(
        Cells.cell(100, "hdd")
            .run(1003 + 1, 10_000, 100.4)
            .latencies(Map.of("READ", read))
            .failedOperations(Map.of("READ", 3L))
            .build());
    assertEquals(1004, store.load(100, "hdd").orElseThrow().operations(), "within 0.1% or 1");

    store.save(
        Cells.cell(100, "hdd")
            .run(92_543, 10_000, 9254.3)
            .latencies(Map.of("READ", read))
            .failedOperations(Map.of("READ", 3L))
            .build());
    IOException e = assertThrows(IOException.class, store::all);
    assertEquals(
        store.file(100, "hdd")
            + ": operations 92543 while its logs hold 1003 (failed ones included) (changed or"
            + " damaged): restore the file, or delete it and run the sweep again to measure the"
            + " cell",
        e.getMessage());

    LatencyStats more = new LatencyStats(90_000, 100, 100, 100, 100, 100, 100);
    store.save(
        Cells.cell(100, "hdd")
            .run(1003, 10_000, 100.3)
            .latencies(Map.of("READ", more))
            .failedOperations(Map.of("READ", 3L))
            .build());
    e = assertThrows(IOException.class, () -> store.load(100, "hdd"));
    assertTrue(
        e.getMessage()
            .startsWith(
                store.file(100, "hdd")
                    + ": latencies.READ.count 90000 while its logs hold 1000 operations"),
        e.getMessage());

    store.save(
        Cells.cell(100, "hdd")
            .run(1003, 10_000, 100.3)
            .latencies(Map.of("UPDATE", read))
            .failedOperations(Map.of("READ", 3L))
            .build());
    e = assertThrows(IOException.class, () -> store.load(100, "hdd"));
    assertTrue(
        e.getMessage().contains("latencies.READ.count 900 while its logs hold 1000"),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("latencies.UPDATE.count 1000 while its logs hold 0"),
        e.getMessage());
  }

  @Test
  void aFailedCellOrOneWhoseLogsAreGoneIsNotCheckedAgainstThem() throws IOException {
    ReportLayout layout = new ReportLayout(dir);
    CellStore store = new CellStore(dir);
    store.save(Cells.cell(100, "hdd").run(92_543, 10_000, 9254.3).build());
    assertEquals(92_543, store.load(100, "hdd").orElseThrow().operations(), "no logs: unchecked");
    readLog(layout.histogram(100, "hdd", "READ"), 10);
    store.save(CellResult.failed(100, "hdd", ServerKind.DOCKER, "the server restarted"));
    assertFalse(store.load(100, "hdd").orElseThrow().ok(), "a failed cell is never a figure");
  }
}
