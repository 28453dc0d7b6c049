package io.github.mongodbtiered.report;

import io.github.mongodbtiered.intervals.IntervalLog;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Every file name in a report directory, in one place:
 *
 * <pre>
 * summary.csv                      one row per cell
 * tier-&lt;id&gt;.csv                   the summary split by observed tier
 * run.json                         the run's manifest
 * index.html                       the page
 * plots/&lt;name&gt;.svg, .png          the plots
 * cells/&lt;records&gt;-&lt;profile&gt;.json   each finished cell, for resuming
 * histograms/&lt;records&gt;-&lt;profile&gt;-&lt;OPERATION&gt;.hdr   HdrHistogram logs of a measured run
 * histograms/&lt;records&gt;-&lt;profile&gt;~repeat&lt;k&gt;-&lt;OPERATION&gt;.hdr   those of its repeat k (2, 3, ...)
 * histograms/warmup/...           the same for the warm-up, kept only until its series is written
 * series/&lt;records&gt;-&lt;profile&gt;.csv  throughput and p99 per second, preload and warm-up marked
 * loads.properties                 records/s of each load step
 * ycsb.log                         YCSB's own console output
 * lock                             held by the sweep or report writing here ({@link ReportLock})
 * </pre>
 */
public record ReportLayout(Path dir) {
  public static final String SUMMARY = "summary.csv";
  public static final String MANIFEST = "run.json";
  public static final String PAGE = "index.html";
  public static final String PLOTS = "plots";
  public static final String CELLS = "cells";
  public static final String HISTOGRAMS = "histograms";
  public static final String WARMUP_HISTOGRAMS = "warmup";
  public static final String SERIES = "series";
  public static final String LOAD_RATES = "loads.properties";
  public static final String YCSB_LOG = "ycsb.log";
  public static final String LOCK = "lock";
  static final String TIER_PREFIX = "tier-";
  static final String TIER_SUFFIX = ".csv";
  private static final String HISTOGRAM_SUFFIX = ".hdr";

  /**
   * Marks a later repeat's logs. A profile name cannot hold it, so one cell's repeats are never
   * taken for another profile's logs (as {@code x-y} would be for profile {@code x}).
   */
  private static final String REPEAT_MARK = "~repeat";

  /** What {@code DiskProfile} allows: safe as part of a file name. */
  private static final Pattern PROFILE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public Path summary() {
    return dir.resolve(SUMMARY);
  }

  public Path manifest() {
    return dir.resolve(MANIFEST);
  }

  public Path page() {
    return dir.resolve(PAGE);
  }

  public Path plots() {
    return dir.resolve(PLOTS);
  }

  public Path plot(String name, String extension) {
    return plots().resolve(name + "." + extension);
  }

  public Path cells() {
    return dir.resolve(CELLS);
  }

  public Path histograms() {
    return dir.resolve(HISTOGRAMS);
  }

  /**
   * {@code histograms/warmup/}: a directory of its own, so that nothing reading the measured run's
   * logs ({@link #histogramsOf}, merges, latency figures) ever sees the warm-up's.
   */
  public Path warmupHistograms() {
    return histograms().resolve(WARMUP_HISTOGRAMS);
  }

  public Path series() {
    return dir.resolve(SERIES);
  }

  /** {@code series/<recordCount>-<profile>.csv}. */
  public Path series(long recordCount, String profile) {
    return series().resolve(cellName(recordCount, profile) + ".csv");
  }

  public Path loadRates() {
    return dir.resolve(LOAD_RATES);
  }

  public Path ycsbLog() {
    return dir.resolve(YCSB_LOG);
  }

