package io.github.mongodbtiered.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shipped cloud volumes, sized on the command line as a user sizes a volume. */
class CloudVolumesTest {
  private static final long MIB = 1L << 20;
  private static final DiskProfiles KNOWN = DiskProfiles.builtIn();

  @Test
  void gp3IsItsIncludedFiguresUnlessProvisionedHigher() {
    DiskProfile gp3 = KNOWN.get("gp3");
    assertEquals("gp3", gp3.name());
    assertEquals(3000, gp3.readIops());
    assertEquals(3000, gp3.writeIops());
    assertEquals(125 * MIB, gp3.readBytesPerSec());
    assertEquals(125 * MIB, gp3.writeBytesPerSec());
    assertEquals(1, gp3.addedLatencyMillis());
    assertEquals(DiskProfiles.STUDY_MEMORY_BYTES, gp3.memoryBytes());
    assertTrue(gp3.description().contains("docs.aws.amazon.com"), gp3.description());

    DiskProfile more = KNOWN.get("gp3:6000iops:250MiBps");
    assertEquals("gp3-6000iops-250mibps", more.name());
    assertEquals(6000, more.readIops());
    assertEquals(250 * MIB, more.readBytesPerSec());
  }

  @Test
  void gp2IsSizedBySizeAndSaysItsBurstIsNotEmulated() {
    DiskProfile small = KNOWN.get("gp2:100GiB");
    assertEquals("gp2-100gib", small.name());
    assertEquals(300, small.readIops());
    assertEquals(128 * MIB, small.readBytesPerSec());
    assertTrue(small.description().contains("bursts to 3000 IOPS"), small.description());
    assertEquals(100, KNOWN.get("gp2:10GiB").readIops(), "at least 100 IOPS");
    DiskProfile big = KNOWN.get("gp2:2TiB");
    assertEquals(6144, big.readIops());
    assertEquals(250 * MIB, big.readBytesPerSec());
    assertFalse(big.description().contains("bursts"), "a baseline above 3000 never bursts");
  }

  @Test
  void provisionedAndPerGibTypesFollowTheirDocuments() {
    DiskProfile io2 = KNOWN.get("io2:20000iops");
    assertEquals(20000, io2.readIops());
    assertEquals(1000 * MIB, io2.readBytesPerSec(), "256 KiB an I/O, at most 1000 MiB/s");
    assertEquals(0, io2.addedLatencyMillis());
    assertEquals(2000 * 256 * 1024L, KNOWN.get("io2:2000iops").readBytesPerSec());

    DiskProfile pdSsd = KNOWN.get("pd-ssd:1TiB");
    assertEquals(6000 + 30 * 1024, pdSsd.readIops());
    assertEquals(Math.round((240 + 0.48 * 1024) * MIB), pdSsd.readBytesPerSec());
    DiskProfile balanced = KNOWN.get("pd-balanced:500GiB");
    assertEquals(3000 + 6 * 500, balanced.readIops());
    assertEquals(Math.round((140 + 0.28 * 500) * MIB), balanced.readBytesPerSec());

    DiskProfile p30 = KNOWN.get("azure-p30");
    assertEquals(5000, p30.readIops());
    assertEquals(200_000_000L, p30.readBytesPerSec(), "Azure states decimal MB/s");
    assertEquals(8000, KNOWN.get("azure-ssd-v2:8000iops").readIops());
  }

  @Test
  void aSpecThatCannotBeSizedSaysHow() {
    assertError("gp2", "gp2 is sized by its size: give it, e.g. gp2:500GiB");
    assertError("io2", "io2 is provisioned: give its IOPS, e.g. io2:20000iops");
    assertError("gp3:20000iops", "gp3 is provisioned from 3000 to 16000 IOPS");
    assertError("gp3:100GiB", "gp3 takes iops, mibps, mbps, not gib");
    assertError("azure-p30:1TiB", "azure-p30 is a fixed tier; give it alone");
    assertError("gp2:lots", "'lots' is not a size or rate");
    assertError("gp2:100GiB:200GiB", "gib given twice");
    assertError("gp2:", "'' is not a size or rate");
    assertError("gp9", "unknown profile 'gp9'");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KNOWN.get("x"));
    assertTrue(e.getMessage().contains("cloud volumes gp3[:Niops], gp2:SIZE"), e.getMessage());
  }

  @Test
  void everyShippedTypeNamesItsSourceAndTheDayItWasRead() {
    CloudVolumes cloud = CloudVolumes.shipped();
    assertTrue(cloud.typeNames().size() >= 12, cloud.typeNames().toString());
    for (String name : cloud.typeNames()) {
      Map<String, String> t = cloud.type(name);
      assertTrue(t.get("source").startsWith("https://"), name + ": " + t);
      assertTrue(t.get("read").matches("\\d{4}-\\d{2}-\\d{2}"), name + ": " + t);
      assertTrue(t.containsKey("latency-class"), name);
      double latency = cloud.latencyMillis(name);
      assertEquals(Math.rint(latency), latency, name + ": the volume applies whole milliseconds");
    }
  }

  private static void assertError(String spec, String expected) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> KNOWN.get(spec));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
