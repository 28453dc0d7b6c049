package io.github.mongodbtiered.servers;

/**
 * A server, Docker or the host could not be used for measuring: the command line maps it to exit
 * code 3, apart from bad input (2) and a failed measurement (1).
 */
public class ServerUnavailableException extends IllegalStateException {
  public ServerUnavailableException(String message) {
    super(message);
  }

  public ServerUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
