package io.github.mongodbtiered.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A warning when an option would write a report or a server's data inside a git work tree (a
 * checkout of this tool, say), where nobody asked for it: {@code --data-dir ""} once left 13
 * untracked entries in the repository. Not a refusal: a directory its {@code .gitignore} lists,
 * such as this repository's {@code reports/}, says nothing, and the rest may be meant.
 */
final class WorkTreePaths {
  /** The options that write generated files: reports and server data. */
  static final List<String> OPTIONS = List.of("--out", "--data-dir");

  /** Whose {@code --out} is a file one keeps in a repository: Kubernetes manifests. */
  private static final List<String> KEPT = List.of("mongodb-tiered fleet manifests");

  private WorkTreePaths() {}

  /** Each of {@code command}'s write options that points into a git work tree, one line each. */
  static void warn(CommandSpec command) {
    if (KEPT.contains(command.qualifiedName())) {
      return;
    }
    for (String name : OPTIONS) {
      OptionSpec option = command.findOption(name);
      if (option != null && option.getValue() instanceof Path path) {
        warning(name, path)
            .ifPresent(
                line -> {
                  command.commandLine().getErr().println("[WARN] " + line);
                  command.commandLine().getErr().flush();
                });
      }
    }
  }

  /** What is said of {@code option}'s {@code path}, if it is inside a work tree and not ignored. */
  static Optional<String> warning(String option, Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    Optional<Path> root = workTree(absolute);
    if (root.isEmpty() || ignored(root.get(), absolute)) {
      return Optional.empty();
    }
    return Optional.of(
        option
            + " "
            + path
            + " is inside the git work tree "
            + root.get()
            + ", where what it writes shows as untracked files; give a directory outside it (or"
            + " one its .gitignore lists)");
  }

  /** The nearest directory at or above {@code path} holding {@code .git} (a directory or file). */
  static Optional<Path> workTree(Path path) {
    for (Path p = path; p != null; p = p.getParent()) {
      if (Files.exists(p.resolve(".git"))) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether git ignores {@code path} (which need not exist). Without git, or when it does not
   * answer within 5 s, not: the warning is the safe side.
   */
  private static boolean ignored(Path root, Path path) {
    if (path.equals(root)) {
      return false;
    }
    try {
      Process git =
          new ProcessBuilder(
                  "git", "-C", root.toString(), "check-ignore", "-q", "--", path.toString())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!git.waitFor(5, TimeUnit.SECONDS)) {
        git.destroyForcibly();
        return false;
      }
      return git.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
