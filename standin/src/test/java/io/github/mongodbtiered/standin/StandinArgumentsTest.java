package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StandinArgumentsTest {
  /** A value other than the default for every option that takes one. */
  private static final Map<StandinOption, String> VALUES =
      Map.ofEntries(
          Map.entry(StandinOption.BIND, "127.0.0.2"),
          Map.entry(StandinOption.PORT, "27018"),
          Map.entry(StandinOption.DBPATH, "/tmp/standin-test"),
          Map.entry(StandinOption.STORAGE_ENGINE, "h2"),
          Map.entry(StandinOption.CACHE_MB, "64"),
          Map.entry(StandinOption.CACHE_GB, "0.25"),
          Map.entry(StandinOption.SYNC_DELAY, "5"),
          Map.entry(StandinOption.JOURNAL_COMMIT_INTERVAL, "50"),
          // Holds '=' itself: only the first one ends the option's name.
          Map.entry(StandinOption.ENGINE_CONFIG, "eviction_target=60"),
          Map.entry(StandinOption.BLOCK_COMPRESSOR, "zlib"),
          Map.entry(StandinOption.INDEX_PREFIX_COMPRESSION, "false"),
          Map.entry(StandinOption.EXTRA_COST, "2000"));

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  private StandinArguments parse(String... args) {
    return StandinArguments.parse(args, new PrintStream(printed, true, StandardCharsets.UTF_8));
  }

  @Test
  void everyOptionTakesMongodsTwoSpellingsAlike() {
    StandinArguments defaults = parse();
    for (StandinOption option : StandinOption.values()) {
      for (String name : option.names()) {
        if (!option.takesValue()) {
          assertEquals(defaults.bind(), parse(name).bind(), name);
          assertThrows(IllegalArgumentException.class, () -> parse(name + "=true"), name);
          continue;
        }
        String value = VALUES.get(option);
        StandinArguments apart = parse(name, value);
        assertNotEquals(defaults, apart, name + " " + value + " changed nothing");
        assertEquals(apart, parse(name + "=" + value), name + "=" + value);
      }
    }
    assertEquals("", printed.toString(StandardCharsets.UTF_8), "no option was ignored");
  }

  @Test
  void eachOptionSetsWhatItNames() {
    StandinArguments a =
        parse(
            "--bind_ip=127.0.0.2",
            "--port",
            "27018",
            "--dbpath=/tmp/d",
            "--wiredTigerCacheSizeGB=0.25",
            "--syncdelay=5",
            "--journalCommitInterval",
            "50",
            "--wiredTigerEngineConfigString=eviction_target=60,eviction_trigger=90",
            "--wiredTigerCollectionBlockCompressor=zlib",
            "--wiredTigerIndexPrefixCompression=false",
            "--standinExtraCostMicros=2000");
    assertEquals("127.0.0.2", a.bind());
    assertEquals(27018, a.port());
    assertEquals(Path.of("/tmp/d"), a.dbpath());
    WiredTigerOptions wt = a.wiredTigerOptions();
    assertEquals(256L << 20, wt.cacheBytes());
    assertEquals(5, wt.syncDelaySeconds());
    assertEquals(50, wt.journalCommitIntervalMillis());
    assertEquals("eviction_target=60,eviction_trigger=90", wt.engineConfig());
    assertEquals("zlib", wt.blockCompressor());
    assertEquals(false, wt.indexPrefixCompression());
    assertEquals(2000, wt.extraCostMicros());
  }

  @Test
  void aQuarterOfAGigabyteOfCacheIs256MbInBothSpellings() {
    assertEquals(
        256L << 20, parse("--wiredTigerCacheSizeGB=0.25").wiredTigerOptions().cacheBytes());
    assertEquals(
        256L << 20, parse("--wiredTigerCacheSizeGB", "0.25").wiredTigerOptions().cacheBytes());
    assertEquals(256, parse("--wiredTigerCacheSizeGB=0.25", "--storageEngine=h2").cacheMb());
  }

  @Test
  void withoutOptionsTheDefaultsAreMongods() {
    StandinArguments a = parse();
    assertEquals("0.0.0.0", a.bind());
    assertEquals(27017, a.port());
    assertEquals(-1, a.cacheMb());
    WiredTigerOptions wt = a.wiredTigerOptions();
    assertEquals(WiredTigerOptions.defaults(), wt);
    assertEquals("snappy", wt.blockCompressor());
    assertTrue(wt.indexPrefixCompression());
    assertEquals(0, wt.extraCostMicros());
  }

  @Test
  void otherMongodOptionsAreIgnoredWithANoteInEitherSpelling() {
    StandinArguments a =
        parse("--setParameter=diagnosticDataCollectionEnabled=false", "--slowms", "50", "--quiet");
    assertEquals(parse(), a);
    assertEquals(
        String.join(
            System.lineSeparator(),
            "stand-in: ignoring unsupported option"
                + " --setParameter=diagnosticDataCollectionEnabled=false",
            "stand-in: ignoring unsupported option --slowms 50",
            "stand-in: ignoring unsupported option --quiet",
            ""),
        printed.toString(StandardCharsets.UTF_8));
  }

  @Test
  void wrongValuesNameTheOption() {
    assertEquals(
        "--port needs a whole number, got x",
        assertThrows(IllegalArgumentException.class, () -> parse("--port=x")).getMessage());
    assertEquals(
        "--wiredTigerCacheSizeGB needs a number of GB (e.g. 0.25), got lots",
        assertThrows(IllegalArgumentException.class, () -> parse("--wiredTigerCacheSizeGB=lots"))
            .getMessage());
    assertEquals(
        "--wiredTigerCollectionBlockCompressor must be one of none, snappy, zlib, zstd, got lz4",
        assertThrows(
                IllegalArgumentException.class,
                () -> parse("--wiredTigerCollectionBlockCompressor", "lz4"))
            .getMessage());
    assertEquals(
        "--wiredTigerIndexPrefixCompression needs true or false, got maybe",
        assertThrows(
                IllegalArgumentException.class,
                () -> parse("--wiredTigerIndexPrefixCompression=maybe"))
            .getMessage());
    assertEquals(
        "--standinExtraCostMicros must be >= 0 microseconds, got -1",
        assertThrows(IllegalArgumentException.class, () -> parse("--standinExtraCostMicros=-1"))
            .getMessage());
    assertEquals(
        "--syncdelay needs a value",
        assertThrows(IllegalArgumentException.class, () -> parse("--syncdelay")).getMessage());
  }

  @Test
  void helpPrintsTheUsage() {
    assertNull(parse("--port=1", "--help"));
    assertTrue(
        printed.toString(StandardCharsets.UTF_8).contains("--standinExtraCostMicros N"),
        printed.toString(StandardCharsets.UTF_8));
  }
}
