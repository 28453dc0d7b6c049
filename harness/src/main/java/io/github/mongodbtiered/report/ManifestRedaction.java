package io.github.mongodbtiered.report;

import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.results.EnvironmentFacts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Keeps credentials out of {@code run.json}: the password of every {@code mongodb://} or {@code
 * mongodb+srv://} URL, and the value of any argument or property whose name mentions a password,
 * secret or token. Applying it twice changes nothing, so a manifest rebuilt from another stays as
 * it was.
 */
final class ManifestRedaction {
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i).*(password|passwd|secret|token).*");

  private ManifestRedaction() {}

  /** Masks URL passwords, {@code name=secret} values, and the value after a secret's flag. */
  static List<String> args(List<String> args) {
    List<String> out = new ArrayList<>();
    boolean maskNext = false;
    for (String arg : args) {
      if (maskNext) {
        out.add(Redaction.MASK);
        maskNext = false;
        continue;
      }
      String a = Redaction.scrub(arg, null);
      int eq = a.indexOf('=');
      if (eq > 0 && SECRET_NAME.matcher(a.substring(0, eq)).matches()) {
        a = a.substring(0, eq + 1) + Redaction.MASK;
      } else {
        maskNext = a.startsWith("-") && SECRET_NAME.matcher(a).matches();
      }
      out.add(a);
    }
    return List.copyOf(out);
  }

  /** Sorted, so the file does not change with the caller's map order. */
  static Map<String, String> properties(Map<String, String> props) {
    Map<String, String> out = new TreeMap<>();
    props.forEach(
        (k, v) ->
            out.put(
                k, SECRET_NAME.matcher(k).matches() ? Redaction.MASK : Redaction.scrub(v, null)));
    return Collections.unmodifiableMap(out);
  }

  /** Free text, such as a warning: URL passwords masked. */
  static List<String> texts(List<String> texts) {
    return texts.stream().map(w -> Redaction.scrub(w, null)).toList();
  }

  /** The facts with their warnings' URL passwords masked; null stays null. */
  static EnvironmentFacts environment(EnvironmentFacts e) {
    if (e == null) {
      return null;
    }
    return e.withWarnings(texts(e.warnings()));
  }
}
