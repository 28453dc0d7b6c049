package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.sweep.Server;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** Given a URL from the command line or from MONGODB_URL, the messages name where it came from. */
class ServerOptionsTest {
  @Command(name = "t", defaultValueProvider = SweepDefaults.class)
  static final class Holder {
    @Mixin ServerOptions server;
  }

  private static ServerOptions parsed(String... args) {
    Holder h = new Holder();
    new CommandLine(h).parseArgs(args);
    return h.server;
  }

  @Test
  void aUrlFromTheEnvironmentIsNamedAsItsVariable() {
    Map<String, String> env = Map.of("MONGODB_URL", "http://alice:s3cret@db1/x");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> parsed().server(Path.of("o"), env));
    assertTrue(e.getMessage().startsWith("$MONGODB_URL http://"), e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"), e.getMessage());

    Server s = parsed().server(Path.of("o"), Map.of("MONGODB_URL", "mongodb://db1:27017/x"));
    assertEquals("$MONGODB_URL", s.urlSource());
    assertEquals(Server.Choice.URL, s.choice());
  }

  @Test
  void aUrlOnTheCommandLineIsNamedAsTheOptionAndWinsOverTheEnvironment() {
    Server s =
        parsed("--mongodb-url", "mongodb://db2:27017/x")
            .server(Path.of("o"), Map.of("MONGODB_URL", "mongodb://db1:27017/x"));
    assertEquals("--mongodb-url", s.urlSource());
    assertEquals("mongodb://db2:27017/x", s.mongodbUrl());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> parsed("--mongodb-url", "db2:27017").server(Path.of("o"), Map.of()));
    assertTrue(e.getMessage().startsWith("--mongodb-url "), e.getMessage());
    assertTrue(e.getMessage().endsWith(": expected mongodb://host:port/db"), e.getMessage());
  }

  @Test
  void withoutEitherTheServerIsChosenAsBefore() {
    Server s = parsed().server(Path.of("o"), Map.of());
    assertEquals(null, s.mongodbUrl());
    assertEquals(Server.Choice.AUTO, s.choice());
  }
}
