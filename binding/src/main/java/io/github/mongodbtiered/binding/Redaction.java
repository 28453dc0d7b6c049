package io.github.mongodbtiered.binding;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps credentials out of logs, CSVs and reports: a connection string's password, any query option
 * whose name mentions a password, and AWS session tokens become {@code ****}.
 */
public final class Redaction {
  public static final String MASK = "****";

  private static final Pattern SECRET_OPTION =
      Pattern.compile("(?i)([?&][^=&]*(?:password|secret|token)[^=&]*=)([^&]*)");
  private static final Pattern AWS_TOKEN =
      Pattern.compile("(?i)(AWS_SESSION_TOKEN[:%3A]+)([^,&]*)");

  private Redaction() {}

  /** The connection string with every secret replaced by {@link #MASK}; null stays null. */
  public static String maskUri(String uri) {
    if (uri == null) {
      return null;
    }
    String masked = uri;
    int[] span = passwordSpan(uri);
    if (span != null) {
      masked = uri.substring(0, span[0]) + MASK + uri.substring(span[1]);
    }
    masked = SECRET_OPTION.matcher(masked).replaceAll("$1" + MASK);
    masked = AWS_TOKEN.matcher(masked).replaceAll("$1" + MASK);
    return masked;
  }

  /**
   * Removes the secrets of {@code uri} from free text (a driver's error message, say), in raw and
   * URL-decoded form, then masks any connection string the text contains.
   */
  public static String scrub(String text, String uri) {
    if (text == null) {
      return null;
    }
    String out = text;
    if (uri != null) {
      String password = password(uri);
      if (password != null && !password.isEmpty()) {
        out = out.replace(password, MASK);
        String decoded;
        try {
          decoded = URLDecoder.decode(password.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
          // A '%' not followed by hex: the decoder's own error would quote part of the password.
          decoded = "";
        }
        if (!decoded.isEmpty()) {
          out = out.replace(decoded, MASK);
        }
      }
      if (out.contains(uri)) {
        out = out.replace(uri, maskUri(uri));
      }
    }
    Matcher m = Pattern.compile("mongodb(?:\\+srv)?://\\S+").matcher(out);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, Matcher.quoteReplacement(maskUri(m.group())));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  private static String password(String uri) {
    int[] span = passwordSpan(uri);
    return span == null ? null : uri.substring(span[0], span[1]);
  }

  /**
   * Where the password stands: after the first ':' of the user info and before the last '@' ahead
   * of the query. Over-masks rather than leaks when a password holds unencoded separators.
   */
  private static int[] passwordSpan(String uri) {
    int schemeEnd = uri.indexOf("://");
    if (schemeEnd < 0) {
      return null;
    }
    int start = schemeEnd + 3;
    int query = uri.indexOf('?', start);
    int limit = query < 0 ? uri.length() : query;
    int at = uri.lastIndexOf('@', limit - 1);
    if (at < start) {
      return null;
    }
    int colon = uri.indexOf(':', start);
    if (colon < 0 || colon > at || colon + 1 == at) {
      return null;
    }
    return new int[] {colon + 1, at};
  }
}
