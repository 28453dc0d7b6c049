package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StandinServerArgsTest {
  @Test
  void theSettingsAreEveryOptionButWhereItListensAndKeepsItsData() {
    assertEquals(
        List.of(
            "--cache-mb",
            "--wiredTigerCacheSizeGB",
            "--syncdelay",
            "--journalCommitInterval",
            "--wiredTigerEngineConfigString",
            "--wiredTigerCollectionBlockCompressor",
            "--wiredTigerIndexPrefixCompression",
            "--standinExtraCostMicros"),
        StandinServerArgs.settings());
  }

  @Test
  void optionsTheStandinWouldIgnoreAreNamedAsGiven() {
    assertEquals(
        List.of("--setParameter=x=1", "--slowms 50", "--quiet"),
        StandinServerArgs.notUnderstood(
            List.of(
                "--setParameter=x=1",
                "--wiredTigerCollectionBlockCompressor=zlib",
                "--slowms",
                "50",
                "--quiet",
                "--standinExtraCostMicros",
                "100")));
    assertEquals(
        List.of(),
        StandinServerArgs.notUnderstood(
            List.of("--wiredTigerCacheSizeGB=0.25", "--syncdelay", "10")));
  }

  @Test
  void settingsTheStandinActsOnAreNoProblem() {
    assertEquals(
        Optional.empty(),
        StandinServerArgs.problem(
            List.of(
                "--wiredTigerCollectionBlockCompressor=zlib",
                "--wiredTigerIndexPrefixCompression=false",
                "--wiredTigerCacheSizeGB",
                "0.25",
                "--standinExtraCostMicros=2000")));
    assertEquals(Optional.empty(), StandinServerArgs.problem(List.of()));
  }

  @Test
  void anIgnoredOptionIsAProblemThatSaysWhatTheStandinActsOn() {
    String why =
        StandinServerArgs.problem(List.of("--syncdelay=5", "--setParameter=x=1")).orElseThrow();
    assertTrue(
        why.startsWith(
            "the stand-in (mongo-java-server on WiredTiger, not MongoDB) ignores"
                + " --setParameter=x=1: a variant differing by it would measure nothing;"
                + " it acts on --cache-mb, --wiredTigerCacheSizeGB,"),
        why);
    assertTrue(why.endsWith("--standinExtraCostMicros"), why);
  }

  @Test
  void wrongValuesAndTheHarnesssOwnOptionsAreProblems() {
    assertEquals(
        Optional.of(
            "the stand-in would not start: --standinExtraCostMicros needs a whole number,"
                + " got lots"),
        StandinServerArgs.problem(List.of("--standinExtraCostMicros=lots")));
    assertEquals(
        Optional.of(
            "--port, --dbpath: where the stand-in listens, keeps its data and on which engine are"
                + " the harness's to choose, not a server option's"),
        StandinServerArgs.problem(List.of("--port=1", "--dbpath", "/x", "--port=2")));
  }

  @Test
  void aCompressorThisWiredTigerLacksIsAProblemNamingThoseItHas() {
    List<String> there = WiredTigerEngine.blockCompressors();
    assertTrue(there.containsAll(List.of("none", "snappy")), there.toString());
    assumeFalse(there.contains("zstd"), "this host's WiredTiger has zstd");
    assertEquals(
        Optional.of(
            "--wiredTigerCollectionBlockCompressor zstd: this host's WiredTiger has no zstd"
                + " extension, so neither has the stand-in image built here; it has "
                + String.join(", ", there)),
        StandinServerArgs.problem(List.of("--wiredTigerCollectionBlockCompressor=zstd")));
  }

  @Test
  void applyingSettingsChangesOnlyWhatTheyName() {
    WiredTigerOptions base = WiredTigerOptions.defaults().withCacheBytes(64L << 20);
    assertEquals(base, StandinServerArgs.applyTo(base, List.of()));
    assertEquals(
        base.withBlockCompressor("zlib").withExtraCostMicros(2000),
        StandinServerArgs.applyTo(
            base,
            List.of(
                "--wiredTigerCollectionBlockCompressor=zlib", "--standinExtraCostMicros=2000")));
    assertEquals(
        base.withCacheBytes(256L << 20),
        StandinServerArgs.applyTo(base, List.of("--wiredTigerCacheSizeGB=0.25")));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> StandinServerArgs.applyTo(base, List.of("--setParameter=x=1")));
    assertTrue(e.getMessage().contains("ignores --setParameter=x=1"), e.getMessage());
  }
}
