package io.github.mongodbtiered.binding;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.bson.Document;
import org.bson.types.Binary;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A stored record's fields as YCSB reads them. Records are stored as the stock {@code mongodb}
 * binding stores them ({@code _id} = key, each field a BSON binary); fields another loader stored
 * as other types are read as the UTF-8 of their string form.
 */
final class RecordFields {
  private RecordFields() {}

  /** Every field of {@code doc} but {@code _id} into {@code result}. */
  static void copy(Document doc, Map<String, ByteIterator> result) {
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      if (!"_id".equals(e.getKey())) {
        result.put(e.getKey(), new ByteArrayByteIterator(bytes(e.getValue())));
      }
    }
  }

  /** Field bytes: binary as stored by YCSB; strings (from other loaders) as UTF-8. */
  private static byte[] bytes(Object value) {
    if (value instanceof Binary b) {
      return b.getData();
    }
    if (value instanceof byte[] b) {
      return b;
    }
    return String.valueOf(value).getBytes(StandardCharsets.UTF_8);
  }
}
