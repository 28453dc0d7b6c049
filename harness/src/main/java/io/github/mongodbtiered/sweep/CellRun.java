package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.results.CellResult;

/**
 * One measured run of a cell, as its pipeline ends it.
 *
 * @param cell its result, ok or failed
 * @param logs its decoded HdrHistogram logs, or null when it did not get that far
 */
record CellRun(CellResult cell, RunLogs logs) {}
