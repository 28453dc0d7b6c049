package io.github.mongodbtiered.ycsb;

import io.github.mongodbtiered.binding.MongoDbTieredClient;
import io.github.mongodbtiered.binding.Redaction;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The command line of YCSB's {@code bin/ycsb}, for {@code mongodb-tiered}, with no YCSB
 * installation: {@code load|run|shell DB [-P file]... [-p key=value]... [-s] [-threads n] [-target
 * n] [-l label] [-maxerrors N|P%]}. Output is YCSB's own. Unlike {@code bin/ycsb} it exits non-zero
 * when a phase fails.
 *
 * <p>Exit codes: 0 the phase ran within its error budget; 1 it had more failed operations than
 * {@code -maxerrors} allows (default 0), or every read came back NOT_FOUND (unless {@code
 * -allownotfound}); 2 the command line or a property is wrong; 3 the database could not be reached
 * or initialised.
 */
public final class YcsbLauncher {
  public static final int OK = 0;
  public static final int TOO_MANY_ERRORS = 1;
  public static final int USAGE = 2;
  public static final int INIT_FAILED = 3;

  static final Map<String, String> DATABASES =
      Map.of("mongodb-tiered", MongoDbTieredClient.class.getName(), "basic", "site.ycsb.BasicDB");

  private YcsbLauncher() {}

  public static void main(String[] args) {
    System.exit(run(args, System.err));
  }

  /** Runs the command and returns the exit code; figures go to standard output, as YCSB's do. */
  public static int run(String[] args, PrintStream log) {
    Invocation inv;
    try {
      inv = parse(args);
    } catch (IllegalArgumentException e) {
      log.println("[ERROR] " + e.getMessage());
      log.println(usage());
      return USAGE;
    }
    if (inv.command.equals("shell")) {
      List<String> shellArgs = new ArrayList<>(List.of("-db", inv.dbClass));
      shellArgs.addAll(inv.shellArgs);
      site.ycsb.CommandLine.main(shellArgs.toArray(new String[0]));
      return OK;
    }
    log.println("YCSB Client 0.17.0 via mongodb-tiered launcher");
    log.println("Command line: " + maskedCommandLine(args));
    try {
      PhaseResult result = PhaseRunner.run(inv.props, true, log);
      long errors = result.errors();
      long attempts = result.attempts();
      if (!inv.budget.allows(errors, attempts)) {
        log.printf(
            "[ERROR] %d of %d operations failed, more than -maxerrors %s allows%n",
            errors, attempts, inv.budget);
        return TOO_MANY_ERRORS;
      }
      if (errors > 0) {
        log.printf(
            "[WARN] %d of %d operations failed (within -maxerrors %s)%n",
            errors, attempts, inv.budget);
      }
      return nothingFound(result, inv.allowNotFound, log) ? TOO_MANY_ERRORS : OK;
    } catch (PhaseException e) {
      log.println("[ERROR] " + e.getMessage());
      return e.reason() == PhaseException.Reason.DB_INIT ? INIT_FAILED : USAGE;
    }
  }

  /**
   * Whether every read came back NOT_FOUND (a run on a data set that is missing, or loaded under
   * another table or key range), which fails the run unless {@code -allownotfound} says it is
   * expected. YCSB counts NOT_FOUND as an answer, not an error, so the budget does not see it.
   */
  private static boolean nothingFound(PhaseResult result, boolean allowed, PrintStream log) {
    Map<String, Long> reads = result.returnCounts("READ");
    long total = reads.values().stream().mapToLong(Long::longValue).sum();
    if (total == 0 || reads.getOrDefault("NOT_FOUND", 0L) != total) {
      return false;
    }
    if (allowed) {
      log.printf("[WARN] all %d reads came back NOT_FOUND (allowed by -allownotfound)%n", total);
      return false;
    }
    log.printf(
        "[ERROR] all %d reads came back NOT_FOUND: was the data loaded (scripts/ycsb load, same"
            + " table, recordcount and insertstart)? Pass -allownotfound if that is expected%n",
        total);
    return true;
  }

  /** A parsed command line: what {@code site.ycsb.Client} would have built, plus our budget. */
  record Invocation(
      String command,
      String dbClass,
      Properties props,
      ErrorBudget budget,
      boolean allowNotFound,
      List<String> shellArgs) {}

