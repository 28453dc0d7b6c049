package io.github.mongodbtiered.sweep;

import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.Locale;
import org.bson.Document;

/**
 * How a loading server the sweep starts itself (docker, embedded; never a user's deployment) is
 * configured and left behind, so that loading is quick and the files it leaves are those a load of
 * the whole data set in one go would leave.
 */
final class BulkLoad {
  /**
   * WiredTiger settings of the loading server ({@code --wiredTigerEngineConfigString}, which mongod
   * and the stand-in both take): dirty pages may fill most of the cache before eviction writes
   * them. With the defaults (eviction writes from 5% dirty), inserting random keys into a tree that
   * fits the cache wrote each leaf page again and again: 14.4 GB written and 7.4 GB read on the
   * device to add 1M records to 2M, at 8,200-9,200 records/s; with these, 21,000-22,000 records/s.
   * A loading server has no memory limit, so its cache (half the host's memory) holds the tree.
   */
  static final String ENGINE_CONFIG = "eviction_dirty_target=60,eviction_dirty_trigger=80";

  private BulkLoad() {}

  /**
   * What compacting did.
   *
   * @param filesBytes the files' size after (collection and indexes), or null when unknown
   * @param seconds how long the command took
   */
  record Compaction(Long filesBytes, double seconds) {
    /** "compacted the collection's files to 3.96 GB in 13 s". */
    String describe() {
      String size =
          filesBytes == null ? "" : String.format(Locale.ROOT, " to %.2f GB", filesBytes / 1e9);
      return String.format(
          Locale.ROOT, "compacted the collection's files%s in %.0f s", size, seconds);
    }
  }

  /**
   * Seconds between a server's checkpoints by default (mongod's {@code --syncdelay}, the stand-in's
   * too), less the few seconds between the loading server's start, which starts the clock, and the
   * first record.
   */
  static final double CHECKPOINT_SECONDS = 50;

  /**
   * Whether a load left blocks its file no longer uses: a step that added to a data set rewrote
   * most of its pages, and so did a load from empty that outlasted a checkpoint (each checkpoint
   * writes the pages dirtied since the last, random keys dirty nearly all of them, and the blocks
   * of the checkpoint before are freed only once the new one is written: 0 to 5M records in 96 s
   * left a 10.5 GB file for 6.2 GB live). A load from empty within one checkpoint wrote its tree
   * once (0 to 2M in 38 s: 2.56 GB for 2.45 live), and compacting it would take 13 s for nothing.
   *
   * @param fromRecords the records the data set held before the load
   * @param loadSeconds how long the load took
   */
  static boolean leftDeadBlocks(long fromRecords, double loadSeconds) {
    return fromRecords > 0 || loadSeconds >= CHECKPOINT_SECONDS;
  }

  /**
   * Compacts {@code collection} ({@code compact}, which mongod runs online on a standalone). A load
   * step that adds records to a data set rewrites most of its pages, and WiredTiger frees the old
   * blocks only once the new checkpoint is written: the file ends up about the old data set's size
   * larger than its live bytes (8.8 GB for 4.5 GB live after three steps), and the page-cache fill
   * before each cell then reads dead blocks into memory a one-go load would have left to live ones.
   * Compacting moves the blocks at the file's end into that free space and gives the end back (6.19
   * to 3.96 GB for 3.63 GB live at 3M records, in 13 s). The size before is not reported: until the
   * checkpoint that compacting starts with, the loaded pages are still in the cache.
   *
   * @param askStage whether to ask the sizes of the {@code $collStats} stage ({@link
   *     MeasuredRun#sizes}); not of the in-JVM stand-in, which lacks it
   * @throws MongoException when the server refuses or fails the command
   */
  static Compaction compact(MongoDatabase db, String collection, boolean askStage) {
    long startedNanos = System.nanoTime();
    db.runCommand(new Document("compact", collection));
    double seconds = (System.nanoTime() - startedNanos) / 1e9;
    Long filesBytes;
    try {
      filesBytes = MeasuredRun.sizes(db, collection, askStage, new ArrayList<>()).onDiskBytes();
    } catch (MongoException e) {
      filesBytes = null; // the sizes only decorate the line
    }
    return new Compaction(filesBytes, seconds);
  }
}
