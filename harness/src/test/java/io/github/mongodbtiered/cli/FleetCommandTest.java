package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fleet's options on the command line: what a user mistypes is named, with the fix. */
class FleetCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return CliRun.execute(out, err, args);
  }

  @Test
  void aFleetNeedsAServerEveryClientReachesAndAnIdAndAnIndexInRange(@TempDir Path dir) {
    Path o = dir.resolve("r");
    assertEquals(
        MongodbTieredCli.USAGE,
        run("sweep", "--clients", "3", "--fleet-id", "f", "--out", o.toString()));
    assertTrue(err.toString().contains("--clients 3: a fleet drives one server"), err.toString());

    String url = "mongodb://127.0.0.1:1/bench";
    assertEquals(
        MongodbTieredCli.USAGE,
        run("sweep", "--clients", "3", "--mongodb-url", url, "--out", o.toString()));
    assertTrue(err.toString().contains("--fleet-id: give the id all 3 clients"), err.toString());

    assertEquals(
        MongodbTieredCli.USAGE,
        run(
            "sweep",
            "--clients",
            "3",
            "--client-index",
            "3",
            "--fleet-id",
            "f",
            "--mongodb-url",
            url,
            "--out",
            o.toString()));
    assertTrue(
        err.toString().contains("--client-index: client index 3 is outside 0..2"), err.toString());
    assertFalse(err.toString().contains("\tat "), "no stack trace: " + err);
  }

  @Test
  void manifestsRefuseTheOptionsTheJobSetsAndASweepOptionThatDoesNotParse(@TempDir Path dir)
      throws Exception {
    Path o = dir.resolve("k8s");
    assertEquals(
        MongodbTieredCli.USAGE,
        run("fleet", "manifests", "--clients", "2", "--out", o.toString(), "--", "--out", "x"));
    assertTrue(err.toString().contains("--out after --: the Job sets it"), err.toString());
    assertEquals(
        MongodbTieredCli.USAGE,
        run("fleet", "manifests", "--clients", "2", "--out", o.toString(), "--", "--recordcount"));
    assertTrue(err.toString().contains("the sweep options after --"), err.toString());
    assertFalse(Files.exists(o.resolve("job.yaml")), "nothing written for a bad command");

    // A credential in the sweep's options would reach job.yaml in plain text.
    for (String[] p :
        List.of(
            new String[] {"-p", "mongodb.url=mongodb://alice:PASSWORD@db/x", "a credential"},
            new String[] {"-p", "mongodb.url=mongodb://db/x", "the Secret --url-secret"},
            new String[] {"-p", "mongodb.password=PASSWORD", "a credential"},
            new String[] {
              "--variant", "b=-p mongodb.url=mongodb://u:PASSWORD@db/x", "a credential"
            })) {
      assertEquals(
          MongodbTieredCli.USAGE,
          run("fleet", "manifests", "--clients", "2", "--out", o.toString(), "--", p[0], p[1]));
      assertTrue(err.toString().contains(p[2]), err.toString());
      assertFalse(err.toString().contains("PASSWORD"), "the password is not repeated: " + err);
      assertFalse(Files.exists(o.resolve("job.yaml")));
    }

    assertEquals(
        0,
        run(
            "fleet",
            "manifests",
            "--clients",
            "2",
            "--out",
            o.toString(),
            "--",
            "--recordcounts",
            "1M"),
        err::toString);
    assertTrue(Files.readString(o.resolve("job.yaml")).contains("completionMode: Indexed"));
    assertTrue(
        out.toString().contains("kubectl apply -f " + o.resolve("job.yaml")), out.toString());
  }

  @Test
  void collectNamesTheMissingUrl(@TempDir Path dir) {
    assertEquals(
        MongodbTieredCli.USAGE,
        run(
            "fleet",
            "collect",
            "--fleet-id",
            "f",
            "--clients",
            "2",
            "--out",
            dir.resolve("m").toString()));
    assertTrue(
        err.toString().contains("--mongodb-url: give the database under test"), err.toString());
  }

  @Test
  void collectFromAServerNobodyAnswersOnIsUnavailableAndWritesNothing(@TempDir Path dir) {
    Path o = dir.resolve("m");
    String url = "mongodb://alice:s3cret@127.0.0.1:1/bench?serverSelectionTimeoutMS=500";
    assertEquals(
        MongodbTieredCli.UNAVAILABLE,
        run(
            "fleet",
            "collect",
            "--mongodb-url",
            url,
            "--fleet-id",
            "f",
            "--clients",
            "2",
            "--out",
            o.toString()));
    String e = err.toString();
    assertTrue(e.contains("[ERROR] --mongodb-url mongodb://alice:****@127.0.0.1:1/bench"), e);
    assertTrue(e.contains("no server answered within 500 ms"), e);
    assertFalse(e.contains("s3cret"), e);
    assertFalse(e.contains("\tat "), "no stack trace: " + e);
    assertFalse(Files.exists(o), "--out is created only once the server answered");
  }

  /** Kubernetes would refuse these only at kubectl apply, after the printed steps were run. */
  @Test
  void manifestsRefuseNamesAndQuantitiesKubernetesWouldNot(@TempDir Path dir) throws Exception {
    Path o = dir.resolve("k8s");
    String[][] bad = {
      {"--cpu", "abc"},
      {"--cpu", "0"},
      {"--memory", "-1"},
      {"--memory", "4 GB"},
      {"--name", "Bad Name!"},
      {"--namespace", "a b"},
      {"--url-secret", "My_Secret"},
      {"--url-secret-key", "a key"}
    };
    for (String[] b : bad) {
      err.getBuffer().setLength(0);
      assertEquals(
          MongodbTieredCli.USAGE,
          run("fleet", "manifests", "--clients", "2", "--out", o.toString(), b[0], b[1]),
          String.join(" ", b));
      assertTrue(
          err.toString().startsWith("[ERROR] " + b[0] + " '" + b[1] + "': not a Kubernetes"),
          err.toString());
      assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }
    assertFalse(Files.exists(o), "nothing written");

    Path file = dir.resolve("a-file");
    Files.writeString(file, "mine");
    err.getBuffer().setLength(0);
    assertEquals(
        MongodbTieredCli.USAGE,
        run("fleet", "manifests", "--clients", "2", "--out", file.toString()));
    assertTrue(err.toString().startsWith("[ERROR] --out " + file + ": "), err.toString());
    assertEquals("mine", Files.readString(file));

    assertEquals(
        0,
        run(
            "fleet",
            "manifests",
            "--clients",
            "2",
            "--out",
            o.toString(),
            "--cpu",
            "500m",
            "--memory",
            "1.5Gi",
            "--name",
            "tiered-1",
            "--namespace",
            "bench"),
        err::toString);
  }
}
