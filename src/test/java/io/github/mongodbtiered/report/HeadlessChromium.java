package io.github.mongodbtiered.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's {@code chromium}, headless, as a test's browser: a screenshot of a page, or its DOM
 * after loading. Each call gets a fresh profile directory and no network services (no sync, updates
 * or QUIC), so nothing but the page is loaded.
 */
public final class HeadlessChromium {
  public static final Path BINARY = Path.of("/usr/bin/chromium");
  private static final int WIDTH = 1400;
  private static final int HEIGHT = 3000;
  private static final long TIMEOUT_SECONDS = 120;

  private HeadlessChromium() {}

  /** Fails, saying how to fix it, when the browser is missing: a page test must not skip. */
  public static void requireInstalled() {
    if (!Files.isExecutable(BINARY)) {
      throw new AssertionError(
          BINARY
              + " is missing: install Debian's chromium ('apt-get install -y chromium'; CI's"
              + " .ci/run installs it) to render the HTML report in tests");
    }
  }

  /** Loads {@code page} in a {@value #WIDTH}x{@value #HEIGHT} window and saves a PNG of it. */
  public static void screenshot(Path page, Path png) throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    Files.deleteIfExists(png);
    run(page, List.of("--hide-scrollbars", "--screenshot=" + png.toAbsolutePath()));
    if (!Files.isRegularFile(png)) {
      throw new AssertionError("chromium wrote no screenshot to " + png);
    }
  }

  /** The DOM of {@code page} after loading, serialized as HTML. */
  public static String dumpDom(Path page) throws IOException, InterruptedException {
    return run(page, List.of("--dump-dom"));
  }

  private static String run(Path page, List<String> action)
      throws IOException, InterruptedException {
    requireInstalled();
    Path profile = Files.createTempDirectory("chromium-profile");
    Path stdout = Files.createTempFile("chromium", ".out");
    Path stderr = Files.createTempFile("chromium", ".err");
    try {
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  BINARY.toString(),
                  "--headless",
                  "--no-sandbox",
                  "--disable-gpu",
                  "--disable-quic",
                  "--no-first-run",
                  "--disable-background-networking",
                  "--disable-component-update",
                  "--disable-sync",
                  "--force-device-scale-factor=1",
                  "--user-data-dir=" + profile,
                  "--window-size=" + WIDTH + "," + HEIGHT));
      cmd.addAll(action);
      cmd.add(page.toAbsolutePath().toUri().toString());
      Process p =
          new ProcessBuilder(cmd)
              .redirectOutput(stdout.toFile())
              .redirectError(stderr.toFile())
              .start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError(
            "chromium did not finish " + page + " in " + TIMEOUT_SECONDS + " s");
      }
      if (p.exitValue() != 0) {
        throw new AssertionError(
            "chromium exited " + p.exitValue() + " on " + page + ":\n" + tail(stderr));
      }
      return Files.readString(stdout, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(stdout);
      Files.deleteIfExists(stderr);
      deleteTree(profile);
    }
  }

  private static String tail(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
