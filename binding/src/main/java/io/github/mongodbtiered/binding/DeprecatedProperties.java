package io.github.mongodbtiered.binding;

import static io.github.mongodbtiered.binding.BindingOptions.MAX_CONNECTIONS;
import static io.github.mongodbtiered.binding.BindingOptions.READ_PREFERENCE;
import static io.github.mongodbtiered.binding.BindingOptions.URL;
import static io.github.mongodbtiered.binding.BindingOptions.WAIT_QUEUE_MULTIPLIER;
import static io.github.mongodbtiered.binding.BindingOptions.WRITE_CONCERN;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The stock binding's deprecated properties ({@code mongodb.writeConcern}, {@code
 * mongodb.readPreference}, {@code mongodb.maxconnections}, {@code
 * mongodb.threadsAllowedToBlockForConnectionMultiplier}), folded into the connection string's query
 * unless the URL already sets the same option: the URL wins. Each fold adds a warning.
 */
final class DeprecatedProperties {
  private static final NamedProperty WRITE_CONCERNS =
      new NamedProperty(
          WRITE_CONCERN,
          Map.of(
              "errors_ignored", "w=0",
              "unacknowledged", "w=0",
              "acknowledged", "w=1",
              "safe", "w=1",
              "normal", "w=1",
              "journaled", "journal=true",
              "replica_acknowledged", "w=2",
              "majority", "w=majority"),
          "write concern: use errors_ignored, unacknowledged, acknowledged, journaled,"
              + " replica_acknowledged or majority (or w=... in "
              + URL
              + ")");

  private static final NamedProperty READ_PREFERENCES =
      new NamedProperty(
          READ_PREFERENCE,
          Map.of(
              "primary", "readPreference=primary",
              "primary_preferred", "readPreference=primaryPreferred",
              "secondary", "readPreference=secondary",
              "secondary_preferred", "readPreference=secondaryPreferred",
              "nearest", "readPreference=nearest"),
          "read preference: use primary, primary_preferred, secondary, secondary_preferred"
              + " or nearest");

  private DeprecatedProperties() {}

  /**
   * A deprecated property whose values are names (case-insensitive), each standing for one URL
   * option.
   *
   * @param expected what the value must be, for the message when it is none of the names
   */
  private record NamedProperty(String property, Map<String, String> options, String expected) {
    /** The URL option ({@code key=value}) the property names, or null when it is not set. */
    String urlOption(Properties props) {
      String value = props.getProperty(property);
      if (value == null) {
        return null;
      }
      String option = options.get(value.trim().toLowerCase(Locale.ROOT));
      if (option == null) {
        throw new IllegalArgumentException(property + "=" + value + " is not a " + expected);
      }
      return option;
    }
  }

  /** {@code url} with each deprecated property that is set added to its query. */
  static String foldInto(String url, Properties props, List<String> warnings) {
    String result = url;
    for (NamedProperty named : List.of(WRITE_CONCERNS, READ_PREFERENCES)) {
      String option = named.urlOption(props);
      if (option != null) {
        String key = option.substring(0, option.indexOf('='));
        result = addOption(result, option, warnings, named.property(), key);
      }
    }
    if (props.getProperty(MAX_CONNECTIONS) != null) {
      int n = PropertyValues.intProperty(props, MAX_CONNECTIONS, 100, 1, 100_000);
      result = addOption(result, "maxPoolSize=" + n, warnings, MAX_CONNECTIONS, "maxPoolSize");
    }
    if (props.getProperty(WAIT_QUEUE_MULTIPLIER) != null) {
      PropertyValues.intProperty(props, WAIT_QUEUE_MULTIPLIER, 5, 0, 100_000);
      warnings.add(
          WAIT_QUEUE_MULTIPLIER
              + " is accepted for compatibility but has no effect: the current driver has no"
              + " wait-queue limit; threads wait up to maxConnecting/waitQueueTimeoutMS instead");
    }
    return result;
  }

  /** {@code url} with {@code option} added to its query, unless the query sets {@code urlKey}. */
  private static String addOption(
      String url, String option, List<String> warnings, String property, String urlKey) {
    int q = url.indexOf('?');
    String query = q < 0 ? "" : url.substring(q + 1);
    for (String part : query.split("&")) {
      String key = part.contains("=") ? part.substring(0, part.indexOf('=')) : part;
      if (key.equalsIgnoreCase(urlKey)) {
        warnings.add(property + " is ignored: " + URL + " already sets " + key + " (the URL wins)");
        return url;
      }
    }
    warnings.add(property + " is deprecated: applied as " + option + " in the connection string");
    if (q < 0) {
      // A URL with no path needs one before the query: mongodb://host/?opt=1
      String sep = url.substring(url.indexOf("://") + 3).contains("/") ? "?" : "/?";
      return url + sep + option;
    }
    return url + (query.isEmpty() ? "" : "&") + option;
  }
}
