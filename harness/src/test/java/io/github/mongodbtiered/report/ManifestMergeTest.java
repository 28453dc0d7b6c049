package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.ToolBuild;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManifestMergeTest {
  private static final RunManifest PLAIN = RunManifestTest.manifest(List.of("hdd"));

  private static RunManifest built(String commit, String imageId) {
    RunManifest.Builder b = PLAIN.toBuilder().toolBuild(new ToolBuild(commit, false));
    return imageId == null ? b.build() : b.imageId("mongo:7.0", imageId).build();
  }

  @Test
  void clientsOfOtherBuildsAreWarnedOfAndTheFirstClientsAreKept() {
    RunManifest a = built("a".repeat(40), "sha256:1");
    RunManifest b = built("b".repeat(40), "sha256:2");
    RunManifest merged = ManifestMerge.merge(List.of(a, b), List.of("c0", "c1"));
    assertTrue(
        merged
            .warnings()
            .contains(
                "tool build differs between the merged reports: c0 has aaaaaaaaaaaa, c1 has"
                    + " bbbbbbbbbbbb"),
        merged.warnings().toString());
    assertTrue(
        merged
            .warnings()
            .contains(
                "image ID differs between the merged reports: c0 has {mongo:7.0=sha256:1},"
                    + " c1 has {mongo:7.0=sha256:2}"),
        merged.warnings().toString());
    assertEquals(a.buildIds(), merged.buildIds());
  }

  @Test
  void aClientThatRecordedNoBuildIsNoDifference() {
    RunManifest merged =
        ManifestMerge.merge(List.of(built("a".repeat(40), "sha256:1"), PLAIN), List.of("c0", "c1"));
    assertFalse(merged.warnings().toString().contains("build"), merged.warnings().toString());
    assertFalse(merged.warnings().toString().contains("image ID"), merged.warnings().toString());
  }
}
