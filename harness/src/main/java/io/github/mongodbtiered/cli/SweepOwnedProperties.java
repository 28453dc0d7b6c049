package io.github.mongodbtiered.cli;

import java.util.Map;

/**
 * YCSB properties the sweep sets itself for every phase. Given with {@code -p} they would be
 * overwritten without a word (yet recorded in run.json as if used), so they are refused, naming the
 * option that does the job.
 */
final class SweepOwnedProperties {
  private static final String OWN = "the sweep sets it for each phase; remove it";

  private static final Map<String, String> FIX =
      Map.ofEntries(
          Map.entry("mongodb.url", "use --mongodb-url"),
          Map.entry("db", "the sweep always runs the mongodb-tiered binding; remove it"),
          Map.entry("recordcount", "use --recordcounts"),
          Map.entry("operationcount", "use --operations"),
          Map.entry("maxexecutiontime", "use --seconds"),
          Map.entry("batchsize", "use --load-batch-size"),
          Map.entry("dotransactions", OWN),
          Map.entry("insertstart", OWN),
          Map.entry("insertcount", OWN),
          Map.entry("mongodb.upsert", OWN),
          Map.entry("measurementtype", OWN),
          Map.entry("hdrhistogram.fileoutput", OWN),
          Map.entry("hdrhistogram.output.path", OWN),
          Map.entry("target", "use --target"),
          Map.entry(
              "measurement.interval",
              "--target records both service and intended-time latencies; remove it"));

  private SweepOwnedProperties() {}

  /**
   * @throws IllegalArgumentException for the first {@code -p} name the sweep sets itself
   */
  static void refuse(Iterable<String> names) {
    for (String name : names) {
      String fix = FIX.get(name);
      if (fix != null) {
        throw new IllegalArgumentException(
            "-p " + name + ": the sweep does not take this property: " + fix);
      }
    }
  }
}
