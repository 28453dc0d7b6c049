package io.github.mongodbtiered.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SizesTest {
  @Test
  void sizesAreParsedWithBinarySuffixes() {
    assertEquals(512, Sizes.parseBytes("512"));
    assertEquals(64 << 10, Sizes.parseBytes("64k"));
    assertEquals(7634L << 20, Sizes.parseBytes("7634MiB"));
    assertEquals(3L << 30, Sizes.parseBytes("3g"));
    assertEquals(1536L << 20, Sizes.parseBytes("1.5G"));
    assertThrows(IllegalArgumentException.class, () -> Sizes.parseBytes("-1"));
    assertThrows(IllegalArgumentException.class, () -> Sizes.parseBytes("lots"));
    assertThrows(IllegalArgumentException.class, () -> Sizes.parseBytes("1e99g"), "overflow");
    assertThrows(IllegalArgumentException.class, () -> Sizes.parseBytes("9000000t"), "overflow");
  }

  @Test
  void theConsoleShowsOneDecimal() {
    assertEquals("512 B", Sizes.format(512));
    assertEquals("1.5 GiB", Sizes.format(1536L << 20));
    assertEquals("256 MiB", Sizes.format(256L << 20));
    assertEquals("3.2 GiB", Sizes.format(3305L << 20));
  }

  @Test
  void theReportShowsSizesAsTheStudyAndTheProfilesGiveThem() {
    assertEquals("2.43 GB", Sizes.decimalBytes(2_430_000_000L));
    assertEquals("24.3 MB", Sizes.decimalBytes(24_300_000L));
    assertEquals("243 kB", Sizes.decimalBytes(243_000L));
    assertEquals("512 B", Sizes.decimalBytes(512));
    assertEquals("2 GiB", Sizes.binaryBytes(2L << 30));
    assertEquals("1.5 MiB", Sizes.binaryBytes(3L << 19));
    assertEquals("1023 B", Sizes.binaryBytes(1023));
    assertEquals("3.228 GiB", Sizes.binaryBytes(3305L << 20));
  }

  @Test
  void trimKeepsThreeDecimalsAtMostAndNoTrailingZeros() {
    assertEquals("2", Sizes.trim(2.0));
    assertEquals("2.5", Sizes.trim(2.5));
    assertEquals("0.333", Sizes.trim(1 / 3.0));
    assertEquals("0", Sizes.trim(0.0001));
  }
}
