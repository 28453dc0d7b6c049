package io.github.mongodbtiered.results;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TierMismatchTest {
  private static CellResult cell(ServerKind server, Tier predicted, Tier observed) {
    return CellResult.builder(300_000, "slow-small", server)
        .run(1000, 10_000, 100)
        .tiers(predicted, observed)
        .build();
  }

  @Test
  void tiersThatDifferAreAMismatchWhereTheProfilesMemoryDescribesTheServer() {
    assertTrue(cell(ServerKind.DOCKER, Tier.FAR_OVER, Tier.FS_CACHE).tierMismatch());
    assertTrue(cell(ServerKind.URL, Tier.FAR_OVER, Tier.FS_CACHE).tierMismatch());
    assertFalse(cell(ServerKind.DOCKER, Tier.FS_CACHE, Tier.FS_CACHE).tierMismatch());
    assertFalse(cell(ServerKind.DOCKER, null, Tier.FS_CACHE).tierMismatch(), "nothing predicted");
  }

  @Test
  void onTheEmbeddedServerTheProfilesMemoryIsALabelSoNoTierDiffersFromIt() {
    assertFalse(cell(ServerKind.EMBEDDED, Tier.FAR_OVER, Tier.FS_CACHE).tierMismatch());
  }
}
