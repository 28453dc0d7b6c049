package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Which bytes decided a cell's predicted tier ({@code metrics.TierClassifier}): data + indexes
 * against the WiredTiger cache, then the files against the filesystem cache's room, as their live
 * bytes when the server reports them, else as their size.
 */
public enum PredictedTierBasis {
  /**
   * Data + indexes: they fit the WiredTiger cache, or stood in for file sizes the server did not
   * report.
   */
  DATA("data", "data + indexes"),
  /**
   * {@link Metric#FILE_LIVE_BYTES}: the files' size less the space WiredTiger holds for reuse,
   * collection and indexes; what a reader can need the filesystem cache to hold.
   */
  LIVE("live", "live bytes"),
  /**
   * {@link Metric#STORAGE_BYTES} + {@link Metric#INDEX_BYTES}: the files' size, free space
   * included; used when the live bytes are not known.
   */
  FILE("file", "file size");

  private final String id;
  private final String label;

  PredictedTierBasis(String id, String label) {
    this.id = id;
    this.label = label;
  }

  /** For CSV and JSON: "data", "live", "file". */
  @JsonValue
  public String id() {
    return id;
  }

  /** For people: "data + indexes", "live bytes", "file size". */
  public String label() {
    return label;
  }

  /** The id of {@code basis}, or "" for null (not known). */
  public static String idOf(PredictedTierBasis basis) {
    return basis == null ? "" : basis.id;
  }

  /** The basis of {@code id}, or null for null or empty (not known). */
  @JsonCreator
  public static PredictedTierBasis fromId(String id) {
    return Ids.find(values(), PredictedTierBasis::id, id, "predicted tier basis");
  }
}
