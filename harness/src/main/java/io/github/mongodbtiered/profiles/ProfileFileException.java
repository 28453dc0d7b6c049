package io.github.mongodbtiered.profiles;

/** A profile file that cannot be used; the message names the file, line and field. */
public class ProfileFileException extends IllegalArgumentException {
  public ProfileFileException(String message) {
    super(message);
  }
}
