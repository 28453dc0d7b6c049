package io.github.mongodbtiered.ycsb;

/** A phase that could not start: bad properties, an unknown workload, a DB that would not init. */
public class PhaseException extends Exception {
  /** Why the phase did not start: decides the launcher's exit code. */
  public enum Reason {
    BAD_INPUT,
    DB_INIT
  }

  private final Reason reason;

  public PhaseException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
