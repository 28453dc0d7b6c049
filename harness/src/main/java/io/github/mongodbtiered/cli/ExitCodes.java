package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.ProfileFileException;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.ycsb.PhaseException;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IExitCodeExceptionMapper;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What a failure means to the caller, by its type, and the one {@code [ERROR]} line that says so:
 * bad input exits 2, an unusable server or Docker 3, anything else 1. No stack trace: the message
 * says what went wrong and how to fix it.
 */
final class ExitCodes
    implements IExitCodeExceptionMapper, IExecutionExceptionHandler, IParameterExceptionHandler {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;
  static final int UNAVAILABLE = 3;

  /** {@code compare --fail-on}: what it asks about was found (a cell slower, ...). */
  static final int FOUND = 4;

  /** Exit-code lines for {@code @Command(exitCodeList = ...)}, the same in every command. */
  static final String HEADING = "%nExit codes:%n";

  static final String USAGE_LINE = "2:bad command line or input file; the message names it";
  static final String UNAVAILABLE_LINE = "3:a server, Docker or an image could not be used";

  @Override
  public int getExitCode(Throwable t) {
    if (t instanceof ParameterException
        || t instanceof ProfileFileException
        || t instanceof IllegalArgumentException) {
      return USAGE;
    }
    if (t instanceof PhaseException p) {
      // A YCSB phase that did not start: its properties were wrong, or its server did not answer.
      return p.reason() == PhaseException.Reason.BAD_INPUT ? USAGE : UNAVAILABLE;
    }
    return t instanceof ServerUnavailableException ? UNAVAILABLE : FAILED;
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parsed) {
    cmd.getErr().println("[ERROR] " + Messages.oneLine(e));
    cmd.getErr().flush();
    return getExitCode(e);
  }

  @Override
  public int handleParseException(ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    String message = e.getMessage();
    if (e.getCause() instanceof PathConverter.EmptyPathException empty && e.getArgSpec() != null) {
      // "--data-dir: empty path ...", as OutDirs says it, rather than picocli's wording.
      message = name(e.getArgSpec()) + ": " + empty.getMessage();
    }
    cmd.getErr().println("[ERROR] " + message + suggestion(e) + helpHint(e));
    cmd.getErr().flush();
    return getExitCode(e);
  }

  private static String name(CommandLine.Model.ArgSpec arg) {
    return arg instanceof CommandLine.Model.OptionSpec o ? o.longestName() : arg.paramLabel();
  }

  private static String suggestion(ParameterException e) {
    if (e instanceof UnmatchedArgumentException u) {
      List<String> s = u.getSuggestions();
      if (!s.isEmpty()) {
        return " (did you mean " + String.join(" or ", s.subList(0, Math.min(3, s.size()))) + "?)";
      }
    }
    return "";
  }

  /** Where to look when an option is unknown or missing; a bad value's message says the fix. */
  private static String helpHint(ParameterException e) {
    if (e instanceof UnmatchedArgumentException || e instanceof MissingParameterException) {
      return "; see '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'";
    }
    return "";
  }
}
