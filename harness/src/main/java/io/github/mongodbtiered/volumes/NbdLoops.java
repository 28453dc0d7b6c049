package io.github.mongodbtiered.volumes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The loop devices on a volume's nbdfuse file: one attached in direct-I/O mode and recorded at
 * once, and, on the way down, every one this volume left, those whose nbdfuse died under them too.
 */
final class NbdLoops {
  private final Path fuseFile;
  private final Path record;
  private final HostCommands commands;
  private final HostObjects host;

  /**
   * @param fuseFile the file nbdfuse serves, which the loops are on
   * @param record where the loops set up are written, one a line, until {@link #detach} detaches
   *     them
   */
  NbdLoops(Path fuseFile, Path record, HostCommands commands, HostObjects host) {
    this.fuseFile = fuseFile;
    this.record = record;
    this.commands = commands;
    this.host = host;
  }

  /** A loop device in direct-I/O mode on nbdfuse's file, recorded. */
  String attach() throws IOException {
    String loop =
        commands.run("losetup", "--find", "--show", "--direct-io=on", fuseFile.toString());
    // Recorded at once: if nbdfuse dies unmounting itself, the loop's backing file reads only
    // "/disk", no longer this volume's path, and this record is what still ties it to us.
    Files.writeString(record, loop + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    return loop;
  }

  /** Detaches this volume's loops, orphans included, and deletes the record: says what it did. */
  List<String> detach() throws IOException {
    List<String> removed = new ArrayList<>();
    for (String loop : host.loopsBackedBy(fuseFile)) {
      commands.run("losetup", "-d", loop);
      removed.add("detached " + loop);
    }
    List<String> recorded = orphanedLoops();
    for (String loop : recorded) {
      commands.run("losetup", "-d", loop);
      removed.add("detached orphaned " + loop + " (its nbdfuse file was gone)");
    }
    for (String loop : unrecordedOrphans(recorded)) {
      commands.run("losetup", "-d", loop);
      removed.add(
          "detached orphaned "
              + loop
              + " (on /"
              + fuseFile.getFileName()
              + ", a stopped nbdfuse's file, unused and unreadable; no record of it was left)");
    }
    Files.deleteIfExists(record);
    return removed;
  }

  /**
   * Recorded loops still on a file nbdfuse no longer serves: nbdfuse that is stopped or killed
   * unmounts its file system lazily, and the kernel then names the loop's file from the detached
   * mount's root ({@code /disk}).
   */
  private List<String> orphanedLoops() throws IOException {
    if (!Files.exists(record)) {
      return List.of();
    }
    String detachedName = "/" + fuseFile.getFileName();
    return Files.readAllLines(record).stream()
        .map(String::strip)
        .filter(l -> l.startsWith("/dev/loop"))
        .distinct()
        .filter(
            l -> host.loopBacking(l).filter(b -> HostObjects.sameFile(b, detachedName)).isPresent())
        .toList();
  }

  /**
   * Orphans no record names: left by runs before the record existed, or whose data directory went
   * with it. Ours, as far as anything can tell: on a file named as this volume names nbdfuse's
   * ({@code /disk} once its mount is gone), mounted nowhere, held by nothing, and unreadable (its
   * nbdfuse is gone). A loop another program still reads through keeps its file's full name or
   * answers a read, and is left alone; one that fails all four tests is of no use to anyone.
   */
  private List<String> unrecordedOrphans(List<String> recorded) {
    List<String> orphans = new ArrayList<>();
    for (String loop : host.unusedLoopsOnDetached(fuseFile.getFileName().toString())) {
      if (!recorded.contains(loop) && !readable(loop)) {
        orphans.add(loop);
      }
    }
    return orphans;
  }

  /** Whether one block of {@code loop} reads, past the page cache: its file's server answers. */
  private boolean readable(String loop) {
    try {
      commands.run(
          Duration.ofSeconds(10),
          List.of("dd", "if=" + loop, "of=/dev/null", "bs=4096", "count=1", "iflag=direct"));
      return true;
    } catch (IOException e) {
      // A read that hangs is a server alive but stuck, not gone: left alone.
      return e.getMessage() != null && e.getMessage().contains(": no exit after ");
    }
  }
}