  static Invocation parse(String[] args) {
    String command = command(args);
    String dbClass = DATABASES.get(args[1]);
    if (dbClass == null) {
      throw new IllegalArgumentException(
          "unknown database '" + args[1] + "': this launcher runs " + DATABASES.keySet());
    }
    Properties fileProps = new Properties();
    Properties cliProps = new Properties();
    ErrorBudget budget = ErrorBudget.NONE;
    boolean allowNotFound = false;
    List<String> shellArgs = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "-P" -> loadFile(value(args, ++i, a), fileProps, shellArgs);
        case "-p" -> setProperty(value(args, ++i, a), cliProps, shellArgs);
        case "-s" -> cliProps.setProperty("status", "true");
        case "-threads" -> cliProps.setProperty("threadcount", number(args, ++i, a));
        case "-target" -> cliProps.setProperty("target", number(args, ++i, a));
        case "-l" -> cliProps.setProperty("label", value(args, ++i, a));
        case "-maxerrors" -> budget = ErrorBudget.parse(a, value(args, ++i, a));
        case "-allownotfound" -> allowNotFound = true;
        case "-cp", "-jvm-args" ->
            throw new IllegalArgumentException(
                a + " is handled by scripts/ycsb, before Java starts: use that script");
        default ->
            throw new IllegalArgumentException("unknown option '" + a + "': see the options below");
      }
    }
    // As in site.ycsb.Client: -p wins over -P, whatever the order.
    fileProps.putAll(cliProps);
    fileProps.setProperty("db", dbClass);
    fileProps.setProperty("dotransactions", Boolean.toString(command.equals("run")));
    return new Invocation(command, dbClass, fileProps, budget, allowNotFound, shellArgs);
  }

  /** The command, checked to be one this launcher runs (a database must follow it). */
  private static String command(String[] args) {
    if (args.length < 2) {
      throw new IllegalArgumentException("expected a command (load, run, shell) and a database");
    }
    String command = args[0];
    if (!List.of("load", "run", "shell").contains(command)) {
      throw new IllegalArgumentException(
          "unknown command '" + command + "': use load, run or shell");
    }
    return command;
  }

  /** {@code -p name=value}, also passed on to YCSB's shell. */
  private static void setProperty(String kv, Properties into, List<String> shellArgs) {
    int eq = kv.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException("-p " + kv + ": expected -p name=value");
    }
    into.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
    shellArgs.add("-p");
    shellArgs.add(kv);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private static String number(String[] args, int i, String option) {
    String v = value(args, i, option);
    try {
      if (Double.parseDouble(v) >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " " + v + ": expected a number of 0 or more");
  }

  /** {@code -P file}, also passed on to YCSB's shell. */
  private static void loadFile(String file, Properties into, List<String> shellArgs) {
    try (InputStream in = new FileInputStream(file)) {
      into.load(in);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "-P " + file + ": cannot read the workload file (" + e.getMessage() + ")");
    }
    shellArgs.add("-P");
    shellArgs.add(file);
  }

  static String maskedCommandLine(String[] args) {
    List<String> masked = new ArrayList<>();
    for (String a : args) {
      masked.add(Redaction.scrub(a, null));
    }
    return String.join(" ", masked);
  }

  static String usage() {
    return String.join(
        "\n",
        "Usage: scripts/ycsb load|run|shell mongodb-tiered [options]",
        "",
        "Options (as YCSB's bin/ycsb):",
        "  -P file          workload file; several are read in order",
        "  -p name=value    property; overrides the workload files",
        "  -s               print status to stderr every 10 s (status.interval)",
        "  -threads n       client threads (threadcount, default 1)",
        "  -target n        target ops/s across all threads (default: unthrottled)",
        "  -l label         label for status lines",
        "  -cp path         extra classpath entries (scripts/ycsb only)",
        "  -jvm-args args   extra JVM arguments (scripts/ycsb only)",
        "Options of this launcher:",
        "  -maxerrors N|P%  failed operations allowed before exit code 1 (default 0)",
        "  -allownotfound   a run whose reads all came back NOT_FOUND still exits 0",
        "",
        "Exit codes: 0 ok; 1 more failed operations than -maxerrors, or every read NOT_FOUND;",
        "2 bad command line or property; 3 the database could not be reached or initialised.",
        "Binding properties (mongodb.url, batchsize, ...): see README.md.");
  }
}
