package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.Redaction;

/** What the sweep says of a failure: one line, credentials masked. */
final class Messages {
  private Messages() {}

  static String of(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return Redaction.scrub(m, null);
  }
}
