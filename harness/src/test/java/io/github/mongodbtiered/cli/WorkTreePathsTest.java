package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkTreePathsTest {
  @TempDir Path dir;
  private Path repo;

  @BeforeEach
  void aRepositoryIgnoringReports() throws IOException, InterruptedException {
    repo = Files.createDirectories(dir.resolve("repo"));
    Process git = new ProcessBuilder("git", "init", "-q", repo.toString()).inheritIO().start();
    assertEquals(0, git.waitFor(), "git init");
    Files.writeString(repo.resolve(".gitignore"), "/reports/\n");
  }

  @Test
  void aPathInsideTheWorkTreeIsNamedWithItsRootAndAFix() {
    Optional<String> line = WorkTreePaths.warning("--data-dir", repo.resolve("data"));
    assertTrue(line.isPresent());
    assertTrue(
        line.get().startsWith("--data-dir " + repo.resolve("data") + " is inside"), line.get());
    assertTrue(line.get().contains("git work tree " + repo + ","), line.get());
    assertTrue(line.get().contains("give a directory outside it"), line.get());
    assertTrue(WorkTreePaths.warning("--out", repo).isPresent(), "the root itself");
    assertTrue(
        WorkTreePaths.warning("--out", repo.resolve("reports/../data/x")).isPresent(),
        "normalised before it is asked");
  }

  @Test
  void anIgnoredPathOrOneOutsideSaysNothing() throws IOException {
    assertEquals(Optional.empty(), WorkTreePaths.warning("--out", repo.resolve("reports/sweep")));
    assertEquals(Optional.empty(), WorkTreePaths.warning("--out", dir.resolve("elsewhere")));
    // A linked worktree or submodule has a .git file, not a directory.
    Path linked = Files.createDirectories(dir.resolve("linked"));
    Files.writeString(linked.resolve(".git"), "gitdir: " + repo.resolve(".git") + "\n");
    assertEquals(Optional.of(linked), WorkTreePaths.workTree(linked.resolve("a/b")));
  }

  @Test
  void theCommandWarnsOnceBeforeItRunsAndStillRunsAsItWould() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        CliRun.execute(
            out,
            err,
            "compare",
            dir.resolve("no-base").toString(),
            dir.resolve("no-new").toString(),
            "--out",
            repo.resolve("compared").toString());
    assertEquals(2, code, err.toString());
    String[] lines = err.toString().split("\n");
    assertTrue(lines[0].startsWith("[WARN] --out " + repo.resolve("compared")), err.toString());
    assertTrue(lines[1].startsWith("[ERROR]"), err.toString());

    StringWriter help = new StringWriter();
    CliRun.execute(help, help, "compare", "--help", "--out", repo.resolve("x").toString());
    assertFalse(help.toString().contains("[WARN]"), "help writes nothing");
  }
}
