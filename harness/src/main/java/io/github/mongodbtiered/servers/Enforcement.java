package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.profiles.DiskProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * The limits the kernel actually holds for a container, read back from its cgroup after start (not
 * what was asked for). A value of 0 means "no limit"; -1 means "could not be read".
 *
 * @param device the throttled disk
 * @param readIops read IOPS limit on {@code device}
 * @param writeIops write IOPS limit
 * @param readBytesPerSec read bandwidth limit
 * @param writeBytesPerSec write bandwidth limit
 * @param memoryBytes memory limit
 * @param latencyApplied whether the profile's added latency is in effect
 * @param notes what could not be applied or read, and why
 */
public record Enforcement(
    BlockDevice device,
    long readIops,
    long writeIops,
    long readBytesPerSec,
    long writeBytesPerSec,
    long memoryBytes,
    boolean latencyApplied,
    List<String> notes) {

  public Enforcement {
    notes = List.copyOf(notes);
  }

  /** The differences between what {@code profile} asks for and what is enforced, if any. */
  public List<String> shortfalls(DiskProfile profile) {
    List<String> s = new ArrayList<>();
    check(s, "read IOPS", profile.readIops(), readIops);
    check(s, "write IOPS", profile.writeIops(), writeIops);
    check(s, "read bandwidth", profile.readBytesPerSec(), readBytesPerSec);
    check(s, "write bandwidth", profile.writeBytesPerSec(), writeBytesPerSec);
    check(s, "memory", profile.memoryBytes(), memoryBytes);
    if (profile.addedLatencyMillis() > 0 && !latencyApplied) {
      s.add("latency not applied (+" + profile.addedLatencyMillis() + " ms asked)");
    }
    return s;
  }

  private static void check(List<String> s, String what, long asked, long got) {
    if (asked != got) {
      s.add(what + ": asked " + asked + ", enforced " + (got < 0 ? "unknown" : got));
    }
  }
}
