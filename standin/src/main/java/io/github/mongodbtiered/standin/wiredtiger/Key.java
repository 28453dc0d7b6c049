package io.github.mongodbtiered.standin.wiredtiger;

import java.util.Arrays;

/**
 * A record's key in its WiredTiger table (the encoded {@code _id}), used as mongo-java-server's
 * document position. Compared as unsigned bytes, as WiredTiger orders them.
 */
public record Key(byte[] bytes) implements Comparable<Key> {

  @Override
  public boolean equals(Object o) {
    return o instanceof Key k && Arrays.equals(bytes, k.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public int compareTo(Key o) {
    return Arrays.compareUnsigned(bytes, o.bytes);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("Key[");
    for (byte b : bytes) {
      s.append(String.format("%02x", b));
    }
    return s.append(']').toString();
  }
}
