package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class WordsTest {
  @Test
  void aVariantsOptionsSplitAsAShellSplitsThem() {
    assertEquals(List.of(), Words.split(""));
    assertEquals(List.of(), Words.split("   "));
    assertEquals(
        List.of("--server-arg=--wiredTigerCollectionBlockCompressor=zlib", "--threads", "8"),
        Words.split("  --server-arg=--wiredTigerCollectionBlockCompressor=zlib   --threads 8 "));
    assertEquals(List.of("-p", "a b", "c"), Words.split("-p 'a b' c"));
    assertEquals(List.of("-p", "x=\"y\" z"), Words.split("-p \"x=\\\"y\\\" z\""));
    assertEquals(List.of("a b"), Words.split("a\\ b"));
    assertEquals(List.of("it's"), Words.split("it\\'s"));
    assertEquals(List.of("ab"), Words.split("a''b"));
  }

  @Test
  void anOpenQuoteOrATrailingBackslashIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> Words.split("-p 'a"));
    assertThrows(IllegalArgumentException.class, () -> Words.split("-p \"a"));
    assertThrows(IllegalArgumentException.class, () -> Words.split("a\\"));
  }
}
