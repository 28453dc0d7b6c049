package io.github.mongodbtiered.capacity;

/** A report the model cannot be built from; the message says why and what would do. */
public final class NotModelableException extends IllegalArgumentException {
  public NotModelableException(String message) {
    super(message);
  }
}
