package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.EnvironmentFacts;
import io.github.mongodbtiered.results.IoLatency;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.ToolBuild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunManifestTest {
  private static final String PASSWORD = "s3cr%40t-Pw";

  @TempDir Path dir;

  static RunManifest manifest(List<String> profileNames) {
    List<DiskProfile> profiles =
        profileNames.stream()
            .map(
                n ->
                    DiskProfile.named(n)
                        .description("d")
                        .iops(150)
                        .addedLatencyMillis(7)
                        .memoryBytes(2L << 30)
                        .build())
            .toList();
    Map<String, Map<String, String>> enforcement = new LinkedHashMap<>();
    enforcement.put("hdd", Map.of("read_iops", "150", "latency", "not applied"));
    Map<String, String> props = new LinkedHashMap<>();
    props.put("recordcount", "1000");
    props.put("mongodb.url", "mongodb://bench:" + PASSWORD + "@db:27017/ycsb?w=1");
    props.put("mongodb.password", PASSWORD);
    return RunManifest.builder()
        .toolVersion("0.1.0")
        .startedAt(Instant.parse("2025-01-02T03:04:05.123Z"))
        .finishedAt(Instant.parse("2025-01-02T05:00:00Z"))
        .commandLine(
            List.of(
                "sweep",
                "--url",
                "mongodb+srv://bench:" + PASSWORD + "@cluster.example.net/?retryWrites=true",
                "-p",
                "mongodb.password=" + PASSWORD,
                "--password",
                PASSWORD,
                "--records",
                "1000,2000"))
        .server(ServerKind.DOCKER, "mongo:7.0", "7.0.14")
        .profiles(profiles)
        .enforcement(enforcement)
        .warnings(List.of("could not reach mongodb://bench:" + PASSWORD + "@db:27017"))
        .recordCounts(List.of(1000L, 2000L))
        .workloadProperties(props)
        .environment(
            new EnvironmentFacts(
                new EnvironmentFacts.Host("6.1.0", "cpu", 2, 24L << 30),
                new EnvironmentFacts.DataDisk(
                    "/data", "ext4", "rw,relatime", "vda (254:0)", 8192, "mq-deadline"),
                new EnvironmentFacts.Server("20.10.24", "7.0.14", "wiredTiger", 256L << 20),
                List.of(
                    "server at mongodb://bench:" + PASSWORD + "@db:27017 has read-ahead 8192 KiB")))
        .diskBaselines(Map.of())
        .build();
  }

  @Test
  void roundTripsAndPasswordsNeverReachTheFile() throws IOException {
    RunManifest m = manifest(List.of("hdd", "san"));
    m.write(dir);
    String json = Files.readString(dir.resolve(ReportLayout.MANIFEST));
    assertFalse(json.contains("s3cr"), json);
    assertTrue(json.contains("mongodb+srv://bench:****@cluster.example.net"), json);
    assertTrue(json.contains("2025-01-02T03:04:05.123Z"), json);
    RunManifest back = RunManifest.read(dir);
    assertEquals(m, back);
    assertEquals(
        List.of(
            "sweep",
            "--url",
            "mongodb+srv://bench:****@cluster.example.net/?retryWrites=true",
            "-p",
            "mongodb.password=****",
            "--password",
            "****",
            "--records",
            "1000,2000"),
        back.commandLine());
    assertEquals("****", back.workloadProperties().get("mongodb.password"));
    assertEquals("1000", back.workloadProperties().get("recordcount"));
    assertEquals(
        "mongodb://bench:****@db:27017/ycsb?w=1", back.workloadProperties().get("mongodb.url"));
    DiskProfile hdd = back.profiles().get(0);
    assertEquals("hdd", hdd.name());
    assertEquals(7.0, hdd.addedLatencyMillis());
    assertEquals(512L << 20, hdd.effectiveCacheBytes().getAsLong());
  }

  @Test
  void anUnknownCacheIsNull() {
    DiskProfile none = DiskProfile.named("none").build();
    assertTrue(none.effectiveCacheBytes().isEmpty());
  }

  @Test
  void aCorruptManifestFailsNamingTheFile() throws IOException {
    Files.writeString(
        dir.resolve(ReportLayout.MANIFEST), "{\"toolVersion\": \"0.1\", \"startedAt\": ");
    IOException e = assertThrows(IOException.class, () -> RunManifest.read(dir));
    assertTrue(e.getMessage().contains(ReportLayout.MANIFEST), e.getMessage());
  }

  @Test
  void aManifestFromBeforeTheEnvironmentCheckStillOpensButOtherMissingFieldsFail()
      throws IOException {
    manifest(List.of("hdd")).write(dir);
    Path file = dir.resolve(ReportLayout.MANIFEST);
    ObjectMapper json = new ObjectMapper();
    ObjectNode old = (ObjectNode) json.readTree(file.toFile());
    old.remove(List.of("environment", "diskBaselines"));
    Files.write(file, json.writeValueAsBytes(old));

    RunManifest back = RunManifest.read(dir);
    assertNull(back.environment());
    assertEquals(Map.of(), back.diskBaselines());

    old.remove("warnings");
    Files.write(file, json.writeValueAsBytes(old));
    IOException e = assertThrows(IOException.class, () -> RunManifest.read(dir));
    assertTrue(e.getMessage().contains("warnings"), e.getMessage());
  }

  @Test
  void aBuilderCopiesEveryFieldAndChangesOnlyWhatItIsTold() throws IOException {
    RunManifest m = manifest(List.of("hdd", "san"));
    assertEquals(m, m.toBuilder().build(), "masking twice changes nothing");
    Instant later = m.finishedAt().plusSeconds(5);
    RunManifest changed = m.toBuilder().finishedAt(later).warning("one more").build();
    assertEquals(later, changed.finishedAt());
    assertEquals(m.warnings().size() + 1, changed.warnings().size());
    assertEquals(m.profiles(), changed.profiles());
    assertEquals(m.environment(), changed.environment());

    RunManifest bare =
        RunManifest.builder()
            .toolVersion("0.1.0")
            .startedAt(Instant.EPOCH)
            .finishedAt(Instant.EPOCH)
            .server(ServerKind.EMBEDDED, "", "")
            .build();
    assertEquals(List.of(), bare.profiles());
    assertNull(bare.environment());
    assertEquals(Map.of(), bare.diskBaselines());
    bare.write(dir);
    assertEquals(bare, RunManifest.read(dir));
    assertThrows(NullPointerException.class, () -> RunManifest.builder().build());
  }

  private static final String STANDIN_ID =
      "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

  @Test
  void theToolsBuildAndTheImagesIdsRoundTripBesideWhatTheyName() throws IOException {
    RunManifest m =
        manifest(List.of("hdd")).toBuilder()
            .toolBuild(new ToolBuild("84adac65d7f39f5af58def81a2bc6ad7993ea90d", true))
            .imageId("mongo:7.0", STANDIN_ID)
            .build();
    m.write(dir);
    String json = Files.readString(dir.resolve(ReportLayout.MANIFEST));
    assertTrue(
        json.contains(
            """
              "toolBuild" : {
                "commit" : "84adac65d7f39f5af58def81a2bc6ad7993ea90d",
                "dirty" : true
              },
              "serverKind" : "docker",
              "serverImage" : "mongo:7.0",
              "serverVersion" : "7.0.14",
              "imageIds" : {
                "mongo:7.0" : "%s"
              },
            """
                .formatted(STANDIN_ID)),
        json);
    RunManifest back = RunManifest.read(dir);
    assertEquals(m, back);
    assertEquals(Map.of("mongo:7.0", STANDIN_ID), back.buildIds().imageIds());
    assertEquals(m.toolBuild(), back.buildIds().tool());
  }

  @Test
  void unknownBuildsAreAbsentFromTheFileAndFilesWithoutThemReadAsUnknown() throws IOException {
    RunManifest m = manifest(List.of("hdd"));
    m.write(dir);
    String json = Files.readString(dir.resolve(ReportLayout.MANIFEST));
    assertFalse(json.contains("toolBuild"), json);
    assertFalse(json.contains("imageIds"), json);
    RunManifest back = RunManifest.read(dir);
    assertNull(back.toolBuild());
    assertEquals(Map.of(), back.imageIds());
    assertEquals(m, back);
  }

  /** The step's fields, as run.json has held them since the baseline existed. */
  private static final String BASELINE_JSON =
      """
        "diskBaselines" : {
          "hdd" : [ {
            "profile" : "hdd",
            "where" : "container",
            "mode" : "read",
            "blockMinBytes" : 4096,
            "blockMaxBytes" : 32768,
            "threads" : 4,
            "seconds" : 5.0,
            "ops" : 750,
            "iops" : 150.0,
            "mbPerSec" : 2.7648,
            "p50Micros" : 6500,
            "p95Micros" : 9100,
            "p99Micros" : 12000,
            "maxMicros" : 31000
          } ]
        },
      """;

  @Test
  void aDiskBaselineStepIsOneFlatObjectInTheFieldsOrderOfEarlierFiles() throws IOException {
    BaselineStep step =
        new BaselineStep(
            "hdd",
            "container",
            "read",
            4096,
            32768,
            4,
            5.0,
            750,
            new BaselineStep.Rate(150.0, 2.7648),
            new IoLatency(6500, 9100, 12000, 31000));
    RunManifest m = manifest(List.of("hdd")).withDiskBaseline("hdd", List.of(step));
    m.write(dir);
    String json = Files.readString(dir.resolve(ReportLayout.MANIFEST));
    assertTrue(json.contains(BASELINE_JSON), json);
    assertEquals(m, RunManifest.read(dir));
  }
}
