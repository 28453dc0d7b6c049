package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.OptionSpec;

/** Every option `sweep --help` shows is mentioned somewhere in docs/, as `--name`. */
class SweepOptionsDocTest {
  private static Path docs() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("docs"))) {
      dir = dir.getParent();
    }
    assertTrue(dir != null, "no docs/ above " + Path.of("").toAbsolutePath());
    return dir.resolve("docs");
  }

  private static String allDocs() throws IOException {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.walk(docs())) {
      for (Path f : files.filter(p -> p.toString().endsWith(".md")).toList()) {
        text.append(Files.readString(f, StandardCharsets.UTF_8)).append('\n');
      }
    }
    return text.toString();
  }

  @Test
  void everySweepOptionIsInTheDocs() throws IOException {
    String docs = allDocs();
    List<OptionSpec> options =
        MongodbTieredCli.commandLine().getSubcommands().get("sweep").getCommandSpec().options();
    List<String> missing = new ArrayList<>();
    for (OptionSpec o : options) {
      if (o.hidden()) {
        continue; // old spellings: documented as such where they are, not offered
      }
      String name = o.longestName();
      // A negatable option is written --[no-]name in the docs, as in --help.
      String negatable = name.startsWith("--") ? "--[no-]" + name.substring(2) : name;
      if (!docs.contains("`" + name) && !(o.negatable() && docs.contains("`" + negatable))) {
        missing.add(name);
      }
    }
    assertTrue(missing.isEmpty(), "sweep options mentioned nowhere in docs/: " + missing);
    assertTrue(options.size() > 30, "read the sweep's options: " + options.size());
  }
}
