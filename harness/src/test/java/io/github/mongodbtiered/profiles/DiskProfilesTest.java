package io.github.mongodbtiered.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskProfilesTest {
  @TempDir Path dir;

  @Test
  void builtInProfilesAreTheStudys() {
    DiskProfiles p = DiskProfiles.builtIn();
    assertEquals(
        List.of("io1-5000", "san-600", "hdd-150", "none"),
        p.all().stream().map(DiskProfile::name).toList());
    DiskProfile hdd = p.get("hdd-150");
    assertEquals(150, hdd.readIops());
    assertEquals(7, hdd.addedLatencyMillis());
    assertEquals(7634L << 20, hdd.memoryBytes());
    // MongoDB's default cache: 50% of (7634 MB - 1 GB) = 3305 MB.
    assertEquals(OptionalLong.of(3305L << 20), hdd.effectiveCacheBytes());
    assertEquals(600, p.get("san-600").readIops());
    assertEquals(0, p.get("io1-5000").addedLatencyMillis());
    assertFalse(p.get("none").throttlesDisk());
    assertTrue(p.get("none").effectiveCacheBytes().isEmpty());
  }

  @Test
  void aProfileWrittenAsASectionReadsBackTheSame() throws Exception {
    DiskProfile odd =
        DiskProfile.named("odd")
            .description("a # in it, and 1.5 ms")
            .readIops(150)
            .writeIops(75)
            .readBytesPerSec(40L << 20)
            .addedLatencyMillis(1.5)
            .memoryBytes(5_591_940_710L)
            .wiredTigerCacheBytes(3305L << 20)
            .build();
    DiskProfile hdd = DiskProfiles.builtIn().get("hdd-150").toBuilder("hdd-copy").build();
    Path f = dir.resolve("written.profiles");
    Files.writeString(f, DiskProfiles.section(odd) + "\n" + DiskProfiles.section(hdd));
    DiskProfiles back = DiskProfiles.builtInAnd(f);
    assertEquals(odd.toBuilder().description("a   in it, and 1.5 ms").build(), back.get("odd"));
    assertEquals(hdd, back.get("hdd-copy"));
    assertTrue(back.get("hdd-copy").wiredTigerCacheBytes().isEmpty(), "the default cache stays so");
  }

  @Test
  void theDefaultCacheIsAtLeast256Mb() {
    DiskProfile small = DiskProfile.named("small").memoryBytes(1L << 30).build();
    assertEquals(OptionalLong.of(256L << 20), small.effectiveCacheBytes());
  }

  @Test
  void unknownProfileNamesTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DiskProfiles.builtIn().get("ssd"));
    assertTrue(e.getMessage().contains("io1-5000, san-600, hdd-150, none"), e.getMessage());
  }

  @Test
  void aUserFileAddsProfiles() throws Exception {
    Path f =
        write(
            "# my lab",
            "[nvme-20k]",
            "description = local NVMe capped",
            "read-iops = 20000",
            "write-iops = 20000  # same both ways",
            "read-bandwidth = 400m",
            "memory = 8g",
            "wiredtiger-cache = 3g",
            "",
            "[hdd-100]",
            "read-iops = 100",
            "memory = 7634m",
            "added-latency-ms = 7.5");
    DiskProfiles p = DiskProfiles.builtInAnd(f);
    DiskProfile nvme = p.get("nvme-20k");
    assertEquals(20000, nvme.writeIops());
    assertEquals(400L << 20, nvme.readBytesPerSec());
    assertEquals(OptionalLong.of(3L << 30), nvme.effectiveCacheBytes());
    assertEquals(100, p.get("hdd-100").readIops());
    assertEquals(7.5, p.get("hdd-100").addedLatencyMillis());
    assertEquals(150, p.get("hdd-150").readIops(), "the built-in is untouched");
    assertEquals(6, p.all().size());
  }

  @Test
  void errorsNameTheFileLineAndField() throws Exception {
    assertError(
        "profiles.conf:3: field 'read-iops': 'fast' is not a whole number",
        "[x]",
        "memory = 1g",
        "read-iops = fast");
    assertError("profiles.conf:2: unknown field 'iops'", "[x]", "iops = 5");
    assertError("profiles.conf:1: a field before any [profile-name] section", "read-iops = 5");
    assertError("profiles.conf:2: expected 'field = value'", "[x]", "read-iops 5");
    assertError("profiles.conf:3: field 'memory' is set twice", "[x]", "memory=1g", "memory=2g");
    assertError("profiles.conf:3: profile 'x' is defined twice", "[x]", "", "[x]");
    assertError("profiles.conf:2: field 'memory': '8 gigs' is not a size", "[x]", "memory=8 gigs");
    assertError(
        "profiles.conf:1: profile x: the WiredTiger cache must be smaller than the memory limit",
        "[x]",
        "memory=1g",
        "wiredtiger-cache=2g");
    assertError("profiles.conf: no [profile-name] section", "# empty");
    assertError(
        "profiles.conf:2: [hdd-150] redefines the built-in profile hdd-150: give yours another"
            + " name, e.g. [hdd-150-custom]",
        "",
        "[hdd-150]",
        "read-iops = 100");
    assertError("profiles.conf:1: profile name 'a b'", "[a b]");
  }

  private void assertError(String expected, String... lines) throws Exception {
    Path f = write(lines);
    ProfileFileException e = assertThrows(ProfileFileException.class, () -> ProfileFile.parse(f));
    String message = e.getMessage().replace(f.toString(), "profiles.conf");
    assertTrue(message.startsWith(expected), message);
  }

  private Path write(String... lines) throws Exception {
    Path f = dir.resolve("profiles.conf");
    Files.write(f, List.of(lines));
    return f;
  }
}
