package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.fleet.FleetManifests;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fleet manifests}: the Kubernetes Job of a fleet sweep, and how to run it. */
@Command(
    name = "manifests",
    header = "Write the Kubernetes Indexed Job of a sweep run by N clients.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Writes DIR/job.yaml: an Indexed Job (completionMode Indexed, completions = parallelism ="
          + " --clients) whose pods run the client image with `sweep --clients N --fleet-id"
          + " $(FLEET_ID)` and the sweep options given after --, FLEET_ID being the Job's uid"
          + " and MONGODB_URL coming from the Secret --url-secret. The URL is never written."
          + " Then prints the commands that create the Secret, start the Job, wait for it and"
          + " collect the merged report. The sweep options are checked as `sweep` would check"
          + " them; the options the Job sets itself (--clients, --client-index, --fleet-id,"
          + " --out, --mongodb-url, --server) are refused there."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered fleet manifests --clients 4 --image registry.example/mongodb-tiered-client:1 \\",
      "      -- --recordcounts 20M,40M --profiles-file my.profiles --threads 32"
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:written", ExitCodes.USAGE_LINE})
final class FleetManifestsCommand implements Callable<Integer> {
  /** Options of `sweep` that the Job sets for every pod. */
  private static final Set<String> SET_BY_THE_JOB =
      Set.of("--clients", "--client-index", "--fleet-id", "--out", "--mongodb-url", "--server");

  @Spec CommandSpec spec;

  @Option(
      names = "--clients",
      required = true,
      paramLabel = "N",
      description = "Pods, all at once.")
  int clients;

  @Option(
      names = "--image",
      paramLabel = "IMAGE",
      description =
          "The client image as the cluster pulls it (scripts/build-client-image builds it;"
              + " push it to your registry) (default: ${DEFAULT-VALUE}).")
  String image = "mongodb-tiered-client:latest";

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description = "The Job's name (default: ${DEFAULT-VALUE}).")
  String name = "mongodb-tiered-fleet";

  @Option(names = "--namespace", paramLabel = "NS", description = "The Job's namespace.")
  String namespace;

  @Option(
      names = "--url-secret",
      paramLabel = "SECRET",
      description = "The Secret holding the server's URL (default: ${DEFAULT-VALUE}).")
  String urlSecret = "mongodb-tiered-url";

  @Option(
      names = "--url-secret-key",
      paramLabel = "KEY",
      description = "Its key (default: ${DEFAULT-VALUE}).")
  String urlSecretKey = "url";

  @Option(
      names = "--cpu",
      paramLabel = "CPU",
      description =
          "Each pod's CPU request and limit, so that every client gets the same share"
              + " (default: ${DEFAULT-VALUE}).")
  String cpu = "2";

  @Option(
      names = "--memory",
      paramLabel = "BYTES",
      description = "Each pod's memory request and limit (default: ${DEFAULT-VALUE}).")
  String memory = "4Gi";

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Where job.yaml goes (default: ${DEFAULT-VALUE}).")
  Path out = Path.of("fleet");

  @Parameters(
      paramLabel = "SWEEP_OPTION",
      arity = "0..*",
      description = "After --: the sweep's own options, as `sweep --help` lists them.")
  List<String> sweepArgs = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    if (clients < 2) {
      throw new IllegalArgumentException("--clients: a fleet has 2 or more clients");
    }
    checkSweepOptions();
    FleetManifests m =
        new FleetManifests(
            name,
            namespace,
            image,
            clients,
            new FleetManifests.UrlSecret(urlSecret, urlSecretKey),
            new FleetManifests.PodResources(cpu, memory),
            sweepArgs);
    Files.createDirectories(out);
    Path job = out.resolve("job.yaml");
    Files.writeString(job, m.jobYaml());
    PrintWriter o = spec.commandLine().getOut();
    o.println("wrote " + job);
    o.println("then, with the server's URL in MONGODB_URL (it goes into the Secret only):");
    m.steps(job.toString()).forEach(s -> o.println("  " + s));
    o.flush();
    return ExitCodes.OK;
  }

  /** Parses the sweep options as `sweep` does, so that a typo fails here, not in N pods. */
  private void checkSweepOptions() {
    for (String a : sweepArgs) {
      String option = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (SET_BY_THE_JOB.contains(option)) {
        throw new IllegalArgumentException(
            option + " after --: the Job sets it for each pod; leave it out");
      }
    }
    try {
      new CommandLine(new SweepCommand()).parseArgs(sweepArgs.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException("the sweep options after --: " + e.getMessage(), e);
    }
  }
}
