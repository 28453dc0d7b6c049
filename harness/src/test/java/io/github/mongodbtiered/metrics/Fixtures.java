package io.github.mongodbtiered.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Test resources under {@code metrics/}. */
final class Fixtures {
  private Fixtures() {}

  static String text(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/metrics/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path path(String name) {
    try {
      return Path.of(Fixtures.class.getResource("/metrics/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
