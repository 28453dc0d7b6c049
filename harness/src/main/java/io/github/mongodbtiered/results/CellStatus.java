package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Whether a cell's figures are a result. */
public enum CellStatus {
  OK("ok"),
  FAILED("failed");

  private final String id;

  CellStatus(String id) {
    this.id = id;
  }

  /** As written in CSV and JSON: {@code ok} or {@code failed}. */
  @JsonValue
  public String id() {
    return id;
  }

  @JsonCreator
  public static CellStatus fromId(String id) {
    return Ids.find(values(), CellStatus::id, id, "cell status");
  }
}
