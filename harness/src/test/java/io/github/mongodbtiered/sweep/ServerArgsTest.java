package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServerArgsTest {
  @Test
  void runtimeOptionsLeaveTheDataFilesAndOthersShapeThem() {
    assertEquals(List.of(), ServerArgs.storageArgs(List.of()));
    assertEquals(
        List.of(),
        ServerArgs.storageArgs(
            List.of(
                "--wiredTigerCacheSizeGB=4",
                "--setParameter",
                "wiredTigerConcurrentReadTransactions=64",
                "--standinExtraCostMicros=100",
                "--slowms",
                "50")));
    assertEquals(
        List.of("--wiredTigerCollectionBlockCompressor=zlib"),
        ServerArgs.storageArgs(
            List.of("--wiredTigerCacheSizeGB", "1", "--wiredTigerCollectionBlockCompressor=zlib")));
    // An option the list does not know counts as shaping the files, with its value.
    assertEquals(
        List.of("--directoryperdb", "--wiredTigerJournalCompressor", "zstd"),
        ServerArgs.storageArgs(
            List.of("--directoryperdb", "--wiredTigerJournalCompressor", "zstd", "--quiet")));
  }
}
