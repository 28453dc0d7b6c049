package io.github.mongodbtiered.cli;

import java.nio.file.FileSystemException;

/** Small text helpers the commands share. */
final class Messages {
  private Messages() {}

  /** An exception's message on one line; for a file system error, with what kind it is. */
  static String oneLine(Throwable e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof FileSystemException) {
      // Their message is often only the path: "NoSuchFileException: /x" says what happened.
      m = e.getClass().getSimpleName() + ": " + m;
    }
    return m.replaceAll("\\s*\\R\\s*", " ");
  }

  /** {@code 10} for 10.0, {@code 0.5} for 0.5: a number without a needless fraction. */
  static String number(double d) {
    return d == Math.rint(d) && !Double.isInfinite(d)
        ? Long.toString((long) d)
        : Double.toString(d);
  }
}
