package io.github.mongodbtiered.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fleet}: a sweep run by several client machines at once, as a Kubernetes Indexed Job. */
@Command(
    name = "fleet",
    header = "Run one sweep from several clients at once, as a Kubernetes Indexed Job.",
    mixinStandardHelpOptions = true,
    subcommands = {FleetManifestsCommand.class, FleetCollectCommand.class},
    description = {
      "For a server one client machine cannot saturate. `fleet manifests` writes the Job: N pods,"
          + " each running `sweep --clients N` as client JOB_COMPLETION_INDEX, the server's URL"
          + " from a Secret. The clients load a slice of the records each, meet in the database"
          + " under test before every load step, warm-up and measured run, and only client 0"
          + " reads the server's figures. When a pod's sweep ends it stores its report in the"
          + " database; `fleet collect` fetches the N reports and merges them into one, whose"
          + " summary.csv and index.html say how many clients ran each cell and how fast each"
          + " was. A client that died or came back too late makes its cells failed, never"
          + " smaller."
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {ExitCodes.USAGE_LINE})
public final class FleetCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new ParameterException(
        spec.commandLine(), "fleet: name what to do: manifests or collect (see fleet --help)");
  }
}
