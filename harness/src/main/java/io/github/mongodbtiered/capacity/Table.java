package io.github.mongodbtiered.capacity;

import java.util.List;

/**
 * One table of the advice as text cells, for the console, the CSV and the page alike.
 *
 * @param id a short name, for its CSV file ({@code advise-<id>.csv})
 * @param title what it answers
 * @param headings column headings
 * @param rows the rows, each as long as the headings
 * @param note a line under it (what the band is, ...), or empty
 */
public record Table(
    String id, String title, List<String> headings, List<List<String>> rows, String note) {
  public Table {
    headings = List.copyOf(headings);
    rows = rows.stream().map(List::copyOf).toList();
    note = note == null ? "" : note;
  }
}
