package io.github.mongodbtiered.results;

/**
 * One repeat of a cell ({@code --repeats}, each from a cold start) as it measured by itself: what
 * {@code compare} needs to tell the variation between runs from a difference.
 *
 * @param opsPerSec the repeat's throughput over its measured run
 * @param p99Ms the repeat's p99 of the cell's main operation ({@link LatencyStats#mainOperation}),
 *     or null when it did none or it is not known (a merged report's repeats)
 */
public record RepeatRun(double opsPerSec, Double p99Ms) {}
