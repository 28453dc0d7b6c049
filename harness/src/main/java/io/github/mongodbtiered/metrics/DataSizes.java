package io.github.mongodbtiered.metrics;

import java.util.List;
import org.bson.Document;

/**
 * A database's or collection's sizes, from a {@code $collStats} stage's {@code storageStats}, a
 * {@code collStats} or a {@code dbStats} reply. Null when the reply lacks the figure.
 *
 * @param dataBytes {@code dataSize}: the documents, uncompressed
 * @param indexBytes {@code indexSize} (dbStats) or {@code totalIndexSize} (collStats): the indexes
 *     as stored; WiredTiger prefix-compresses them, on disk and in its cache alike
 * @param storageBytes {@code storageSize}: the document files on disk, compressed, indexes excluded
 * @param liveBytes the files' live bytes, collection and indexes: see {@link #liveBytesOf}; at most
 *     {@link #onDiskBytes()}
 * @param liveBytesOverFile by how much the block manager's live bytes exceeded {@link
 *     #onDiskBytes()} and were cut down to it (its file sizes and {@code storageSize} are read at
 *     different moments); null when they did not
 * @param source the command that answered; null when none did
 * @param shards how many replies were added up: one per shard through a router, else 1
 */
public record DataSizes(
    Long dataBytes,
    Long indexBytes,
    Long storageBytes,
    Long liveBytes,
    Long liveBytesOverFile,
    SizesSource source,
    int shards) {

  /** Sizes without the files' live bytes (a {@code dbStats} reply has none). */
  public DataSizes(Long dataBytes, Long indexBytes, Long storageBytes) {
    this(dataBytes, indexBytes, storageBytes, null);
  }

  /** Sizes of one server's reply, of no recorded source, nothing cut. */
  public DataSizes(Long dataBytes, Long indexBytes, Long storageBytes, Long liveBytes) {
    this(dataBytes, indexBytes, storageBytes, liveBytes, null, null, 1);
  }

  /** No sizes: nothing answered. */
  public static DataSizes none() {
    return new DataSizes(null, null, null, null, null, null, 0);
  }

  /**
   * The sizes in a {@code $collStats: {storageStats: {}}} aggregation's documents, added up: one
   * document on a single server, one per shard through a router ({@code shard} names it). A figure
   * is null when any shard lacks it, never a part of the whole. Null when there is no document or
   * one has no {@code storageStats}.
   */
  public static DataSizes fromCollStatsStage(List<Document> replies) {
    if (replies.isEmpty()) {
      return null;
    }
    DataSizes total = null;
    for (Document reply : replies) {
      if (!(reply.get("storageStats") instanceof Document stats)) {
        return null;
      }
      DataSizes shard = from(stats, SizesSource.COLL_STATS_STAGE);
      total = total == null ? shard : total.plus(shard);
    }
    return total;
  }

  private DataSizes plus(DataSizes o) {
    // Either shard's excess alone, or both added (a mixed conditional would unbox a null).
    Long over = liveBytesOverFile;
    if (o.liveBytesOverFile != null) {
      over = over == null ? o.liveBytesOverFile : Long.valueOf(over + o.liveBytesOverFile);
    }
    return new DataSizes(
        Counters.sum(dataBytes, o.dataBytes),
        Counters.sum(indexBytes, o.indexBytes),
        Counters.sum(storageBytes, o.storageBytes),
        Counters.sum(liveBytes, o.liveBytes),
        over,
        source,
        shards + o.shards);
  }

  /** The sizes in a reply of no recorded source; see {@link #from(Document, SizesSource)}. */
  public static DataSizes from(Document stats) {
    return from(stats, null);
  }

  /**
   * The sizes in a reply; values may be of any BSON number type. Replies to a command run with a
   * {@code scale} are multiplied back by their {@code scaleFactor} (to within the scale). Live
   * bytes above the files' size are cut down to it.
   *
   * @param stats a {@code collStats} or {@code dbStats} reply, or a {@code $collStats} document's
   *     {@code storageStats}, which holds the same fields
   */
  public static DataSizes from(Document stats, SizesSource source) {
    Long scale = stats.containsKey("scaleFactor") ? Counters.toLong(stats.get("scaleFactor")) : 1L;
    // dbStats says dataSize and indexSize; collStats says size and totalIndexSize (some servers
    // give indexSize there as a per-index document).
    Object data = stats.containsKey("dataSize") ? stats.get("dataSize") : stats.get("size");
    Object index =
        stats.containsKey("totalIndexSize") ? stats.get("totalIndexSize") : stats.get("indexSize");
    if (index instanceof Document perIndex) {
      Long sum = 0L;
      for (Object v : perIndex.values()) {
        sum = Counters.sum(sum, Counters.toLong(v));
      }
      index = sum;
    }
    Long storage = scaled(stats.get("storageSize"), scale);
    Long dataBytes = scaled(data, scale);
    // Data that occupies no storage means the server does not know (the stand-in): unknown.
    if (storage != null && storage == 0 && dataBytes != null && dataBytes > 0) {
      storage = null;
    }
    Long indexBytes = scaled(index, scale);
    Long live = liveBytesOf(stats);
    Long files = Counters.sum(storage, indexBytes);
    Long over = live != null && files != null && live > files ? live - files : null;
    return new DataSizes(
        dataBytes, indexBytes, storage, over == null ? live : files, over, source, 1);
  }

  /**
   * The live bytes of a {@code collStats} reply's files: for the collection ({@code
   * wiredTiger["block-manager"]}) and each index ({@code indexDetails.<name>["block-manager"]}),
   * {@code "file size in bytes"} less {@code "file bytes available for reuse"}, summed. WiredTiger
   * reuses that free space for new writes but never reads it, so a file loaded, updated and
   * checkpointed can be twice its live bytes. WiredTiger's statistics are not scaled by {@code
   * scale}. Null when any file's pair is missing or inconsistent, or there is no {@code
   * indexDetails} (a {@code dbStats} reply), or it has fewer indexes than {@code nindexes} while
   * {@code totalIndexSize} says indexes take room: a partial sum would understate what readers
   * need. An empty {@code indexDetails} with no index (a clustered collection has no {@code _id}
   * index) gives the collection's file alone.
   */
  static Long liveBytesOf(Document stats) {
    Long live = liveBytesOfFile(stats.get("wiredTiger"));
    if (live == null || !(stats.get("indexDetails") instanceof Document indexes)) {
      return null;
    }
    Long declared = Counters.toLong(stats.get("nindexes"));
    Long indexBytes = Counters.toLong(stats.get("totalIndexSize"));
    // Missing indexes count only where indexes take room: a server that keeps its _id index in
    // the collection's own file (the stand-in: totalIndexSize 0) lists none and loses nothing.
    if (declared != null && declared > indexes.size() && (indexBytes == null || indexBytes > 0)) {
      return null;
    }
    for (Object index : indexes.values()) {
      live = Counters.sum(live, liveBytesOfFile(index));
    }
    return live;
  }

  /** {@code size - reusable} of one file's statistics section, or null. */
  private static Long liveBytesOfFile(Object section) {
    if (!(section instanceof Document wt)
        || !(wt.get("block-manager") instanceof Document blocks)) {
      return null;
    }
    Long size = Counters.toLong(blocks.get("file size in bytes"));
    Long reusable = Counters.toLong(blocks.get("file bytes available for reuse"));
    if (size == null || reusable == null || reusable < 0 || reusable > size) {
      return null;
    }
    return size - reusable;
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
