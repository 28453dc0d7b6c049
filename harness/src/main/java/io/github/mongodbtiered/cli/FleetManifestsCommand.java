package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.fleet.FleetManifests;
import io.github.mongodbtiered.report.OutDirs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
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
    checkKubernetesValues();
    FleetManifests m =
        new FleetManifests(
            name,
            namespace,
            image,
            clients,
            new FleetManifests.UrlSecret(urlSecret, urlSecretKey),
            new FleetManifests.PodResources(cpu, memory),
            sweepArgs);
    OutDirs.create(out, "--out");
    Path job = out.resolve("job.yaml");
    Files.writeString(job, m.jobYaml());
    PrintWriter o = spec.commandLine().getOut();
    o.println("wrote " + job);
    o.println("then, with the server's URL in MONGODB_URL (it goes into the Secret only):");
    m.steps(job.toString()).forEach(s -> o.println("  " + s));
    o.flush();
    return ExitCodes.OK;
  }

  /** A DNS label (RFC 1123): what Kubernetes takes as a Job's, namespace's or Secret's name. */
  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

  /** A DNS subdomain (RFC 1123): what a Secret's name may be. */
  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?");

  /** A Secret's key. */
  private static final Pattern SECRET_KEY = Pattern.compile("[-._a-zA-Z0-9]{1,253}");

  /** CPU: cores ({@code 2}, {@code 0.5}) or millicores ({@code 500m}), above 0. */
  private static final Pattern CPU = Pattern.compile("([0-9]+(\\.[0-9]+)?|\\.[0-9]+)m?");

  /** Memory: bytes with an optional SI or binary suffix ({@code 4Gi}, {@code 512M}), above 0. */
  private static final Pattern MEMORY =
      Pattern.compile("([0-9]+(\\.[0-9]+)?|\\.[0-9]+)([kMGTPE]|[KMGTPE]i)?");

  /**
   * Kubernetes refuses these only at {@code kubectl apply}, after the manifest was written and its
   * printed steps (unquoted) copied into a shell: checked here, each naming its option.
   */
  private void checkKubernetesValues() {
    String label = "at most 63 lower-case letters, digits and '-', e.g. ";
    requireMatch("--name", name, DNS_LABEL, label + "tiered-1");
    if (namespace != null) {
      requireMatch("--namespace", namespace, DNS_LABEL, label + "bench");
    }
    requireMatch(
        "--url-secret",
        urlSecret,
        DNS_SUBDOMAIN,
        "lower-case letters, digits, '-' and '.', e.g. db-url");
    requireMatch("--url-secret-key", urlSecretKey, SECRET_KEY, "letters, digits, '-', '_', '.'");
    requirePositive("--cpu", cpu, CPU, "cores or millicores, e.g. 2, 0.5 or 500m");
    requirePositive("--memory", memory, MEMORY, "bytes with a suffix, e.g. 4Gi or 512Mi");
    if (image.isBlank() || image.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          "--image '"
              + image
              + "': give an image reference, e.g. registry/mongodb-tiered-client:1");
    }
  }

  private static void requireMatch(String option, String value, Pattern p, String what) {
    if (!p.matcher(value).matches()) {
      throw new IllegalArgumentException(
          option + " '" + value + "': not a Kubernetes name; use " + what);
    }
  }

  private static void requirePositive(String option, String value, Pattern p, String what) {
    String number = value.replaceAll("[a-zA-Z]+$", "");
    if (!p.matcher(value).matches() || Double.parseDouble(number) <= 0) {
      throw new IllegalArgumentException(
          option + " '" + value + "': not a Kubernetes quantity above 0; use " + what);
    }
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
    requireNoCredential();
    SweepCommand sweep = new SweepCommand();
    try {
      new CommandLine(sweep).parseArgs(sweepArgs.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException("the sweep options after --: " + e.getMessage(), e);
    }
    if (sweep.workload.properties.containsKey("mongodb.url")) {
      throw new IllegalArgumentException(
          "-p mongodb.url after --: the Job gives each pod the server's URL from the Secret"
              + " --url-secret; leave it out");
    }
    SweepOwnedProperties.refuse(sweep.workload.properties.keySet());
  }

  /** A property or argument whose name says it holds a secret. */
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i).*(password|passwd|secret|token|credential).*");

  /**
   * The manifest is written for other machines (and usually a repository): a password in a sweep
   * option would be copied there in plain text. The URL belongs in the Secret.
   */
  private void requireNoCredential() {
    for (String a : sweepArgs) {
      int eq = a.indexOf('=');
      boolean named = SECRET_NAME.matcher(eq > 0 ? a.substring(0, eq) : a).matches();
      String scrubbed = Redaction.scrub(a, null);
      if (named || !scrubbed.equals(a)) {
        throw new IllegalArgumentException(
            "the sweep options after --: one holds a credential ("
                + scrubbed.replaceAll("=.*", "=...")
                + "), and job.yaml is written for other machines; give the server's URL in"
                + " MONGODB_URL, which the printed steps put into the Secret --url-secret");
      }
    }
  }
}
