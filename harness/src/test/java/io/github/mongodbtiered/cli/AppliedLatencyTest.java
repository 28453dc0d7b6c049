package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.IoLatency;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.DiskProbe;
import io.github.mongodbtiered.volumes.DataVolume;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The asked and applied latency in probe's and disk-baseline's notes, text and CSV. */
class AppliedLatencyTest {
  private static final AppliedLatency NBD_7 = new AppliedLatency(true, LatencyMethod.NBD, 7, "");
  private static final AppliedLatency NBD_0 = new AppliedLatency(true, LatencyMethod.NBD, 0, "");
  private static final AppliedLatency NONE_HERE =
      new AppliedLatency(
          false,
          LatencyMethod.OFF,
          7,
          "latency not applied: no way to add it on this host (dm: not root; nbd: not root)");

  @Test
  void theNoteSaysWhatWasAskedAndHowItWasAppliedOrWhyNot() {
    assertEquals("latency: +7 ms asked, applied by nbd", NBD_7.note());
    assertEquals("latency: none asked, nbd volume adds 0 ms", NBD_0.note());
    // auto's reason starts "latency not applied: " already: said once.
    assertEquals(
        "latency not applied: no way to add it on this host (dm: not root; nbd: not root)"
            + " (+7 ms asked)",
        NONE_HERE.note());
    assertEquals(
        "latency not applied: --latency off (+2.5 ms asked)",
        new AppliedLatency(false, LatencyMethod.OFF, 2.5, "--latency off").note());
    assertEquals("latency: none asked", new AppliedLatency(true, LatencyMethod.OFF, 0, "").note());
  }

  @Test
  void csvColumnsAreAppliedMethodAndAskedMillis() {
    assertEquals("latency_applied,latency_method,latency_asked_ms", AppliedLatency.CSV_COLUMNS);
    assertEquals("true,nbd,7", NBD_7.csvColumns());
    assertEquals("true,nbd,0", NBD_0.csvColumns());
    assertEquals("false,off,7", NONE_HERE.csvColumns());
    assertEquals("true,dm,0.5", new AppliedLatency(true, LatencyMethod.DM, 0.5, "").csvColumns());
  }

  @Test
  void theTextCellMarksLatencyThatWasNotApplied() {
    assertEquals("+7 ms nbd", NBD_7.text());
    assertEquals("0 ms nbd", NBD_0.text());
    assertEquals("+7 ms NOT applied", NONE_HERE.text());
  }

  @Test
  void withoutAVolumeLatencyIsNeverApplied(@TempDir Path dir) throws Exception {
    DataVolume plain = DataVolume.plain(dir, "--latency off");
    AppliedLatency asked7 = AppliedLatency.of(plain, plain.mount(7), 7);
    assertFalse(asked7.applied());
    assertEquals(LatencyMethod.OFF, asked7.method());
    assertEquals("latency not applied: --latency off (+7 ms asked)", asked7.note());
    AppliedLatency asked0 = AppliedLatency.of(plain, plain.mount(0), 0);
    assertFalse(asked0.applied(), "applied only where a volume added it");
    assertEquals("false,off,0", asked0.csvColumns());
    assertEquals("latency: none asked", asked0.note());
  }

  @Test
  void probeRowsCarryTheLatencyColumnsAfterTheDeliveredPercentiles() {
    DiskProbe.Result r =
        new DiskProbe.Result(
            DiskProfiles.builtIn().get("hdd-150"),
            "read",
            4096,
            1,
            5.0,
            690,
            138.0,
            0.54,
            new IoLatency(7200, 7600, 8100, 12000));
    String csv = ProbeTable.csvRow(r, new BlockDevice("/dev/loop3", 7, 3), NBD_7);
    assertTrue(ProbeTable.CSV_HEADER.endsWith(",p99_us,max_us," + AppliedLatency.CSV_COLUMNS));
    assertEquals(
        "hdd-150,read,/dev/loop3,4096,1,5.00,690,138.0,0.540,7200,7600,8100,12000,true,nbd,7", csv);
    assertEquals(ProbeTable.CSV_HEADER.split(",").length, csv.split(",").length);
    String text = ProbeTable.textRow(r, NONE_HERE);
    assertTrue(text.contains("p50     7.20 ms"), text);
    assertTrue(text.endsWith("(4096 B, 1 thread(s), 5.0 s, latency +7 ms NOT applied)"), text);
  }

  @Test
  void baselineRowsAppendTheLatencyToTheSharedTable() {
    BaselineStep s =
        new BaselineStep(
            "san-600",
            "container",
            "read",
            4096,
            4096,
            16,
            5.0,
            3000,
            new BaselineStep.Rate(600.0, 2.4),
            new IoLatency(26000, 40000, 90000, 110000));
    assertTrue(BaselineRows.csvHeader().endsWith(",max_us," + AppliedLatency.CSV_COLUMNS));
    assertTrue(BaselineRows.csvRow(s, NBD_7).endsWith(",90000,110000,true,nbd,7"));
    assertEquals(
        BaselineRows.csvHeader().split(",").length,
        BaselineRows.csvRow(s, NBD_7).split(",").length);
    String header = BaselineRows.textHeader();
    String row = BaselineRows.textRow(s, NBD_7);
    // The latency starts where its header does, after the fixed-width columns.
    assertEquals(header.indexOf("added latency"), row.indexOf("+7 ms nbd"), header + "\n" + row);
  }
}
