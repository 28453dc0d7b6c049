package io.github.mongodbtiered.fleet;

import java.util.Map;

/**
 * Which client of a fleet this process is: index {@code index} of {@code clients}, numbered from 0
 * as a Kubernetes Indexed Job numbers its pods ({@code JOB_COMPLETION_INDEX}). Client 0 is the one
 * that reads the server's own figures; every client loads its own slice of each record range.
 *
 * @param index this client's index, 0 to {@code clients - 1}
 * @param clients how many clients the fleet has, at least 1
 */
public record ClientSlot(int index, int clients) {
  /** The environment variable a Kubernetes Indexed Job sets in each pod. */
  public static final String INDEX_VARIABLE = "JOB_COMPLETION_INDEX";

  /** A process on its own: client 0 of 1. */
  public static final ClientSlot ALONE = new ClientSlot(0, 1);

  public ClientSlot {
    if (clients < 1) {
      throw new IllegalArgumentException("a fleet has at least 1 client, not " + clients);
    }
    if (index < 0 || index >= clients) {
      throw new IllegalArgumentException(
          "client index "
              + index
              + " is outside 0.."
              + (clients - 1)
              + " for "
              + clients
              + " clients");
    }
  }

  /**
   * The slot of a fleet of {@code clients}, its index from {@code index} when given, else from
   * {@link #INDEX_VARIABLE} in {@code environment}, else 0.
   *
   * @throws IllegalArgumentException naming the variable when its value is not an index
   */
  public static ClientSlot of(int clients, Integer index, Map<String, String> environment) {
    if (index != null) {
      return new ClientSlot(index, clients);
    }
    String v = environment.get(INDEX_VARIABLE);
    if (v == null || v.isBlank()) {
      return new ClientSlot(0, clients);
    }
    try {
      return new ClientSlot(Integer.parseInt(v.strip()), clients);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          INDEX_VARIABLE + "=" + v + " is not a client index (0.." + (clients - 1) + ")");
    }
  }

  /** Whether this client reads the server's figures (cache, disk): client 0 only. */
  public boolean readsServerFigures() {
    return index == 0;
  }

  /**
   * This client's share of the records {@code from} (inclusive) to {@code to} (exclusive): the
   * range cut into {@code clients} consecutive slices whose sizes differ by at most one, the larger
   * ones first, so that the slices of all clients hold every record exactly once.
   */
  public Slice slice(long from, long to) {
    long n = Math.max(0, to - from);
    long base = n / clients;
    long larger = n % clients;
    long start = from + index * base + Math.min(index, larger);
    return new Slice(start, base + (index < larger ? 1 : 0));
  }

  /**
   * Records {@code start} to {@code start + count}, as YCSB's {@code insertstart} and {@code
   * insertcount} give them.
   */
  public record Slice(long start, long count) {}
}
