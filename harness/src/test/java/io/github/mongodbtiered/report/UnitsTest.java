package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class UnitsTest {
  @Test
  void sizesReadAsTheStudyAndTheProfilesGiveThem() {
    assertEquals("2.43 GB", Units.decimalBytes(2_430_000_000L));
    assertEquals("24.3 MB", Units.decimalBytes(24_300_000L));
    assertEquals("243 kB", Units.decimalBytes(243_000L));
    assertEquals("512 B", Units.decimalBytes(512));
    assertEquals("2 GiB", Units.binaryBytes(2L << 30));
    assertEquals("1.5 MiB", Units.binaryBytes(3L << 19));
    assertEquals("1023 B", Units.binaryBytes(1023));
  }

  @Test
  void trimKeepsThreeDecimalsAtMostAndNoTrailingZeros() {
    assertEquals("2", Units.trim(2.0));
    assertEquals("2.5", Units.trim(2.5));
    assertEquals("0.333", Units.trim(1 / 3.0));
    assertEquals("0", Units.trim(0.0001));
  }
}
