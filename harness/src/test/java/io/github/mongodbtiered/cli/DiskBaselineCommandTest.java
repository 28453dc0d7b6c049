package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DiskBaselineCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return CliRun.execute(out, err, args);
  }

  @Test
  void helpExplainsTheMethodTheNumbersAndTheTime() {
    assertEquals(0, run("disk-baseline", "--help"));
    String help = out.toString();
    for (String says :
        List.of("O_DIRECT", "doubles", "1, 2, 4", "140 s", "--max-threads", "--host", "MB/s")) {
      assertTrue(help.contains(says), says + " missing from:\n" + help);
    }
  }

  @Test
  void badInputIsOneLineNamingTheOptionWithExitCode2(@TempDir Path dir) throws Exception {
    Path existing = Files.writeString(dir.resolve("old.csv"), "keep me");
    String[][] bad = {
      {"--max-threads", "48"},
      {"--max-threads", "0"},
      {"--block-size", "32k-4k"},
      {"--block-size", "lots"},
      {"--block-size", "4k-8k-16k"},
      {"--file-size", "10k"},
      {"--seconds", "0"},
      {"--mode", "random"},
      {"--profile", "ssd"},
      {"--csv", existing.toString()}
    };
    String[] says = {
      "option '--max-threads': '48': use a power of two from 1 to 1024",
      "option '--max-threads': '0': use a power of two",
      "option '--block-size': '32k-4k': use sizes from 512 bytes to 64m, the smaller first",
      "option '--block-size': 'lots' is not a size: use e.g. 4k",
      "option '--block-size': '4k-8k-16k': use one size (4k) or a range (4k-32k)",
      "--file-size 10k: use at least 1m",
      "option '--seconds': '0': use more than 0",
      "option '--mode': 'random': use read, write or both",
      "--profile: unknown profile 'ssd'",
      "exists: choose another file or add --force"
    };
    for (int i = 0; i < bad.length; i++) {
      err.getBuffer().setLength(0);
      List<String> args =
          List.of("disk-baseline", "--data-dir", dir.toString(), bad[i][0], bad[i][1]);
      assertEquals(
          MongodbTieredCli.USAGE, run(args.toArray(String[]::new)), String.join(" ", args) + err);
      assertTrue(err.toString().contains(says[i]), err.toString());
      assertEquals(1, err.toString().strip().lines().count(), "one line: " + err);
      assertFalse(err.toString().contains("\tat "), "no stack trace: " + err);
    }
    assertEquals("keep me", Files.readString(existing));
    assertFalse(Files.exists(dir.resolve("mongodb-tiered-probe.dat")), "nothing measured");
  }

  @Test
  void withoutAProfileItMeasuresTheHostPrintingAndWritingEachStep(@TempDir Path dir)
      throws Exception {
    Path csv = dir.resolve("baseline.csv");
    Files.writeString(csv, "old");
    int code =
        run(
            "disk-baseline",
            "--data-dir",
            dir.toString(),
            "--latency",
            "off",
            "--file-size",
            "4m",
            "--block-size",
            "4k",
            "--max-threads",
            "2",
            "--seconds",
            "0.2",
            "--mode",
            "read",
            "--csv",
            csv.toString(),
            "--force");

    assertEquals(0, code, err::toString);
    String text = out.toString();
    assertTrue(text.contains("2 steps per target"), text);
    assertTrue(text.contains("host: this machine's disk, unthrottled"), text);
    assertEquals(
        2,
        text.lines().filter(l -> l.startsWith("none         host      read  4k ")).count(),
        text);
    List<String> rows = Files.readAllLines(csv);
    assertEquals(3, rows.size(), rows.toString());
    assertTrue(rows.get(0).startsWith("profile,where,mode,"), rows.get(0));
    assertTrue(rows.get(1).startsWith("none,host,read,4096,4096,1,0.200,"), rows.get(1));
    assertTrue(rows.get(2).startsWith("none,host,read,4096,4096,2,0.200,"), rows.get(2));
    // With --latency off the host asks for no latency and none is applied (no volume).
    assertTrue(
        rows.get(0).endsWith(",max_us,latency_applied,latency_method,latency_asked_ms"),
        rows.get(0));
    assertTrue(rows.get(1).endsWith(",false,off,0"), rows.get(1));
    assertTrue(text.contains("host: latency: none asked\n"), text);
    assertTrue(text.lines().anyMatch(l -> l.endsWith("  added latency")), text);
    assertTrue(text.lines().anyMatch(l -> l.startsWith("none ") && l.endsWith("  0 ms off")), text);
    assertFalse(
        Files.exists(dir.resolve("mongodb-tiered-probe.dat")), "the file this run made is removed");
  }

  @Test
  void csvDashPutsTheCsvAloneOnStandardOutput(@TempDir Path dir) {
    int code =
        run(
            "disk-baseline",
            "--data-dir",
            dir.toString(),
            "--latency",
            "off",
            "--file-size",
            "4m",
            "--block-size",
            "4k",
            "--max-threads",
            "1",
            "--seconds",
            "0.1",
            "--mode",
            "read",
            "--csv",
            "-");

    assertEquals(0, code, err::toString);
    List<String> rows = out.toString().lines().toList();
    assertEquals(2, rows.size(), out::toString);
    assertTrue(rows.get(0).startsWith("profile,where,mode,"), rows.get(0));
    assertTrue(rows.get(1).startsWith("none,host,read,4096,4096,1,"), rows.get(1));
    assertTrue(err.toString().contains("disk baseline: random O_DIRECT reads"), err::toString);
    assertFalse(Files.exists(dir.resolve("-")), "no file called -");
  }

  @Test
  void oldSpellingsStillWorkWithAWarning(@TempDir Path dir) {
    int code =
        run(
            "disk-baseline",
            "--dir",
            dir.toString(),
            "--latency",
            "off",
            "--file-size",
            "4m",
            "--block-size",
            "4k",
            "--max-threads",
            "1",
            "--seconds",
            "0.1",
            "--mode",
            "read",
            "--csv");

    assertEquals(0, code, err::toString);
    String warnings = err.toString();
    assertTrue(
        warnings.contains(
            "[WARN] mongodb-tiered disk-baseline --dir is deprecated: use --data-dir"),
        warnings);
    assertTrue(
        warnings.contains(
            "--csv without FILE is deprecated: use --csv - for CSV on standard output"),
        warnings);
    assertTrue(out.toString().startsWith("profile,where,mode,"), out::toString);
    assertTrue(out.toString().contains("\nnone,host,read,4096,4096,1,"), out::toString);
  }

  @Test
  void theProbeImageIsProbeImageAndTheOldImageSpellingSetsIt() {
    for (String command : List.of("disk-baseline", "probe")) {
      CommandLine cl = MongodbTieredCli.commandLine();
      cl.setErr(new PrintWriter(err, true));
      err.getBuffer().setLength(0);
      cl.parseArgs(command, "--profile", "none", "--image", "old:1");
      assertEquals("old:1", disk(cl, command).probeImage(), command);
      assertEquals(1, err.toString().lines().count(), err::toString);
      assertTrue(
          err.toString()
              .startsWith(
                  "[WARN] mongodb-tiered " + command + " --image is deprecated: use --probe-image"),
          err::toString);

      cl = MongodbTieredCli.commandLine();
      cl.parseArgs(command, "--profile", "none", "--probe-image", "new:2");
      assertEquals("new:2", disk(cl, command).probeImage(), command);
      cl = MongodbTieredCli.commandLine();
      cl.parseArgs(command, "--profile", "none");
      assertEquals("mongodb-tiered-standin:latest", disk(cl, command).probeImage(), command);
    }
  }

  private static DiskOptions disk(CommandLine cl, String command) {
    Object c = cl.getSubcommands().get(command).getCommand();
    return c instanceof ProbeCommand p ? p.disk : ((DiskBaselineCommand) c).disk;
  }

  @Test
  void aDirectoryOnNoDiskIsMeasuredWithAWarning() throws Exception {
    Path shm = Path.of("/dev/shm");
    assumeTrue(
        Files.isWritable(shm) && Files.getFileStore(shm).type().equals("tmpfs"),
        "needs a writable tmpfs at /dev/shm");
    Path dir = Files.createTempDirectory(shm, "baseline");
    try {
      int code =
          run(
              "disk-baseline",
              "--data-dir",
              dir.toString(),
              // The directory as it is: a volume on it would be a block device of its own.
              "--latency",
              "off",
              "--file-size",
              "1m",
              "--max-threads",
              "1",
              "--seconds",
              "0.1",
              "--mode",
              "read");
      // Linux before 6.6 refuses O_DIRECT on tmpfs (exit 2); later ones measure memory (exit 0).
      String all = out + "" + err;
      assertTrue(
          code == 0 ? all.contains("[WARN] " + dir + " is on no block device") : code == 2,
          code + ": " + all);
    } finally {
      Files.deleteIfExists(dir.resolve("mongodb-tiered-probe.dat"));
      // The data directory's lock, kept (emptied) after the run: see DirectoryLock.
      Files.deleteIfExists(dir.resolve("mongodb-tiered-volume/lock"));
      Files.deleteIfExists(dir.resolve("mongodb-tiered-volume"));
      Files.deleteIfExists(dir);
    }
  }
}
