package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.sweep.SweepOptions;
import io.github.mongodbtiered.sweep.Variant;
import io.github.mongodbtiered.sweep.Variants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given variants on the command line, the sweep gets each variant's options, or a clear refusal.
 */
class VariantOptionsTest {
  @TempDir Path dir;

  @BeforeEach
  void noUrlFromTheEnvironment() {
    assumeTrue(System.getenv(ServerOptions.URL_VARIABLE) == null, "MONGODB_URL is set here");
  }

  private Variants variants(String... args) throws Exception {
    SweepCommand sweep = new SweepCommand();
    List<String> all = new ArrayList<>(List.of("--out", dir.toString(), "--server", "embedded"));
    all.addAll(List.of(args));
    new CommandLine(sweep).parseArgs(all.toArray(new String[0]));
    return sweep.variantOptions.variants(sweep.options());
  }

  private void refused(String says, String... args) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> variants(args));
    assertTrue(e.getMessage().contains(says), e::getMessage);
  }

  @Test
  void aFractionOfAMillisecondIsRefusedWhereAVolumeWouldDropIt() throws Exception {
    Path profiles = dir.resolve("p.profiles");
    Files.writeString(profiles, "[half]\nread-iops = 150\nadded-latency-ms = 7.5\n");
    refused(
        "profile half asks +7.5 ms", "--profiles-file", profiles.toString(), "--profiles", "half");
    assertNull(
        variants("--profiles-file", profiles.toString(), "--profiles", "half", "--latency", "off"),
        "no volume adds it: the latency is a label");
  }

  @Test
  void withoutVariantsTheSweepIsItsOwn() throws Exception {
    assertNull(variants());
  }

  @Test
  void eachVariantIsTheSweepsOptionsWithItsOwnChanges() throws Exception {
    Variants v =
        variants(
            "--variant",
            "base=",
            "--variant",
            "other=--standin-extra-cost 100 --threads 8 -p 'readproportion=0.9'"
                + " -p updateproportion=0.1 --disk added-latency-ms=8"
                + " --server-arg=--wiredTigerCacheSizeGB=0.5",
            "--rounds",
            "4",
            "--seed",
            "7");
    assertEquals(4, v.rounds());
    assertEquals(7, v.seed());
    SweepOptions base = v.named("base").options();
    SweepOptions other = v.named("other").options();
    assertEquals(dir.toAbsolutePath().resolve("variants/base"), base.outDir());
    assertEquals(dir.toAbsolutePath().resolve("variants/other"), other.outDir());
    assertEquals(4, base.runs().repeats(), "each round is one of the variant's runs");
    assertTrue(base.runs().coldCells());
    assertEquals(100, other.server().standinExtraCostMicros());
    assertEquals(0, base.server().standinExtraCostMicros());
    assertEquals(8, other.workload().threads());
    assertEquals("0.9", other.workload().properties().getProperty("readproportion"));
    assertEquals("1", base.workload().properties().getProperty("readproportion"));
    assertEquals(8, other.profiles().get(0).addedLatencyMillis());
    assertEquals(base.profiles().get(0).name(), other.profiles().get(0).name());
    assertEquals(List.of("--wiredTigerCacheSizeGB=0.5"), other.server().args());
    assertEquals(
        "base", v.dataSetOf(v.named("other")).name(), "a cache size leaves the files alike");
    assertEquals(List.of(), v.named("base").given());
  }

  @Test
  void variantsComeFromAFileToo() throws Exception {
    Path file = dir.resolve("variants.txt");
    Files.writeString(file, "# two variants\nbase=\n\n  slow=--standin-extra-cost 50  \n");
    Variants v = variants("--variants-file", file.toString());
    assertEquals(List.of("base", "slow"), v.all().stream().map(Variant::name).toList());
    assertEquals(5, v.rounds(), "the default rounds");
  }

  @Test
  void roundsStopEarlyOnlyWhenAsked() throws Exception {
    assertNull(variants("--variant", "a=", "--variant", "b=").earlyStop());
    Variants v = variants("--variant", "a=", "--variant", "b=", "--rounds", "7", "--stop-early");
    assertTrue(v.stopEarly());
    assertEquals(0.9975, v.earlyStop().level(), 1e-12);
  }

  @Test
  void whatCannotBeAVariantIsRefusedNamingIt() {
    refused("give NAME=OPTIONS", "--variant", "a", "--variant", "b=");
    refused("two or more variants", "--variant", "a=");
    refused("given twice", "--variant", "a=", "--variant", "a=");
    refused(
        "--variant b=...: Unknown options: '--seconds'",
        "--variant",
        "a=",
        "--variant",
        "b=--seconds 5");
    refused("a variant may set --image", "--variant", "a=", "--variant", "b=--seconds 5");
    refused("--rounds", "--variant", "a=", "--variant", "b=", "--rounds", "1");
    refused("--rounds: rounds are of variants", "--rounds", "3");
    refused("--stop-early: rounds are of variants", "--stop-early");
    refused(
        "--stop-early: the rounds may stop after round 3 at the earliest, before the last; with"
            + " --rounds 3 there is no such round: give --rounds 4 or more",
        "--variant",
        "a=",
        "--variant",
        "b=",
        "--rounds",
        "3",
        "--stop-early");
    refused("--repeats", "--variant", "a=", "--variant", "b=", "--repeats", "3");
    refused("--disk", "--variant", "a=", "--variant", "b=--disk speed=9");
    refused("added-latency-ms", "--variant", "a=", "--variant", "b=--disk added-latency-ms=x");
    refused(
        "profile hdd-150 asks +7.5 ms of added latency: the delayed volume adds whole milliseconds;"
            + " give 7 or 8 as its added-latency-ms, or --latency off",
        "--variant",
        "a=",
        "--variant",
        "b=--disk added-latency-ms=7.5",
        "--profiles",
        "hdd-150");
    refused("mongodb.url", "--variant", "a=", "--variant", "b=-p mongodb.url=mongodb://h/x");
    refused("quote", "--variant", "a=", "--variant", "b=-p 'x=1");
    refused("letters, digits", "--variant", "a b=", "--variant", "c=");
    refused("no such file", "--variants-file", dir.resolve("none").toString());
  }

  @Test
  void alternatingVariantsShareOneClientsWorkloadAndEachLoadsItsOwnData() throws Exception {
    Variants v =
        variants("--variant", "a=", "--variant", "b=--standin-extra-cost 50", "--alternate");
    assertEquals(Variants.DEFAULT_SLICE_MILLIS, v.sliceMillis());
    assertEquals(2, v.dataGroups().size(), "every server runs at once, each on its own files");
    assertEquals(v.all().get(0), v.copyOf(v.all().get(1)), "b's files a copy of a's");
    assertNull(v.copyOf(v.all().get(0)), "a loads its own");
    Variants zlib =
        variants(
            "--variant",
            "a=",
            "--variant",
            "z=--server-arg=--wiredTigerCollectionBlockCompressor=zlib",
            "--variant",
            "z2=--server-arg=--wiredTigerCollectionBlockCompressor=zlib --standin-extra-cost 5",
            "--alternate");
    assertNull(zlib.copyOf(zlib.all().get(1)), "other files than a's: z loads its own");
    assertEquals(zlib.all().get(1), zlib.copyOf(zlib.all().get(2)), "z2 reads z's files");
    Variants backToBack = variants("--variant", "a=", "--variant", "b=");
    assertNull(backToBack.copyOf(backToBack.all().get(1)), "back to back, b shares a's files");
    assertEquals(
        250, variants("--variant", "a=", "--variant", "b=", "--alternate", "250").sliceMillis());
    assertEquals(0, variants("--variant", "a=", "--variant", "b=").sliceMillis());

    refused(
        "--alternate: give 100 to 60000", "--variant", "a=", "--variant", "b=", "--alternate", "5");
    refused(
        "--alternate: variants a and b differ in -p",
        "--variant",
        "a=",
        "--variant",
        "b=-p fieldcount=3",
        "--alternate");
    refused(
        "--alternate 0: give 100 to 60000",
        "--variant",
        "a=",
        "--variant",
        "b=",
        "--alternate",
        "0");
    refused("differ in --threads", "--variant", "a=", "--variant", "b=--threads 3", "--alternate");
    refused(
        "drop --target", "--variant", "a=", "--variant", "b=", "--alternate", "--target", "100");
    refused(
        "drop --operations",
        "--variant",
        "a=",
        "--variant",
        "b=",
        "--alternate",
        "--operations",
        "100");
    refused("--alternate: rounds are of variants", "--alternate");
  }

  @Test
  void aDeploymentGivenByUrlCannotBeRestartedPerRound() {
    SweepCommand sweep = new SweepCommand();
    new CommandLine(sweep)
        .parseArgs(
            "--out",
            dir.toString(),
            "--mongodb-url",
            "mongodb://127.0.0.1:1/x",
            "--variant",
            "a=",
            "--variant",
            "b=");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> sweep.variantOptions.variants(sweep.options()));
    assertTrue(e.getMessage().contains("--mongodb-url"), e::getMessage);
  }
}
