package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.backend.DefaultQueryMatcher;
import de.bwaldvogel.mongo.backend.DocumentComparator;
import de.bwaldvogel.mongo.backend.QueryMatcher;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * The collection scan mongo-java-server falls back to when no index answers a query, over a table
 * keyed by the encoded {@code _id}: it starts at the query's lower {@code _id} bound, ends after
 * its upper bound, and stops as soon as the limit is met when the requested order is {@code _id}
 * order (the YCSB scan: {@code _id >= start}, sorted by {@code _id}, limit n).
 */
final class IdRangeScan {
  private final Engine engine;
  private final String uri;
  private final QueryMatcher matcher = new DefaultQueryMatcher();

  IdRangeScan(Engine engine, String uri) {
    this.engine = engine;
    this.uri = uri;
  }

  /**
   * The documents that match {@code query}, in the requested order, at least {@code numberToSkip +
   * limit} of them when there are as many; the caller skips, limits and projects.
   *
   * @param idField the collection's id field, or null when it has none
   */
  List<Document> matching(
      Document query, Document orderBy, String idField, int numberToSkip, int limit) {
    int direction = keyOrderDirection(orderBy, idField);
    Key lower = bound(query, idField, "$gte", "$gt");
    Key upper = bound(query, idField, "$lte", "$lt");
    long wanted = direction == 1 && limit > 0 ? (long) numberToSkip + limit : Long.MAX_VALUE;
    List<Document> matched = new ArrayList<>();
    engine.scan(
        uri,
        lower == null ? null : lower.bytes(),
        (k, v) -> {
          if (upper != null && Arrays.compareUnsigned(k, upper.bytes()) > 0) {
            return false;
          }
          Document document = Bson.decode(v);
          if (matcher.matches(document, query)) {
            matched.add(document);
          }
          return matched.size() < wanted;
        });
    if (direction == -1) {
      Collections.reverse(matched);
    } else if (direction == 0) {
      matched.sort(new DocumentComparator(orderBy));
    }
    return matched;
  }

  /** 1 for {@code _id} order (or none asked), -1 for its reverse, 0 for any other order. */
  private static int keyOrderDirection(Document orderBy, String idField) {
    if (orderBy == null || orderBy.isEmpty()) {
      return 1;
    }
    if (orderBy.size() != 1) {
      return 0;
    }
    String field = orderBy.keySet().iterator().next();
    boolean byKey = field.equals("$natural") || field.equals(idField);
    if (byKey && orderBy.get(field) instanceof Number n) {
      if (n.doubleValue() == 1) {
        return 1;
      }
      if (n.doubleValue() == -1) {
        return -1;
      }
    }
    return 0;
  }

  /** The key of the query's _id bound under either operator, if it has one. */
  private static Key bound(Document query, String idField, String inclusive, String exclusive) {
    if (idField == null || !(query.get(idField) instanceof Document range)) {
      return null;
    }
    Object value = range.containsKey(inclusive) ? range.get(inclusive) : range.get(exclusive);
    if (value == null || value instanceof Document || value instanceof Collection) {
      return null; // no bound, or one whose key order we do not trust for ranges
    }
    return KeyCodec.encode(value);
  }
}
