package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.results.Metric;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one step of a cell's measurement found: its figures, its notes in the order they arose, and
 * why the cell fails at it. Steps return it as a value; only {@link CellVerdict} makes a cell of
 * the steps' findings.
 *
 * @param figures the step's figures by metric
 * @param notes what a reader needs to weigh the figures, in order
 * @param failure why the cell fails at this step, or null when it goes on
 */
record Findings(Map<Metric, Double> figures, List<String> notes, String failure) {
  /** A step that found nothing and did not fail (one that did not run). */
  static final Findings NONE = new Findings(Map.of(), List.of(), null);

  Findings {
    EnumMap<Metric, Double> copy = new EnumMap<>(Metric.class);
    copy.putAll(figures);
    figures = Collections.unmodifiableMap(copy);
    notes = List.copyOf(notes);
  }

  /** Whether the cell fails at this step. */
  boolean failed() {
    return failure != null;
  }

  /** These findings, then {@code next}'s: figures of both (next's win), notes in order. */
  Findings then(Findings next) {
    EnumMap<Metric, Double> both = new EnumMap<>(Metric.class);
    both.putAll(figures);
    both.putAll(next.figures);
    List<String> all = new ArrayList<>(notes);
    all.addAll(next.notes);
    return new Findings(both, all, failure != null ? failure : next.failure);
  }

  /** These findings, failing with {@code why} (unless they failed already). */
  Findings failing(String why) {
    return new Findings(figures, notes, failure != null ? failure : why);
  }
}