  /** {@code tier-<id>.csv}; a null tier id (not observed) gives {@code tier-unclassified.csv}. */
  public static String tierFileName(String tierId) {
    String id =
        tierId == null || tierId.isBlank()
            ? "unclassified"
            : tierId.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "_");
    return TIER_PREFIX + id + TIER_SUFFIX;
  }

  /** {@code cells/<recordCount>-<profile>.json}. */
  public Path cell(long recordCount, String profile) {
    return cells().resolve(cellName(recordCount, profile) + ".json");
  }

  /** {@code histograms/<recordCount>-<profile>-<operation>.hdr}. */
  public Path histogram(long recordCount, String profile, String operation) {
    return histograms().resolve(histogramFileName(recordCount, profile, operation));
  }

  /** {@code <recordCount>-<profile>-<operation>.hdr}. */
  public static String histogramFileName(long recordCount, String profile, String operation) {
    return histogramPrefix(recordCount, profile) + operation + HISTOGRAM_SUFFIX;
  }

  /**
   * What YCSB's {@code hdrhistogram.output.path} takes for a cell: it appends the operation name
   * and {@code .hdr} itself.
   */
  public Path histogramOutputPrefix(long recordCount, String profile) {
    return histogramOutputPrefix(recordCount, profile, 1);
  }

  /**
   * As {@link #histogramOutputPrefix(long, String)} for the cell's {@code repeat}th measured run (1
   * for the first, whose logs keep the plain names).
   */
  public Path histogramOutputPrefix(long recordCount, String profile, int repeat) {
    return histograms().resolve(histogramPrefix(recordCount, profile, repeat));
  }

  /**
   * The HdrHistogram logs of the cell's first measured run (its only one without {@code --repeats};
   * {@link #histogramsOfAllRepeats} gives every run's) by operation name, sorted, intended-time
   * ones ({@code Intended-READ}) included; YCSB's CLEANUP pseudo-operation and its logs of failed
   * operations ({@code READ-FAILED}), in either timing, are left out: neither is a result.
   */
  public Map<String, Path> histogramsOf(long recordCount, String profile) throws IOException {
    return histogramsOf(recordCount, profile, 1);
  }

  /**
   * As {@link #histogramsOf(long, String)}, the logs of the cell's {@code repeat}th measured run (1
   * for the first: the plain names, which a cell measured once has alone).
   */
  public Map<String, Path> histogramsOf(long recordCount, String profile, int repeat)
      throws IOException {
    return logsOf(histograms(), histogramPrefix(recordCount, profile, repeat));
  }

  /**
   * Every measured run's logs of the cell by operation name, the first run's first: for the cell's
   * latencies, which are all its repeats' values together.
   */
  public Map<String, List<Path>> histogramsOfAllRepeats(long recordCount, String profile)
      throws IOException {
    Map<String, List<Path>> logs = new TreeMap<>();
    for (int repeat = 1; ; repeat++) {
      Map<String, Path> one = histogramsOf(recordCount, profile, repeat);
      if (one.isEmpty() && repeat > 1) {
        return logs;
      }
      one.forEach((op, log) -> logs.computeIfAbsent(op, k -> new ArrayList<>()).add(log));
    }
  }

  /** What YCSB's {@code hdrhistogram.output.path} takes for the cell's warm-up. */
  public Path warmupHistogramOutputPrefix(long recordCount, String profile) {
    return warmupHistograms().resolve(histogramPrefix(recordCount, profile));
  }

  /** The cell's warm-up logs by operation name, as {@link #histogramsOf} gives the run's. */
  public Map<String, Path> warmupHistogramsOf(long recordCount, String profile) throws IOException {
    return logsOf(warmupHistograms(), histogramPrefix(recordCount, profile));
  }

  /** Removes the cell's warm-up logs. */
  public void deleteWarmupHistogramsOf(long recordCount, String profile) throws IOException {
    deleteMatching(
        warmupHistograms(), histogramPrefix(recordCount, profile) + "*" + HISTOGRAM_SUFFIX);
  }

  /**
   * Removes the cell's time series and its warm-up logs: a cell measured again starts its series
   * afresh, so an attempt that fails before its run shows no earlier attempt's seconds.
   */
  public void deleteSeriesOf(long recordCount, String profile) throws IOException {
    Files.deleteIfExists(series(recordCount, profile));
    deleteWarmupHistogramsOf(recordCount, profile);
  }

  private static Map<String, Path> logsOf(Path dir, String prefix) throws IOException {
    Map<String, Path> logs = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return logs;
    }
    try (DirectoryStream<Path> files =
        Files.newDirectoryStream(dir, prefix + "*" + HISTOGRAM_SUFFIX)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        String op = name.substring(prefix.length(), name.length() - HISTOGRAM_SUFFIX.length());
        // With --target each comes twice: READ and Intended-READ, CLEANUP and Intended-CLEANUP.
        String timed =
            op.startsWith(IntervalLog.INTENDED_PREFIX)
                ? op.substring(IntervalLog.INTENDED_PREFIX.length())
                : op;
        if (!timed.equals("CLEANUP") && !timed.endsWith("-FAILED")) {
          logs.put(op, f);
        }
      }
    }
    return logs;
  }

  /**
   * Removes every log of the cell, every repeat's and failed operations' included: a re-measured
   * cell starts clean.
   */
  public void deleteHistogramsOf(long recordCount, String profile) throws IOException {
    deleteMatching(histograms(), histogramPrefix(recordCount, profile) + "*" + HISTOGRAM_SUFFIX);
    deleteMatching(
        histograms(), cellName(recordCount, profile) + REPEAT_MARK + "*" + HISTOGRAM_SUFFIX);
  }

  /** Removes the logs of the cell's {@code repeat}th run only (2 or more). */
  public void deleteHistogramsOf(long recordCount, String profile, int repeat) throws IOException {
    if (repeat <= 1) {
      throw new IllegalArgumentException("the first run's logs go with the cell's: use the cell's");
    }
    deleteMatching(
        histograms(), histogramPrefix(recordCount, profile, repeat) + "*" + HISTOGRAM_SUFFIX);
  }

  /**
   * Removes every cell file, HdrHistogram log and time series, so that a report rewritten in place
   * (a merge with --force) does not mix its cells with an earlier report's.
   */
  public void deleteCellsAndHistograms() throws IOException {
    deleteMatching(cells(), "*.json");
    deleteMatching(histograms(), "*" + HISTOGRAM_SUFFIX);
    deleteMatching(warmupHistograms(), "*" + HISTOGRAM_SUFFIX);
    deleteMatching(series(), "*.csv");
  }

  private static void deleteMatching(Path dir, String glob) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, glob)) {
      for (Path f : files) {
        Files.delete(f);
      }
    }
  }

  private static String histogramPrefix(long recordCount, String profile) {
    return cellName(recordCount, profile) + "-";
  }

  private static String histogramPrefix(long recordCount, String profile, int repeat) {
    if (repeat < 1) {
      throw new IllegalArgumentException("repeat " + repeat + ": repeats count from 1");
    }
    return repeat == 1
        ? histogramPrefix(recordCount, profile)
        : cellName(recordCount, profile) + REPEAT_MARK + repeat + "-";
  }

  /** {@code <recordCount>-<profile>}, checked to be safe as a file name. */
  static String cellName(long recordCount, String profile) {
    if (recordCount < 0) {
      throw new IllegalArgumentException("record count " + recordCount + " is negative");
    }
    if (profile == null || !PROFILE.matcher(profile).matches()) {
      throw new IllegalArgumentException(
          "profile '" + profile + "': use letters, digits, '.', '_' and '-'");
    }
    return recordCount + "-" + profile;
  }
}
