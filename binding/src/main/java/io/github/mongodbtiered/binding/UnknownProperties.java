package io.github.mongodbtiered.binding;

import static io.github.mongodbtiered.binding.BindingOptions.APP_NAME;
import static io.github.mongodbtiered.binding.BindingOptions.BATCH_SIZE;
import static io.github.mongodbtiered.binding.BindingOptions.COMPRESSORS;
import static io.github.mongodbtiered.binding.BindingOptions.CONNECT_TIMEOUT;
import static io.github.mongodbtiered.binding.BindingOptions.MAX_CONNECTIONS;
import static io.github.mongodbtiered.binding.BindingOptions.READ_CONCERN;
import static io.github.mongodbtiered.binding.BindingOptions.READ_PREFERENCE;
import static io.github.mongodbtiered.binding.BindingOptions.RETRIES;
import static io.github.mongodbtiered.binding.BindingOptions.RETRY_BASE_DELAY;
import static io.github.mongodbtiered.binding.BindingOptions.RETRY_MAX_DELAY;
import static io.github.mongodbtiered.binding.BindingOptions.RETRY_MAX_TIME;
import static io.github.mongodbtiered.binding.BindingOptions.RETRY_READS;
import static io.github.mongodbtiered.binding.BindingOptions.RETRY_WRITES;
import static io.github.mongodbtiered.binding.BindingOptions.SERVER_SELECTION_TIMEOUT;
import static io.github.mongodbtiered.binding.BindingOptions.SOCKET_TIMEOUT;
import static io.github.mongodbtiered.binding.BindingOptions.UPSERT;
import static io.github.mongodbtiered.binding.BindingOptions.URL;
import static io.github.mongodbtiered.binding.BindingOptions.WAIT_QUEUE_MULTIPLIER;
import static io.github.mongodbtiered.binding.BindingOptions.WRITE_CONCERN;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;

/**
 * A {@code mongodb.*} property this binding does not read ({@code mongodb.retrys=3}) was ignored
 * without a word, so the run went ahead on the default: said, with the likely one meant.
 */
final class UnknownProperties {
  /** Every {@code mongodb.*} property this binding reads. */
  private static final List<String> KNOWN =
      List.of(
          URL,
          UPSERT,
          WRITE_CONCERN,
          READ_PREFERENCE,
          MAX_CONNECTIONS,
          WAIT_QUEUE_MULTIPLIER,
          READ_CONCERN,
          COMPRESSORS,
          RETRY_WRITES,
          RETRY_READS,
          APP_NAME,
          SERVER_SELECTION_TIMEOUT,
          CONNECT_TIMEOUT,
          SOCKET_TIMEOUT,
          RETRIES,
          RETRY_BASE_DELAY,
          RETRY_MAX_DELAY,
          RETRY_MAX_TIME);

  private UnknownProperties() {}

  /** One warning per unknown {@code mongodb.*} property, in name order. */
  static List<String> warnings(Properties props) {
    List<String> warnings = new ArrayList<>();
    for (String name : new TreeSet<>(props.stringPropertyNames())) {
      if (!name.startsWith("mongodb.") || KNOWN.contains(name)) {
        continue;
      }
      String meant = meant(name);
      warnings.add(
          name
              + " is not a property of this binding and was ignored"
              + (meant == null ? "" : "; did you mean " + meant + "?"));
    }
    return warnings;
  }

  /** The property most likely meant by {@code name}, or null when none is near. */
  private static String meant(String name) {
    if (name.equalsIgnoreCase("mongodb." + BATCH_SIZE)) {
      return BATCH_SIZE;
    }
    String meant = null;
    int best = 4; // further than 3 edits is no typo
    for (String k : KNOWN) {
      int d = distance(name.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
      if (d < best) {
        best = d;
        meant = k;
      }
    }
    return meant;
  }

  /** Levenshtein distance. */
  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
