package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.BurstStart;
import io.github.mongodbtiered.profiles.CloudVolumes;
import io.github.mongodbtiered.profiles.DiskProfile;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class VariantsTest {
  private static final Path OUT = Path.of("/tmp/variants-test");

  private static Variant variant(String name, List<String> args) {
    SweepOptions o = SweepOptions.defaults(new Properties(), OUT);
    return new Variant(name, args, o.withServer(s -> s.withArgs(args)));
  }

  @Test
  void theOrdersAreDrawnFromTheSeedTheCellAndTheRoundAlone() {
    Variants v =
        Variants.of(
            List.of(variant("a", List.of()), variant("b", List.of()), variant("c", List.of())),
            5,
            42);
    assertEquals(v.order(2000, "p", 3), v.order(2000, "p", 3));
    Variants again =
        Variants.of(
            List.of(variant("a", List.of()), variant("b", List.of()), variant("c", List.of())),
            5,
            42);
    assertEquals(names(v.order(2000, "p", 3)), names(again.order(2000, "p", 3)));
    // Over many rounds every variant runs first about as often as the others.
    Map<String, Integer> first = new HashMap<>();
    for (int round = 1; round <= 600; round++) {
      first.merge(v.order(2000, "p", round).get(0).name(), 1, Integer::sum);
    }
    first.values().forEach(n -> assertTrue(n > 150 && n < 250, first.toString()));
    assertNotEquals(
        List.of(names(v.order(2000, "p", 1)), names(v.order(2000, "p", 2))),
        List.of(names(v.order(4000, "q", 1)), names(v.order(4000, "q", 2))),
        "another cell draws its own orders (with this seed)");
  }

  @Test
  void twoVariantsRunFirstAboutAsOftenRoundAfterRound() {
    for (long seed : new long[] {0, 1, 42, -7, Long.MAX_VALUE}) {
      Variants v = Variants.of(List.of(variant("a", List.of()), variant("b", List.of())), 5, seed);
      int aFirst = 0;
      int sameAsBefore = 0;
      String before = "";
      for (int round = 1; round <= 200; round++) {
        String first = v.order(20_000, "fast-small", round).get(0).name();
        aFirst += first.equals("a") ? 1 : 0;
        sameAsBefore += first.equals(before) ? 1 : 0;
        before = first;
      }
      // A fair coin: 100 of 200 give or take 2.6 standard deviations.
      assertTrue(aFirst > 70 && aFirst < 130, seed + ": a first in " + aFirst + " of 200");
      assertTrue(
          sameAsBefore > 70 && sameAsBefore < 130,
          seed + ": the same order as the round before in " + sameAsBefore + " of 199");
    }
  }

  private static List<String> names(List<Variant> vs) {
    return vs.stream().map(Variant::name).toList();
  }

  @Test
  void variantsThatReadTheSameFilesShareADataSetAndTheOthersLoadTheirOwnBesideIt() {
    Variants v =
        Variants.of(
            List.of(
                variant("base", List.of()),
                variant("bigcache", List.of("--wiredTigerCacheSizeGB=2")),
                variant("zlib", List.of("--wiredTigerCollectionBlockCompressor=zlib"))),
            5,
            1);
    assertEquals(2, v.dataGroups().size());
    assertEquals("base", v.dataSetOf(v.named("bigcache")).name());
    assertEquals("zlib", v.dataSetOf(v.named("zlib")).name());
    assertEquals(OUT.resolve("data"), v.named("base").options().server().dataDir());
    assertEquals(OUT.resolve("data"), v.named("bigcache").options().server().dataDir());
    assertEquals(OUT.resolve("data-zlib"), v.named("zlib").options().server().dataDir());
  }

  @Test
  void twoOrMoreVariantsOfDistinctNamesAndTwoOrMoreRounds() {
    assertThrows(
        IllegalArgumentException.class, () -> Variants.of(List.of(variant("a", List.of())), 5, 1));
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> Variants.of(List.of(variant("a", List.of()), variant("a", List.of())), 5, 1));
    assertTrue(twice.getMessage().contains("given twice"), twice.getMessage());
    IllegalArgumentException one =
        assertThrows(
            IllegalArgumentException.class,
            () -> Variants.of(List.of(variant("a", List.of()), variant("b", List.of())), 1, 1));
    assertTrue(one.getMessage().startsWith("--rounds"), one.getMessage());
    for (String bad : List.of("", "-x", "a/b", "a b", "../up", "x".repeat(41))) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> variant(bad, List.of()));
      assertTrue(e.getMessage().startsWith("--variant "), e.getMessage());
    }
  }

  @Test
  void eachVariantDrawsOnABurstBucketOfItsOwnAsOnAVolumeOfItsOwn() {
    DiskProfile gp2 = CloudVolumes.shipped().profile("gp2:100GiB");
    DiskProfile gp2Large = CloudVolumes.shipped().profile("gp2:200GiB");
    DockerTarget target = new DockerTarget("img", List.of(), null, BurstStart.parse("27000"));
    target.configure("a", "img", List.of());
    BurstBucket a = target.bucket(gp2);
    a.after(1, 3000);
    assertSame(a, target.bucket(gp2), "a profile's bucket is kept from cell to cell");
    assertNotSame(a, target.bucket(gp2Large));
    target.configure("b", "img", List.of());
    BurstBucket b = target.bucket(gp2);
    assertNotSame(a, b);
    assertEquals(27_000, b.credits(), 1e-9, "b starts as the sweep said, untouched by a's turn");
    target.configure("a", "img", List.of());
    assertSame(a, target.bucket(gp2));
  }

  @Test
  void anEmptyStartGivesEveryCellsServerANewEmptyBucket() {
    DiskProfile gp2 = CloudVolumes.shipped().profile("gp2:100GiB");
    DockerTarget target = new DockerTarget("img", List.of(), null, BurstStart.EMPTY);
    BurstBucket first = target.bucket(gp2);
    first.after(60, 0); // a cell in the filesystem cache: a minute of earning, nothing read
    assertEquals(18_000, first.credits(), 1e-9);
    assertEquals(0, target.bucket(gp2).credits(), 1e-9, "not the credits the cell before earned");
  }
}
