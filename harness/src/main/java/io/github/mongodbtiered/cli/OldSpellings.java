package io.github.mongodbtiered.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** Option spellings kept for scripts written before options had one meaning in every command. */
final class OldSpellings {
  private OldSpellings() {}

  /** One line on standard error, as the old spelling is parsed; it then works as before. */
  static void warn(CommandSpec command, String old, String instead) {
    PrintWriter err = command.commandLine().getErr();
    err.println("[WARN] " + command.qualifiedName() + " " + old + " is deprecated: " + instead);
    err.flush();
  }
}
