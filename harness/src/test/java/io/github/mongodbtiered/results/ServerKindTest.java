package io.github.mongodbtiered.results;

import static io.github.mongodbtiered.results.ServerKind.Capability.DATA_ON_THIS_HOST;
import static io.github.mongodbtiered.results.ServerKind.Capability.IN_THIS_JVM;
import static io.github.mongodbtiered.results.ServerKind.Capability.LIMITS_DISK;
import static io.github.mongodbtiered.results.ServerKind.Capability.LIMITS_MEMORY;
import static io.github.mongodbtiered.results.ServerKind.Capability.STARTS_SERVERS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.mongodbtiered.results.ServerKind.Capability;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerKindTest {
  @Test
  void eachKindDeclaresWhatItsServersCanDo() {
    assertEquals(
        Map.of(
            ServerKind.DOCKER,
            EnumSet.of(LIMITS_DISK, LIMITS_MEMORY, STARTS_SERVERS, DATA_ON_THIS_HOST),
            ServerKind.URL,
            EnumSet.noneOf(Capability.class),
            ServerKind.EMBEDDED,
            EnumSet.of(STARTS_SERVERS, IN_THIS_JVM, DATA_ON_THIS_HOST)),
        Map.of(
            ServerKind.DOCKER, ServerKind.DOCKER.capabilities(),
            ServerKind.URL, ServerKind.URL.capabilities(),
            ServerKind.EMBEDDED, ServerKind.EMBEDDED.capabilities()));
    for (ServerKind k : ServerKind.values()) {
      for (Capability c : Capability.values()) {
        assertEquals(k.capabilities().contains(c), k.has(c), k + " " + c);
      }
    }
  }

  /** Each question put where an identity check was answers as that check did, kind by kind. */
  @Test
  void eachQuestionAnswersAsTheIdentityCheckItReplaced() {
    for (ServerKind k : ServerKind.values()) {
      // Capacity.of refused a URL report: its disk is unknown.
      assertEquals(k == ServerKind.URL, !k.has(DATA_ON_THIS_HOST), k.id());
      // Capacity's note, and CellReadings.diskAsRun's "throttled" (the negation): embedded only.
      assertEquals(k == ServerKind.EMBEDDED, k.diskLimitsAreOnlyLabels(), k.id());
      // CellResult.tierMismatch and the sweep's tier note flagged all but embedded.
      assertEquals(k == ServerKind.EMBEDDED, k.memoryIsOnlyALabel(), k.id());
      // Lead, RunSummary, and the sweep's former CellContext.embedded(): the stand-in in this JVM.
      assertEquals(k == ServerKind.EMBEDDED, k.has(IN_THIS_JVM), k.id());
      // TargetServer.throttles(): DockerTarget alone said yes.
      assertEquals(k == ServerKind.DOCKER, k.has(LIMITS_DISK), k.id());
      // TargetServer.ownsServers(): DockerTarget and EmbeddedTarget said yes.
      assertEquals(k != ServerKind.URL, k.has(STARTS_SERVERS), k.id());
    }
  }

  @Test
  void theIdsInFilesStayTheSame() {
    assertEquals("docker", ServerKind.DOCKER.id());
    assertEquals("url", ServerKind.URL.id());
    assertEquals("embedded", ServerKind.EMBEDDED.id());
    for (ServerKind k : ServerKind.values()) {
      assertEquals(k, ServerKind.fromId(k.id()));
    }
  }
}
