package io.github.mongodbtiered.metrics;

import org.bson.Document;

/**
 * A database's or collection's sizes, from a {@code dbStats} or {@code collStats} reply. Null when
 * the reply lacks the figure.
 *
 * @param dataBytes {@code dataSize}: the documents, uncompressed
 * @param indexBytes {@code indexSize} (dbStats) or {@code totalIndexSize} (collStats): the indexes
 *     as stored; WiredTiger prefix-compresses them, on disk and in its cache alike
 * @param storageBytes {@code storageSize}: the document files on disk, compressed, indexes excluded
 */
public record DataSizes(Long dataBytes, Long indexBytes, Long storageBytes) {

  /**
   * The sizes in a reply; values may be of any BSON number type. Replies to a command run with a
   * {@code scale} are multiplied back by their {@code scaleFactor} (to within the scale).
   */
  public static DataSizes from(Document stats) {
    Long scale = stats.containsKey("scaleFactor") ? Counters.toLong(stats.get("scaleFactor")) : 1L;
    Object index =
        stats.containsKey("indexSize") ? stats.get("indexSize") : stats.get("totalIndexSize");
    return new DataSizes(
        scaled(stats.get("dataSize"), scale),
        scaled(index, scale),
        scaled(stats.get("storageSize"), scale));
  }

  private static Long scaled(Object value, Long scale) {
    Long v = Counters.toLong(value);
    return v == null || scale == null ? null : v * scale;
  }

  /**
   * {@code dataBytes + indexBytes}: what the WiredTiger cache must hold for the whole data set,
   * since it keeps documents uncompressed. Null when either is unknown.
   */
  public Long workingSetBytes() {
    return Counters.sum(dataBytes, indexBytes);
  }

  /**
   * {@code storageBytes + indexBytes}: the files' size on disk, compressed, which is what the file
   * system cache must hold for every read to be a cache hit. Null when either is unknown.
   */
  public Long onDiskBytes() {
    return Counters.sum(storageBytes, indexBytes);
  }
}
