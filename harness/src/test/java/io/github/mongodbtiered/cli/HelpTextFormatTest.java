package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * picocli formats help lines with String.format: a bare "95% interval" in one is a format error,
 * and --help then prints "[picocli WARN] Could not format ..." and the raw text. picocli's tracer
 * writes to whatever System.err is when it warns, so the test catches it there while it renders
 * every command's help.
 */
class HelpTextFormatTest {
  @Test
  void everyCommandsHelpRendersWithoutAPicocliWarning() {
    PrintStream original = System.err;
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    List<String> commands = new ArrayList<>();
    try {
      System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
      render(MongodbTieredCli.commandLine(), commands);
    } finally {
      System.setErr(original);
    }
    assertTrue(commands.size() >= 8, "rendered " + commands);
    assertEquals("", warnings.toString(StandardCharsets.UTF_8));
  }

  private static void render(CommandLine cl, List<String> commands) {
    commands.add(cl.getCommandSpec().qualifiedName());
    cl.usage(new PrintWriter(new StringWriter()));
    cl.getSubcommands().values().stream().distinct().forEach(sub -> render(sub, commands));
  }
}
