package io.github.mongodbtiered.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main job, as a new user runs it (its options, smaller): a short sweep on the
 * embedded server, which needs nothing installed; then the same command again, which has nothing
 * left to do.
 */
class MainJobTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();

  private static String sweep(Path out) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                ROOT.resolve("scripts/mongodb-tiered").toString(),
                "sweep",
                "--server",
                "embedded",
                "--profiles-file",
                ROOT.resolve("profiles/scaled.profiles").toString(),
                "--profiles",
                "fast-small,slow-small",
                "--recordcounts",
                "2000,4000",
                "--threads",
                "4",
                "--seconds",
                "2",
                "--warmup",
                "1",
                "--no-disk-baseline",
                "--out",
                out.toString()));
    Path log = Files.createTempFile("sweep", ".log");
    Process p =
        new ProcessBuilder(cmd)
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the sweep did not finish in 300 s");
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), output);
    return output;
  }

  @Test
  void theReadmeSweepWritesTheReportAndASecondRunResumes(@TempDir Path out) throws Exception {
    String first = sweep(out);
    assertTrue(first.contains("4 cells measured now, 0 failed"), first);
    assertTrue(first.contains("embedded"), "says which server it used: " + first);
    List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
    assertEquals(5, summary.size(), String.join("\n", summary));
    assertTrue(summary.get(0).startsWith("record_count,profile,server,status"), summary.get(0));
    assertTrue(
        summary.stream().skip(1).allMatch(l -> l.contains(",embedded,ok,")), summary.toString());
    assertTrue(Files.exists(out.resolve("run.json")));
    assertTrue(Files.exists(out.resolve("histograms/4000-slow-small-READ.hdr")));

    String second = sweep(out);
    assertTrue(second.contains("0 cells measured now, 0 failed"), second);
  }
}
