package io.github.mongodbtiered.volumes;

import java.util.Properties;

/** How large a data volume must be for what it will hold. */
public final class VolumeSize {
  /** Room for the journal, the server's own files and a probe file. */
  static final long FIXED_BYTES = 2L << 30;

  private VolumeSize() {}

  /**
   * {@code records} documents of the workload's shape, twice over (indexes, the storage engine's
   * free space, a checkpoint in flight), plus {@link #FIXED_BYTES}, rounded up to a GiB.
   *
   * @param workload YCSB properties: {@code fieldcount} (default 10), {@code fieldlength} (100)
   * @param extraBytes what else goes on the volume (a disk baseline's file)
   */
  public static long forRecords(long records, Properties workload, long extraBytes) {
    long fields = Long.parseLong(workload.getProperty("fieldcount", "10").trim());
    long length = Long.parseLong(workload.getProperty("fieldlength", "100").trim());
    // Per document: the fields with their names and BSON framing, the key, and the _id index entry.
    long perRecord = fields * (length + 16) + 64;
    long bytes;
    try {
      bytes = Math.multiplyExact(Math.multiplyExact(records, perRecord), 2L);
    } catch (ArithmeticException e) {
      bytes = Long.MAX_VALUE; // refused by the free-space check, with the figures
    }
    return roundUpToGib(saturatedAdd(saturatedAdd(bytes, FIXED_BYTES), extraBytes));
  }

  /** For a probe's file alone. */
  public static long forFile(long fileBytes) {
    return roundUpToGib(saturatedAdd(fileBytes, 1L << 30));
  }

  private static long saturatedAdd(long a, long b) {
    long s = a + b;
    return s < 0 ? Long.MAX_VALUE : s;
  }

  private static long roundUpToGib(long bytes) {
    long gib = 1L << 30;
    return bytes >= Long.MAX_VALUE - gib ? Long.MAX_VALUE : (bytes + gib - 1) / gib * gib;
  }
}
