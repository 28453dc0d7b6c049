package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.github.dockerjava.api.DockerClient;
import io.github.mongodbtiered.profiles.DiskProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * Given the stand-in image (built locally, whatever {@code mongodb.image} the other tests use) in a
 * container the harness starts, under its own name or another, then its JIT compiler threads run at
 * nice -10 and every other thread at 0: a cold stand-in compiles its read path without waiting for
 * the client's threads, and nothing else in it changes priority.
 */
@Tag("integration")
class StandinCompilerPriorityTest {
  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void theStandinsCompilerThreadsAloneRunAtAHigherPriority(@TempDir Path data) throws Exception {
    assertCompilersAloneRaised(ServerUnderTest.probeImage(), data);
  }

  /** The build takes any name: the stand-in is known by its label, not by its name. */
  @Test
  void soDoTheyUnderAnotherName(@TempDir Path data) throws Exception {
    DockerClient docker = DockerClientFactory.instance().client();
    String renamed = "standin-renamed-by-test";
    docker.tagImageCmd(ServerUnderTest.probeImage(), renamed, "latest").exec();
    try {
      assertCompilersAloneRaised(renamed + ":latest", data);
    } finally {
      docker.removeImageCmd(renamed + ":latest").exec();
    }
  }

  private static void assertCompilersAloneRaised(String image, Path data) throws Exception {
    try (ThrottledMongoContainer server =
        new ThrottledMongoContainer(image, DiskProfiles.builtIn().get("none"), data)) {
      server.start();
      Map<String, Integer> nice = niceByThread(server.serverPid());
      Map<String, Integer> compilers = new TreeMap<>();
      Map<String, Integer> others = new TreeMap<>();
      nice.forEach((name, n) -> (name.contains("CompilerThre") ? compilers : others).put(name, n));
      assertFalse(compilers.isEmpty(), nice.toString());
      compilers.values().forEach(n -> assertEquals(-10, n, image + ": " + compilers));
      // The code cache sweeper belongs to the compiler and runs with it.
      others.remove("Sweeper thread");
      others.values().forEach(n -> assertEquals(0, n, image + ": " + others));
    }
  }

  /** Each thread's nice value, by name (the last of a name wins: they agree where it matters). */
  private static Map<String, Integer> niceByThread(long pid) throws IOException {
    Map<String, Integer> nice = new TreeMap<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : tasks.toList()) {
        String stat = Files.readString(task.resolve("stat"));
        // The name is in parentheses and may hold spaces; nice is the 17th field after it.
        String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        nice.put(name, Integer.parseInt(after[16]));
      }
    }
    return nice;
  }
}
