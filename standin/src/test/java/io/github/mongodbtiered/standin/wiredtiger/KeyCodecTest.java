package io.github.mongodbtiered.standin.wiredtiger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.bson.MaxKey;
import de.bwaldvogel.mongo.bson.MinKey;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyCodecTest {

  /** Each value's key must sort strictly before the next one's. */
  private static void assertAscending(List<?> values) {
    for (int i = 1; i < values.size(); i++) {
      Key a = KeyCodec.encode(values.get(i - 1));
      Key b = KeyCodec.encode(values.get(i));
      assertTrue(a.compareTo(b) < 0, values.get(i - 1) + " should sort before " + values.get(i));
    }
  }

  @Test
  void numbersOfEveryTypeCompareByValue() {
    assertAscending(
        List.of(
            Double.NaN,
            Double.NEGATIVE_INFINITY,
            Long.MIN_VALUE,
            -1e18,
            -3,
            -2.5,
            -0.5,
            0,
            1e-300,
            0.5,
            1L,
            1.5,
            2,
            9_007_199_254_740_992L, // 2^53
            9_007_199_254_740_993L, // 2^53 + 1: not a double, ordered by its remainder
            9_007_199_254_740_994.0,
            9_007_199_254_740_995L,
            Long.MAX_VALUE - 1,
            Long.MAX_VALUE,
            Double.POSITIVE_INFINITY));
  }

  @Test
  void equalNumbersOfDifferentTypesAreOneKey() {
    assertEquals(KeyCodec.encode(7), KeyCodec.encode(7L));
    assertEquals(KeyCodec.encode(7), KeyCodec.encode(7.0));
    assertEquals(KeyCodec.encode(0.0), KeyCodec.encode(-0.0));
    assertNotEquals(KeyCodec.encode(7), KeyCodec.encode("7"));
  }

  @Test
  void stringsCompareByTheirBytesAndPrefixesSortFirst() {
    assertAscending(
        List.of("", "\0", "\0a", "a", "a\0", "ab", "b", "user1", "user10", "user2", "é"));
  }

  @Test
  void typesFollowMongoDbsOrder() {
    assertAscending(
        List.of(
            MinKey.getInstance(),
            12345,
            "a string",
            new de.bwaldvogel.mongo.bson.Document("a", 1),
            List.of(1, 2),
            new ObjectId("000000000000000000000000"),
            new ObjectId("000000000000000000000001"),
            new ObjectId("ffffffffffffffffffffffff"),
            false,
            true,
            Instant.ofEpochMilli(-1),
            Instant.ofEpochMilli(0),
            MaxKey.getInstance()));
  }
}
