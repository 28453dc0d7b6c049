package io.github.mongodbtiered.warmup;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * A range of {@code _id}s: from {@code low} (inclusive, or from the smallest when null) to {@code
 * high} (exclusive, or to the largest when null).
 */
record KeyRange(String low, String high) {
  static final KeyRange ALL = new KeyRange(null, null);

  /**
   * The keys in this range after {@code last} (all of them when null), as one {@code _id}
   * condition: the stand-in narrows its scan only by bounds on {@code _id} itself, not inside an
   * {@code $and}, and without them each range would be read from the collection's first key.
   */
  Bson after(Object last) {
    Document bounds = new Document();
    if (last != null) {
      bounds.append("$gt", last);
    } else if (low != null) {
      bounds.append("$gte", low);
    }
    if (high != null) {
      bounds.append("$lt", high);
    }
    return bounds.isEmpty() ? new BsonDocument() : new Document("_id", bounds);
  }

  /**
   * The collection's key space cut at digit prefixes, so that readers can start apart: YCSB's keys
   * are {@code user} and a number, so cutting after the smallest key's letters at every one and two
   * digits gives about 100 ranges of similar size. Only the smallest key is asked for (an ascending
   * scan, which any server streams; a descending one costs the stand-in a full scan). Whatever the
   * keys, the ranges hold every key once; keys that are not strings, or have no digit, give one
   * range.
   */
  static List<KeyRange> split(MongoCollection<Document> c) {
    Object min = smallestKey(c);
    return min instanceof String s ? after(s) : List.of(ALL);
  }

  /** Ranges that together hold every string, cut after the digit-free prefix of {@code min}. */
  static List<KeyRange> after(String min) {
    int p = 0;
    while (p < min.length() && !Character.isDigit(min.charAt(p))) {
      p++;
    }
    if (p == min.length()) {
      return List.of(ALL);
    }
    String prefix = min.substring(0, p);
    List<String> cuts = new ArrayList<>();
    for (char d = '0'; d <= '9'; d++) {
      cuts.add(prefix + d);
      for (char e = '0'; e <= '9'; e++) {
        cuts.add(prefix + d + e);
      }
    }
    List<KeyRange> ranges = new ArrayList<>();
    String from = null;
    for (String cut : cuts.stream().filter(k -> k.compareTo(min) > 0).sorted().toList()) {
      ranges.add(new KeyRange(from, cut));
      from = cut;
    }
    ranges.add(new KeyRange(from, null));
    return ranges;
  }

  /** The smallest {@code _id}, or null for an empty collection. */
  private static Object smallestKey(MongoCollection<Document> c) {
    Document d =
        c.find()
            .sort(Sorts.ascending("_id"))
            .projection(Projections.include("_id"))
            .limit(1)
            .first();
    return d == null ? null : d.get("_id");
  }
}
