package io.github.mongodbtiered.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/lib.sh's ensure_volume_tools, run with a PATH of stubs only: a stub {@code id} says
 * whether we are root, a stub {@code apt-get} records what it was asked to install, so nothing is
 * really installed. Whatever is missing, the function returns 0.
 */
class VolumeToolsTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();

  @TempDir Path bin;

  record Outcome(String aptCalls, String output) {}

  private void stub(String name, String body) throws IOException {
    Path f = bin.resolve(name);
    Files.writeString(f, "#!/bin/sh\n" + body + "\n");
    assertTrue(f.toFile().setExecutable(true));
  }

  private void present(String... tools) throws IOException {
    for (String t : tools) {
      stub(t, "exit 0");
    }
  }

  private Outcome run(int uid, int aptStatus) throws Exception {
    Path aptLog = bin.resolve("apt.log");
    stub("id", "echo " + uid);
    stub("apt-get", "echo \"$*\" >>'" + aptLog + "'\nexit " + aptStatus);
    ProcessBuilder pb =
        new ProcessBuilder(
                "/bin/bash",
                "-c",
                "set -euo pipefail; source \"$1/scripts/lib.sh\"; ensure_volume_tools",
                "_",
                ROOT.toString())
            .redirectErrorStream(true);
    pb.environment().put("PATH", bin.toString());
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ensure_volume_tools did not finish");
    assertEquals(0, p.exitValue(), output);
    String calls = Files.exists(aptLog) ? Files.readString(aptLog).strip() : "";
    return new Outcome(calls, output.strip());
  }

  @Test
  void withEveryToolPresentNothingIsInstalledOrSaid() throws Exception {
    present("nbdkit", "nbdfuse", "fusermount3", "mkfs.xfs", "fio");
    assertEquals(new Outcome("", ""), run(0, 0));
  }

  @Test
  void fioAloneMissingTriggersNoInstall() throws Exception {
    present("nbdkit", "nbdfuse", "fusermount3", "mkfs.xfs");
    assertEquals(new Outcome("", ""), run(0, 0));
  }

  @Test
  void asRootOnlyTheMissingPackagesAreInstalledWithFio() throws Exception {
    present("nbdkit", "mkfs.xfs");
    Outcome o = run(0, 0);
    assertTrue(
        o.aptCalls().endsWith("install -y libnbd-bin fuse3 fio"), "apt-get calls: " + o.aptCalls());
    // One line saying what and why; apt-get's own output goes to the install log.
    assertEquals(1, o.output().lines().count(), o.output());
    assertTrue(o.output().contains("mongodb-tiered-install.log"), o.output());
  }

  @Test
  void aFailedInstallIsOneWarningNotAFailure() throws Exception {
    present("nbdfuse", "fusermount3", "mkfs.xfs", "fio");
    Outcome o = run(0, 100);
    String warning = o.output().lines().reduce((a, b) -> b).orElse("");
    assertTrue(warning.startsWith("[WARN] installing nbdkit failed"), o.output());
    assertTrue(warning.contains("--latency off"), warning);
  }

  @Test
  void notRootItSaysWhatIsMissingInOneLineAndInstallsNothing() throws Exception {
    present("mkfs.xfs", "fio");
    Outcome o = run(1000, 0);
    assertEquals("", o.aptCalls());
    assertEquals(1, o.output().lines().count(), o.output());
    assertTrue(o.output().contains("nbdkit libnbd-bin fuse3"), o.output());
    assertTrue(o.output().contains("--latency off"), o.output());
  }
}
