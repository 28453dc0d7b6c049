package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What served a sweep's cells: the report's "server" column. */
public enum ServerKind {
  /** The server image in a container per cell, limited by the profile. */
  DOCKER("docker"),
  /** The user's deployment, reached by {@code --mongodb-url}; profiles are labels. */
  URL("url"),
  /** The stand-in server inside the harness's JVM; not MongoDB. */
  EMBEDDED("embedded");

  private final String id;

  ServerKind(String id) {
    this.id = id;
  }

  @JsonValue
  public String id() {
    return id;
  }

  @JsonCreator
  public static ServerKind fromId(String id) {
    return Ids.find(values(), ServerKind::id, id, "server kind");
  }
}
