package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given the data directory on a 40 MiB file system, when the sweep grows the data set from 2000 to
 * 30000 records (about 33 MB of documents plus the journal: more than fits, whatever the timing),
 * then the cell whose load filled the disk is failed, not ok, saying "no space left on device" and
 * naming the data directory; the finished cell is kept; summary.csv says so; the exit code is 1;
 * and a re-run does not skip the failed cell.
 */
class DiskFullSweepTest {
  private static final String SMALL_FS = "size=40m";

  @Test
  void aCellWhoseLoadFillsTheDiskIsFailedAndMeasuredAgainByARerun(@TempDir Path dir)
      throws Exception {
    assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "mounting the small file system needs root");
    Path disk = dir.resolve("disk");
    Files.createDirectories(disk);
    run("mount", "-t", "tmpfs", "-o", SMALL_FS, "tmpfs", disk.toString());
    try {
      Path out = dir.resolve("report");
      StringWriter log = new StringWriter();
      // The embedded stand-in's threads write to the JVM's stderr, not the command's.
      java.io.ByteArrayOutputStream jvmErr = new java.io.ByteArrayOutputStream();
      java.io.PrintStream realErr = System.err;
      System.setErr(new java.io.PrintStream(jvmErr, true, java.nio.charset.StandardCharsets.UTF_8));
      int exit;
      try {
        exit = sweep(out, disk.resolve("data"), log);
      } finally {
        System.setErr(realErr);
      }
      String stderr = jvmErr.toString(java.nio.charset.StandardCharsets.UTF_8);
      realErr.print(stderr);
      assertFalse(stderr.contains("Exception in thread"), "a stack trace on stderr: " + stderr);

      String said = log.toString();
      assertEquals(1, exit, said);
      List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
      assertEquals(3, summary.size(), String.join("\n", summary));
      assertTrue(summary.get(1).startsWith("2000,io1-5000,embedded,ok,"), summary.get(1));
      assertTrue(summary.get(2).startsWith("30000,io1-5000,embedded,failed,"), summary.get(2));
      CellStore cells = new CellStore(out);
      assertTrue(cells.isDone(2000, "io1-5000"), "the finished cell is kept");
      CellResult full = cells.load(30000, "io1-5000").orElseThrow();
      assertFalse(full.ok(), full::toString);
      // The load (or the clean stop after it) is where the disk filled, and where it is caught.
      assertTrue(full.error().contains("loading"), full.error());
      // The engine's "No space left on device" is in its own log only: the cell says it plainly.
      assertTrue(
          full.error()
              .contains(
                  "; no space left on device: the file system holding " + disk.resolve("data")),
          full.error());
      assertTrue(said.contains("no space left on device: the file system holding"), said);

      StringWriter log2 = new StringWriter();
      int again = sweep(out, disk.resolve("data"), log2);
      String said2 = log2.toString();
      // The engine cannot reopen a full disk (the resume check already starts it to learn the
      // server's version): the re-run fails, and neither loses the finished cell nor takes the
      // failed one for done.
      assertNotEquals(0, again, said2);
      assertTrue(said2.contains("free space there, or choose another --data-dir"), said2);
      assertFalse(said2.contains("records 30000: all profiles measured earlier"), said2);
      assertTrue(new CellStore(out).isDone(2000, "io1-5000"), said2);
      assertFalse(new CellStore(out).isDone(30000, "io1-5000"));
    } finally {
      run("umount", disk.toString());
    }
  }

  private static int sweep(Path out, Path data, StringWriter log) {
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(log, true));
    cl.setErr(new PrintWriter(log, true));
    return cl.execute(
        "sweep",
        "--server",
        "embedded",
        "--latency",
        "off",
        "--no-disk-baseline",
        "--profiles",
        "io1-5000",
        "--recordcounts",
        "2000,30000",
        "--seconds",
        "1",
        "--warmup",
        "0",
        "--no-progress",
        "--out",
        out.toString(),
        "--data-dir",
        data.toString());
  }

  private static void run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", command) + " did not finish");
    assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + output);
  }
}
