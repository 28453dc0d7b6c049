package io.github.mongodbtiered.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run's names stood for, as its {@code run.json} recorded: the ID of each image it ran, by
 * the image's name (a tag such as {@code :latest} names whatever was built last), and the tool's
 * own build (its version names many). A report written before they were recorded knows neither.
 *
 * @param imageIds per image name, Docker's content ID of the image ({@code sha256:...}); empty
 *     where the servers were not containers: an embedded server is the tool's own build, a URL's
 *     server is known by the version it reports
 * @param tool the tool's build, or null when unknown
 */
public record BuildIds(Map<String, String> imageIds, ToolBuild tool) {
  /** A run that recorded neither. */
  public static final BuildIds UNKNOWN = new BuildIds(Map.of(), null);

  public BuildIds {
    imageIds =
        imageIds == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(imageIds));
  }

  /** The image's ID, or null when not recorded. */
  public String imageId(String image) {
    return imageIds.get(image);
  }

  /**
   * "sha256:0123456789ab…": the first 12 hex digits, as {@code docker images} shows an ID, enough
   * to tell two builds apart; an ID of another form as it is.
   */
  public static String shortId(String id) {
    String prefix = "sha256:";
    return id.startsWith(prefix) && id.length() > prefix.length() + 12
        ? id.substring(0, prefix.length() + 12) + "…"
        : id;
  }
}
