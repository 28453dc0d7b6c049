package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Which filesystem cache hit ratio a cell's observed tier was classified from: {@code
 * metrics.TierClassifier} takes the one in read operations when it is known, else the one in bytes.
 */
public enum FsHitBasis {
  /** {@link Metric#FS_HIT_RATIO_OPS}: block reads against device read requests. */
  OPS("ops"),
  /** {@link Metric#FS_HIT_RATIO}: bytes, which read-ahead makes look worse. */
  BYTES("bytes");

  private final String id;

  FsHitBasis(String id) {
    this.id = id;
  }

  /** For CSV and JSON: "ops", "bytes". */
  @JsonValue
  public String id() {
    return id;
  }

  /** The id of {@code basis}, or "" for null (not known). */
  public static String idOf(FsHitBasis basis) {
    return basis == null ? "" : basis.id;
  }

  /** The basis of {@code id}, or null for null or empty (not known). */
  @JsonCreator
  public static FsHitBasis fromId(String id) {
    return Ids.find(values(), FsHitBasis::id, id, "filesystem hit basis");
  }
}
