package io.github.mongodbtiered.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Given a fleet of 4 clients, the Job written for it reads as a Kubernetes batch/v1 Job (by
 * fabric8's model, strictly: an unknown or misplaced field fails) whose fields run the fleet: an
 * Indexed Job of 4 pods at once, the URL from the Secret, the Job's uid as the fleet id, the
 * sweep's options, equal requests and limits.
 */
class FleetManifestsTest {
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private static FleetManifests fleet(String namespace, List<String> sweepArgs) {
    return new FleetManifests(
        "bench-7",
        namespace,
        "registry.example/mongodb-tiered-client:1",
        4,
        new FleetManifests.UrlSecret("bench-url", "url"),
        new FleetManifests.PodResources("2", "4Gi"),
        sweepArgs);
  }

  @Test
  void theJobIsAnIndexedJobOfOnePodPerClientWithTheUrlFromItsSecret() throws Exception {
    FleetManifests m =
        fleet("perf", List.of("--recordcounts", "20M,40M", "-p", "fieldlength=\"100\" x"));
    Job job = YAML.readValue(m.jobYaml(), Job.class);

    assertEquals("batch/v1", job.getApiVersion());
    assertEquals("Job", job.getKind());
    assertEquals("bench-7", job.getMetadata().getName());
    assertEquals("perf", job.getMetadata().getNamespace());
    assertEquals("Indexed", job.getSpec().getCompletionMode());
    assertEquals(4, job.getSpec().getCompletions());
    assertEquals(4, job.getSpec().getParallelism());
    assertEquals("OnFailure", job.getSpec().getTemplate().getSpec().getRestartPolicy());

    Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertEquals("registry.example/mongodb-tiered-client:1", c.getImage());
    assertEquals(
        List.of(
            "sweep",
            "--clients",
            "4",
            "--fleet-id",
            "$(FLEET_ID)",
            "--out",
            FleetManifests.REPORT_DIR,
            "--recordcounts",
            "20M,40M",
            "-p",
            "fieldlength=\"100\" x"),
        c.getArgs(),
        "quoted as written, a quote included");
    Map<String, EnvVar> env =
        c.getEnv().stream().collect(java.util.stream.Collectors.toMap(EnvVar::getName, e -> e));
    EnvVar url = env.get("MONGODB_URL");
    assertNull(url.getValue(), "the URL is never in the manifest");
    assertEquals("bench-url", url.getValueFrom().getSecretKeyRef().getName());
    assertEquals("url", url.getValueFrom().getSecretKeyRef().getKey());
    assertEquals(
        "metadata.labels['batch.kubernetes.io/controller-uid']",
        env.get("FLEET_ID").getValueFrom().getFieldRef().getFieldPath());
    assertEquals(new Quantity("2"), c.getResources().getRequests().get("cpu"));
    assertEquals(c.getResources().getRequests(), c.getResources().getLimits());
    assertEquals(new Quantity("4Gi"), c.getResources().getLimits().get("memory"));
    assertEquals("/reports", c.getVolumeMounts().get(0).getMountPath());
    assertTrue(FleetManifests.REPORT_DIR.startsWith("/reports/"));
    assertTrue(
        job.getSpec().getTemplate().getSpec().getVolumes().get(0).getEmptyDir() != null,
        "each pod's report directory survives a restart of its container");
  }

  @Test
  void withoutANamespaceTheJobGoesToTheCurrentOneAndTheStepsNeverHoldARealUrl() throws Exception {
    FleetManifests m = fleet(null, List.of());
    Job job = YAML.readValue(m.jobYaml(), Job.class);
    assertNull(job.getMetadata().getNamespace());
    List<String> steps = m.steps("fleet/job.yaml");
    assertEquals(4, steps.size());
    assertTrue(steps.get(0).startsWith("kubectl create secret generic bench-url"), steps.get(0));
    assertTrue(steps.get(2).contains("job/bench-7"), steps.get(2));
    assertTrue(steps.get(3).contains("fleet collect --clients 4"), steps.get(3));
    assertTrue(steps.get(0).endsWith("--from-literal=url=\"$MONGODB_URL\""), steps.get(0));
    steps.forEach(
        s -> assertFalse(s.contains("@"), "no credentials, not even a placeholder: " + s));
  }

  /** The printed steps paste into a shell as they are, whatever the --out path holds. */
  @Test
  void aManifestPathWithASpaceOrAQuoteIsOneShellWord() throws Exception {
    FleetManifests m = fleet(null, List.of());
    assertEquals("kubectl apply -f fleet/job.yaml", m.steps("fleet/job.yaml").get(1));
    assertEquals(
        "kubectl apply -f '/tmp/fleet dir/job.yaml'", m.steps("/tmp/fleet dir/job.yaml").get(1));
    assertEquals("kubectl apply -f '/tmp/it'\\''s/job.yaml'", m.steps("/tmp/it's/job.yaml").get(1));
    Process sh =
        new ProcessBuilder(
                "bash",
                "-c",
                "set -- "
                    + FleetManifests.shellWord("/tmp/it's a dir/job.yaml")
                    + "; echo \"$#:$1\"")
            .redirectErrorStream(true)
            .start();
    assertEquals(
        "1:/tmp/it's a dir/job.yaml", new String(sh.getInputStream().readAllBytes()).strip());
  }
}
