package io.github.mongodbtiered.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/lib.sh's ensure_module_built, as the scripts call it before running a module: it builds
 * when the module's jar, or the jar of a module it is built from (the harness: binding and the
 * stand-in), is older than that module's sources, and otherwise not; and run_classpath, the copy of
 * the jars a run uses. Run on a copy of the poms and lib.sh with dummy sources and jars, and an mvn
 * that only records how it was called.
 */
class ModuleRebuildTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  private static final List<String> MODULES = List.of("binding", "standin", "harness");
  // Sources an hour old, jars ten minutes newer (so up to date), an edit ten minutes after those.
  private static final Instant SOURCES = Instant.now().minusSeconds(3600);
  private static final Instant JARS = SOURCES.plusSeconds(600);
  private static final Instant LATER = JARS.plusSeconds(600);

  @TempDir Path repo;

  record Outcome(String mvnCalls, String output) {}

  @BeforeEach
  void fakeRepository() throws IOException {
    Files.createDirectories(repo.resolve("scripts"));
    Files.copy(ROOT.resolve("scripts/lib.sh"), repo.resolve("scripts/lib.sh"));
    Files.copy(ROOT.resolve("pom.xml"), repo.resolve("pom.xml"));
    setTime("pom.xml", SOURCES);
    for (String m : MODULES) {
      Files.createDirectories(repo.resolve(m + "/src/main/java"));
      Files.createDirectories(repo.resolve(m + "/target/lib"));
      Files.copy(ROOT.resolve(m + "/pom.xml"), repo.resolve(m + "/pom.xml"));
      Files.writeString(repo.resolve(source(m)), "class Main {}\n");
      Files.writeString(repo.resolve(jar(m)), "");
      setTime(m + "/pom.xml", SOURCES);
      setTime(source(m), SOURCES);
      // Directories count too (a deleted source changes its directory's time).
      setTime(m + "/src/main/java", SOURCES);
      setTime(m + "/src/main", SOURCES);
      setTime(jar(m), JARS);
    }
    Path mvn = repo.resolve("bin/mvn");
    Files.createDirectories(mvn.getParent());
    Files.writeString(mvn, "#!/bin/sh\necho \"$*\" >>\"$MVN_LOG\"\n");
    assertTrue(mvn.toFile().setExecutable(true));
  }

  private static String source(String module) {
    return module + "/src/main/java/Main.java";
  }

  private static String jar(String module) {
    return module + "/target/mongodb-tiered-" + module + "-0.1.0-SNAPSHOT.jar";
  }

  private void setTime(String file, Instant t) throws IOException {
    Files.setLastModifiedTime(repo.resolve(file), FileTime.from(t));
  }

  private Outcome ensureBuilt(String module) throws Exception {
    Path mvnLog = repo.resolve("mvn.log");
    Files.deleteIfExists(mvnLog);
    ProcessBuilder pb =
        new ProcessBuilder(
                "bash",
                "-c",
                "set -euo pipefail; source \"$1/scripts/lib.sh\"; ensure_module_built \"$1\" \"$2\"",
                "_",
                repo.toString(),
                module)
            .redirectErrorStream(true);
    pb.environment().put("PATH", repo.resolve("bin") + ":" + System.getenv("PATH"));
    pb.environment().put("MVN_LOG", mvnLog.toString());
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ensure_module_built did not finish");
    assertEquals(0, p.exitValue(), output);
    String calls = Files.exists(mvnLog) ? Files.readString(mvnLog).strip() : "";
    return new Outcome(calls, output);
  }

  @Test
  void upToDateJarsAreNotRebuilt() throws Exception {
    for (String m : MODULES) {
      assertEquals("", ensureBuilt(m).mvnCalls(), m);
    }
  }

  @Test
  void aStandinEditRebuildsTheHarnessOnce() throws Exception {
    setTime(source("standin"), LATER);
    Outcome first = ensureBuilt("harness");
    assertTrue(first.mvnCalls().endsWith("-pl harness -am package"), first.mvnCalls());
    assertTrue(
        first.output().contains("standin/src/main/java/Main.java changed since standin was built"),
        first.output());
    // A jar Maven found up to date (here: every jar) is not rewritten; the next run still knows.
    assertEquals("", ensureBuilt("harness").mvnCalls());
  }

  @Test
  void aStandinRebuiltOnItsOwnRebuildsTheHarness() throws Exception {
    // As scripts/build-standin-image does: the harness's copy in target/lib is now stale.
    setTime(jar("standin"), LATER);
    Outcome o = ensureBuilt("harness");
    assertTrue(o.mvnCalls().endsWith("-pl harness -am package"), o.mvnCalls());
    assertTrue(o.output().contains("standin was rebuilt after harness"), o.output());
  }

  @Test
  void aParentPomEditRebuildsEveryModule() throws Exception {
    setTime("pom.xml", LATER);
    for (String m : MODULES) {
      assertTrue(ensureBuilt(m).mvnCalls().endsWith("-pl " + m + " -am package"), m);
    }
  }

  @Test
  void theBindingIsNotRebuiltForTheStandinItTestsAgainst() throws Exception {
    // binding depends on standin in test scope only: its jar and target/lib do not contain it.
    setTime(source("standin"), LATER);
    assertEquals("", ensureBuilt("binding").mvnCalls());
  }

  /**
   * A rebuild rewrites target/*.jar in place; a run keeps its own copies, so a JVM started before
   * the rebuild still finds its classes, and the next run gets the new jar.
   */
  @Test
  void aRunsClasspathIsACopyThatARebuildDoesNotTouch() throws Exception {
    Files.writeString(repo.resolve(jar("harness")), "harness v1");
    Path tieredLib = repo.resolve("harness/target/lib/mongodb-tiered-standin-0.1.0-SNAPSHOT.jar");
    Path otherLib = repo.resolve("harness/target/lib/picocli-4.7.6.jar");
    Files.writeString(tieredLib, "standin v1");
    Files.writeString(otherLib, "picocli");
    Path first = runClasspath();
    Path copy = first.resolve("mongodb-tiered-harness-0.1.0-SNAPSHOT.jar");
    assertEquals("harness v1", Files.readString(copy));
    assertEquals("standin v1", Files.readString(first.resolve(tieredLib.getFileName())));
    assertTrue(
        Files.isSameFile(otherLib, first.resolve(otherLib.getFileName())),
        "other libraries hard-linked, not copied");
    assertEquals(first, runClasspath(), "the same jars, the same directory");

    Files.writeString(repo.resolve(jar("harness")), "harness v2"); // in place, as Maven does
    assertEquals("harness v1", Files.readString(copy), "the running copy is untouched");
    Path second = runClasspath();
    assertTrue(!second.equals(first), second.toString());
    assertEquals(
        "harness v2",
        Files.readString(second.resolve("mongodb-tiered-harness-0.1.0-SNAPSHOT.jar")));
  }

  /** The directory run_classpath names (its output less the trailing "/*"). */
  private Path runClasspath() throws Exception {
    Process p =
        new ProcessBuilder(
                "bash",
                "-c",
                "set -euo pipefail; source \"$1/scripts/lib.sh\"; run_classpath \"$1\" harness",
                "_",
                repo.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "run_classpath did not finish");
    assertEquals(0, p.exitValue(), output);
    assertTrue(output.endsWith("/*"), output);
    return Path.of(output.substring(0, output.length() - 2));
  }
}
