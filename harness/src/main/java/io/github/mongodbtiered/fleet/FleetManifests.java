package io.github.mongodbtiered.fleet;

import java.util.ArrayList;
import java.util.List;

/**
 * The Kubernetes Job that runs a sweep as a fleet of {@code clients}: an Indexed Job whose pod i is
 * client i ({@code JOB_COMPLETION_INDEX}), all running at once, each with the same sweep options.
 * The server's URL reaches the pods from a Secret the user creates, never through this manifest;
 * the clients meet under the Job's uid ({@code FLEET_ID}, from the pod's {@code
 * batch.kubernetes.io/controller-uid} label), which no other Job shares. A failed container is
 * restarted in its pod ({@code restartPolicy: OnFailure}), so its report directory (an {@code
 * emptyDir}) survives and the sweep resumes there; each client stores its report in the database
 * when it ends ({@link FleetReports}), where {@code fleet collect} finds it.
 *
 * @param name the Job's name
 * @param namespace its namespace, or null for the current one
 * @param image the client image, as the cluster pulls it (the user's registry)
 * @param clients pods, all at once
 * @param urlSecret where the pods find the server's URL
 * @param resources each pod's requests and limits
 * @param sweepArgs the sweep's own options (record counts, profiles, workload ...)
 */
public record FleetManifests(
    String name,
    String namespace,
    String image,
    int clients,
    UrlSecret urlSecret,
    PodResources resources,
    List<String> sweepArgs) {
  /** Where each pod's sweep writes its report. */
  public static final String REPORT_DIR = "/reports/sweep";

  /** The pod label the Job controller sets to the Job's uid (Kubernetes 1.27 and later). */
  static final String UID_LABEL = "batch.kubernetes.io/controller-uid";

  /**
   * The Secret the user creates to hold the server's URL.
   *
   * @param name the Secret's name
   * @param key the Secret's key that holds the URL
   */
  public record UrlSecret(String name, String key) {}

  /**
   * Each pod's CPU and memory, both requested and limited to the same amount.
   *
   * @param cpu e.g. "2"
   * @param memory e.g. "4Gi"
   */
  public record PodResources(String cpu, String memory) {}

  public FleetManifests {
    sweepArgs = List.copyOf(sweepArgs);
    if (clients < 2) {
      throw new IllegalArgumentException("--clients: a fleet has 2 or more clients");
    }
  }

  /** The arguments of each pod's container: {@code sweep} with the fleet's options first. */
  public List<String> containerArgs() {
    List<String> args =
        new ArrayList<>(
            List.of(
                "sweep",
                "--clients",
                Integer.toString(clients),
                "--fleet-id",
                "$(FLEET_ID)",
                "--out",
                REPORT_DIR));
    args.addAll(sweepArgs);
    return args;
  }

  /** The Job as YAML, every string quoted. */
  public String jobYaml() {
    StringBuilder y = new StringBuilder();
    header(y);
    y.append("apiVersion: batch/v1\n");
    y.append("kind: Job\n");
    y.append("metadata:\n");
    y.append("  name: ").append(q(name)).append('\n');
    if (namespace != null) {
      y.append("  namespace: ").append(q(namespace)).append('\n');
    }
    labels(y, "  ");
    jobSpec(y);
    return y.toString();
  }

  private void header(StringBuilder y) {
    y.append("# Written by `mongodb-tiered fleet manifests`: ")
        .append(clients)
        .append(" clients of one sweep as a Kubernetes Indexed Job.\n")
        .append("# The server's URL comes from Secret ")
        .append(urlSecret.name())
        .append(" (key ")
        .append(urlSecret.key())
        .append("), never from this file.\n");
  }

  /** One pod per client, all at once, each with its own report directory. */
  private void jobSpec(StringBuilder y) {
    y.append("spec:\n");
    y.append("  completionMode: Indexed\n");
    y.append("  completions: ").append(clients).append('\n');
    y.append("  parallelism: ").append(clients).append('\n');
    // Restarts of failed containers count against it: a few per client before the Job gives up.
    y.append("  backoffLimit: ").append(3 * clients).append('\n');
    y.append("  template:\n");
    y.append("    metadata:\n");
    labels(y, "      ");
    y.append("    spec:\n");
    y.append("      restartPolicy: OnFailure\n");
    y.append("      containers:\n");
    container(y);
    y.append("      volumes:\n");
    y.append("        - name: \"reports\"\n");
    y.append("          emptyDir: {}\n");
  }

  private void container(StringBuilder y) {
    y.append("        - name: \"client\"\n");
    y.append("          image: ").append(q(image)).append('\n');
    y.append("          args:\n");
    for (String a : containerArgs()) {
      y.append("            - ").append(q(a)).append('\n');
    }
    env(y);
    y.append("          resources:\n");
    for (String kind : List.of("requests", "limits")) {
      y.append("            ").append(kind).append(":\n");
      y.append("              cpu: ").append(q(resources.cpu())).append('\n');
      y.append("              memory: ").append(q(resources.memory())).append('\n');
    }
    y.append("          volumeMounts:\n");
    y.append("            - name: \"reports\"\n");
    y.append("              mountPath: \"/reports\"\n");
  }

  /** The URL from the Secret, the fleet id from the Job's uid label. */
  private void env(StringBuilder y) {
    y.append("          env:\n");
    y.append("            - name: \"MONGODB_URL\"\n");
    y.append("              valueFrom:\n");
    y.append("                secretKeyRef:\n");
    y.append("                  name: ").append(q(urlSecret.name())).append('\n');
    y.append("                  key: ").append(q(urlSecret.key())).append('\n');
    y.append("            - name: \"FLEET_ID\"\n");
    y.append("              valueFrom:\n");
    y.append("                fieldRef:\n");
    y.append("                  fieldPath: ")
        .append(q("metadata.labels['" + UID_LABEL + "']"))
        .append('\n');
  }

  /**
   * What the user runs, in order, with the server's URL in {@code MONGODB_URL} in their shell: the
   * Secret, the Job, the wait, the collection and merge.
   */
  public List<String> steps(String manifestPath) {
    String ns = namespace == null ? "" : " -n " + namespace;
    return List.of(
        "kubectl"
            + ns
            + " create secret generic "
            + urlSecret.name()
            + " --from-literal="
            + urlSecret.key()
            + "=\"$MONGODB_URL\"",
        "kubectl" + ns + " apply -f " + shellWord(manifestPath),
        "kubectl" + ns + " wait --for=condition=complete --timeout=24h job/" + name,
        "mongodb-tiered fleet collect --clients "
            + clients
            + " --fleet-id \"$(kubectl"
            + ns
            + " get job "
            + name
            + " -o jsonpath='{.metadata.uid}')\" --out reports/"
            + name);
  }

  /** {@code path} as one shell word a user can paste: single-quoted unless it needs none. */
  static String shellWord(String path) {
    return path.matches("[A-Za-z0-9_./:=@%+-]+") ? path : "'" + path.replace("'", "'\\''") + "'";
  }

  private static void labels(StringBuilder y, String indent) {
    y.append(indent).append("labels:\n");
    y.append(indent).append("  app.kubernetes.io/name: \"mongodb-tiered\"\n");
    y.append(indent).append("  app.kubernetes.io/component: \"fleet-client\"\n");
  }

  /** A YAML double-quoted scalar. */
  static String q(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\x%02x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
