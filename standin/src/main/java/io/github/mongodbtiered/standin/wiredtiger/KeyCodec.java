package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.BsonTimestamp;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.MaxKey;
import de.bwaldvogel.mongo.bson.MinKey;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.Map;

/**
 * Order-preserving encoding of BSON values into WiredTiger keys: comparing two encodings as
 * unsigned bytes orders them as MongoDB orders the values (MinKey, null, numbers, strings, objects,
 * arrays, binary, ObjectId, booleans, dates, timestamps, ..., MaxKey), and equal values (e.g.
 * {@code 1}, {@code 1L} and {@code 1.0}) encode equally, so a table keyed this way is the {@code
 * _id} index. Numbers of every type compare by value: a double (the rounded value) then, for longs
 * beyond 2^53, the exact remainder (decimals compare by their nearest double). Strings compare by
 * their UTF-8 bytes (MongoDB's simple binary collation).
 */
public final class KeyCodec {
  private static final int MIN_KEY = 0x01;
  private static final int NULL = 0x05;
  private static final int NUMBER = 0x0A;
  private static final int STRING = 0x0F;
  private static final int OBJECT = 0x14;
  private static final int ARRAY = 0x19;
  private static final int BINARY = 0x1E;
  private static final int OBJECT_ID = 0x23;
  private static final int BOOLEAN = 0x28;
  private static final int DATE = 0x2D;
  private static final int TIMESTAMP = 0x2F;
  private static final int OTHER = 0x40;
  private static final int MAX_KEY = 0x7F;

  private KeyCodec() {}

  /** The key of one value (an {@code _id}). */
  public static Key encode(Object value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(32);
    write(out, value);
    return new Key(out.toByteArray());
  }

  /** The key of several values (a compound index key), component by component. */
  public static Key encodeAll(Iterable<?> values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(32);
    for (Object v : values) {
      write(out, v);
    }
    return new Key(out.toByteArray());
  }

  private static void write(ByteArrayOutputStream out, Object v) {
    if (v == null || v instanceof Missing) {
      out.write(NULL);
    } else if (v instanceof MinKey) {
      out.write(MIN_KEY);
    } else if (v instanceof MaxKey) {
      out.write(MAX_KEY);
    } else if (v instanceof Number n) {
      writeNumber(out, n);
    } else if (v instanceof String s) {
      out.write(STRING);
      writeString(out, s);
    } else if (v instanceof Document d) {
      out.write(OBJECT);
      writeEntries(out, d);
    } else if (v instanceof Collection<?> c) {
      out.write(ARRAY);
      for (Object e : c) {
        out.write(1);
        write(out, e);
      }
      out.write(0);
    } else if (v instanceof byte[] b) {
      out.write(BINARY);
      writeLong(out, b.length);
      out.writeBytes(b);
    } else if (v instanceof ObjectId id) {
      out.write(OBJECT_ID);
      out.writeBytes(id.toByteArray());
    } else if (v instanceof Boolean b) {
      out.write(BOOLEAN);
      out.write(b ? 1 : 0);
    } else if (v instanceof Instant i) {
      out.write(DATE);
      writeLong(out, i.toEpochMilli() ^ Long.MIN_VALUE);
    } else if (v instanceof Date d) {
      out.write(DATE);
      writeLong(out, d.getTime() ^ Long.MIN_VALUE);
    } else if (v instanceof BsonTimestamp t) {
      out.write(TIMESTAMP);
      writeLong(out, t.getValue() ^ Long.MIN_VALUE);
    } else {
      // Rare _id types (binary subtypes, UUIDs, regular expressions): unique, grouped by type,
      // but not ordered like MongoDB within their type.
      out.write(OTHER);
      writeString(out, v.getClass().getName());
      writeString(out, String.valueOf(v));
    }
  }

  private static void writeEntries(ByteArrayOutputStream out, Map<String, Object> d) {
    for (Map.Entry<String, Object> e : d.entrySet()) {
      out.write(1);
      writeString(out, e.getKey());
      write(out, e.getValue());
    }
    out.write(0);
  }

  private static void writeNumber(ByteArrayOutputStream out, Number n) {
    out.write(NUMBER);
    double d;
    long remainder = 0;
    if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
      long l = n.longValue();
      d = (double) l;
      // Rounding is monotonic, so (rounded, exact - rounded) orders longs beyond 2^53 exactly.
      long rounded = d >= 0x1p63 ? Long.MAX_VALUE : (long) d;
      remainder = l - rounded;
    } else {
      d = n.doubleValue();
    }
    if (Double.isNaN(d)) {
      out.write(0); // NaN sorts below every number in MongoDB
      return;
    }
    out.write(1);
    long bits = Double.doubleToLongBits(d == 0.0 ? 0.0 : d); // -0.0 == 0.0
    bits = bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
    writeLong(out, bits);
    writeLong(out, remainder ^ Long.MIN_VALUE);
  }

  /** UTF-8 with 0x00 escaped as 0x00 0xFF and ended by 0x00 0x00, so prefixes sort first. */
  private static void writeString(ByteArrayOutputStream out, String s) {
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      out.write(b);
      if (b == 0) {
        out.write(0xFF);
      }
    }
    out.write(0);
    out.write(0);
  }

  private static void writeLong(ByteArrayOutputStream out, long v) {
    for (int shift = 56; shift >= 0; shift -= 8) {
      out.write((int) (v >>> shift));
    }
  }
}
