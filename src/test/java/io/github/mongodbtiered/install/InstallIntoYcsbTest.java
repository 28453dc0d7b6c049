package io.github.mongodbtiered.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/install-into-ycsb against the layout of a YCSB 0.17.0 release: the real YCSB core jars, a
 * stock mongodb-binding/lib with the old 3.x driver, and launchers in src/test/resources/ycsb-home
 * that emulate the release's (they cannot be downloaded here). Builds nothing: binding/target comes
 * from the Maven reactor, the old driver from this module's generate-test-resources phase.
 */
class InstallIntoYcsbTest {
  private static final Path ROOT =
      Path.of(System.getProperty("repo.root", "../..")).toAbsolutePath().normalize();
  private static final Path INSTALLER = ROOT.resolve("scripts/install-into-ycsb");
  private static final String CLASS = "io.github.mongodbtiered.binding.MongoDbTieredClient";
  private static final String DATABASES_ENTRY = "\"mongodb-tiered\" : \"" + CLASS + "\"";
  private static final String PROPERTIES_LINE = "mongodb-tiered:" + CLASS;
  private static final List<String> FIXTURES =
      List.of(
          "LICENSE.txt",
          "bin/ycsb",
          "bin/ycsb.sh",
          "bin/bindings.properties",
          "workloads/workloadc");
  // What a release's lib/ holds: YCSB core and its own dependencies, no database driver.
  private static final List<String> CORE_JARS =
      List.of(
          "core-", "htrace-core4-", "jackson-core-asl-", "jackson-mapper-asl-", "HdrHistogram-");
  private static final List<String> LAUNCHERS =
      List.of("bin/ycsb", "bin/ycsb.sh", "bin/bindings.properties");

  @TempDir Path tmp;

  @Test
  void installsTwiceThenLoadsAndRunsThroughBothLaunchers() throws Exception {
    Path home = ycsbHome(tmp.resolve("ycsb-0.17.0"));

    Run first = run(home, INSTALLER.toString(), home.toString());
    assertEquals(0, first.exit, first.all());
    assertTrue(first.stdout.contains("added " + DATABASES_ENTRY + " to DATABASES"), first.all());
    assertTrue(first.stdout.contains("added " + PROPERTIES_LINE), first.all());
    for (String launcher : LAUNCHERS) {
      // The backup is the file as shipped, so the user can undo the install.
      assertEquals(
          fixture(launcher), Files.readString(home.resolve(launcher + ".orig-mongodb-tiered")));
    }
    List<String> patched = readAll(home, LAUNCHERS);

    // An upgrade leaves an older binding jar and a dependency the manifest lists; a re-run must
    // remove those and nothing else of the user's.
    Path lib = home.resolve("mongodb-tiered-binding/lib");
    Files.copy(
        lib.resolve("slf4j-api-2.0.17.jar"), lib.resolve("mongodb-tiered-binding-0.0.1.jar"));
    Files.copy(lib.resolve("bson-5.14.0.jar"), lib.resolve("bson-5.13.0.jar"));
    Files.writeString(
        lib.resolve(".installed-by-mongodb-tiered"),
        "bson-5.13.0.jar\n",
        StandardOpenOption.APPEND);
    Files.writeString(lib.resolve("NOTES.txt"), "the user's own file");

    Run second = run(home, INSTALLER.toString(), home.toString());
    assertEquals(0, second.exit, second.all());
    assertTrue(second.stdout.contains("no changes"), second.all());
    assertEquals(patched, readAll(home, LAUNCHERS), "a second run must not touch the launchers");
    assertEquals(1, count(home.resolve("bin/ycsb"), DATABASES_ENTRY));
    assertEquals(1, count(home.resolve("bin/bindings.properties"), PROPERTIES_LINE));
    assertFalse(Files.exists(lib.resolve("mongodb-tiered-binding-0.0.1.jar")));
    assertFalse(Files.exists(lib.resolve("bson-5.13.0.jar")));
    assertTrue(Files.exists(lib.resolve("NOTES.txt")));
    assertTrue(Files.exists(home.resolve("mongodb-binding/lib/mongo-java-driver-3.11.2.jar")));

    MongoServer server = new MongoServer(new MemoryBackend());
    InetSocketAddress address = server.bind();
    String url = "mongodb://127.0.0.1:" + address.getPort() + "/ycsbhome";
    try {
      // Our client class exists only in mongodb-tiered-binding/lib: if the launcher still took
      // mongodb-binding/lib (the 3.x driver), YCSB could not even load it.
      Run load = ycsb(home, "bin/ycsb", "load", url);
      assertEquals(0, load.exit, load.all());
      assertTrue(load.stdout.contains("[INSERT], Return=OK, 300"), load.all());
      try (MongoClient client = MongoClients.create(url)) {
        long documents = client.getDatabase("ycsbhome").getCollection("usertable").countDocuments();
        assertEquals(300, documents);
      }

      for (String launcher : List.of("bin/ycsb", "bin/ycsb.sh")) {
        Run reads = ycsb(home, launcher, "run", url);
        assertEquals(0, reads.exit, launcher + ": " + reads.all());
        assertTrue(reads.stdout.contains("[READ], Return=OK, 300"), launcher + ": " + reads.all());
      }
    } finally {
      server.shutdownNow();
    }
  }

  @Test
  void refusesADirectoryThatIsNotAYcsbHome() throws Exception {
    Path notHome = Files.createDirectories(tmp.resolve("not-ycsb"));
    Files.writeString(notHome.resolve("README"), "something else");

    Run refused = run(tmp, INSTALLER.toString(), notHome.toString());

    assertEquals(2, refused.exit, refused.all());
    assertTrue(refused.stderr.contains(notHome + "' is not a YCSB home"), refused.all());
    assertTrue(refused.stderr.contains("no bin/ycsb, bin/bindings.properties, lib/core-*.jar"));
    assertTrue(refused.stderr.contains("a YCSB release home is"), refused.all());
    try (Stream<Path> files = Files.list(notHome)) {
      assertEquals(List.of(notHome.resolve("README")), files.toList(), "nothing may be added");
    }
  }

  @Test
  void refusesALauncherWithoutTheBindingDirectoryLineAndChangesNothing() throws Exception {
    Path home = ycsbHome(tmp.resolve("ycsb-edited"));
    Path ycsb = home.resolve("bin/ycsb");
    String edited =
        Files.readString(ycsb)
            .replace("binding = args.database.split(\"-\")[0]", "binding = args.database");
    Files.writeString(ycsb, edited);

    Run refused = run(home, INSTALLER.toString(), home.toString());

    assertEquals(2, refused.exit, refused.all());
    assertTrue(refused.stderr.contains(ycsb + " does not look like YCSB 0.17.0's"), refused.all());
    assertTrue(refused.stderr.contains("binding = args.database.split(\"-\")[0]"), refused.all());
    assertTrue(refused.stderr.contains("Add by hand"), refused.all());
    assertEquals(edited, Files.readString(ycsb));
    assertFalse(Files.exists(home.resolve("mongodb-tiered-binding")));
    assertFalse(Files.exists(home.resolve("bin/ycsb.orig-mongodb-tiered")));
  }

  /** A YCSB 0.17.0 release as unpacked, before anything is installed. */
  private static Path ycsbHome(Path home) throws IOException {
    for (String name : FIXTURES) {
      Path target = home.resolve(name);
      Files.createDirectories(target.getParent());
      Files.writeString(target, fixture(name));
    }
    // Resources lose their mode bits on the way through Maven.
    assertTrue(home.resolve("bin/ycsb").toFile().setExecutable(true));
    assertTrue(home.resolve("bin/ycsb.sh").toFile().setExecutable(true));

    Path lib = Files.createDirectories(home.resolve("lib"));
    Path built = ROOT.resolve("binding/target/lib");
    try (Stream<Path> jars = Files.list(built)) {
      for (Path jar : jars.toList()) {
        String name = jar.getFileName().toString();
        if (CORE_JARS.stream().anyMatch(name::startsWith)) {
          Files.copy(jar, lib.resolve(name));
        }
      }
    }
    assertTrue(Files.exists(lib.resolve("core-0.17.0.jar")), built + " has no core-0.17.0.jar");

    Path oldDriver =
        ROOT.resolve("src/test/target/stock-mongodb-binding/lib/mongo-java-driver-3.11.2.jar");
    assertTrue(Files.exists(oldDriver), oldDriver + " is copied in generate-test-resources");
    Path stock = Files.createDirectories(home.resolve("mongodb-binding/lib"));
    Files.copy(oldDriver, stock.resolve(oldDriver.getFileName()));
    return home;
  }

  private static String fixture(String name) throws IOException {
    try (InputStream in = InstallIntoYcsbTest.class.getResourceAsStream("/ycsb-home/" + name)) {
      assertTrue(in != null, "missing test resource ycsb-home/" + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** A load or run of workload C with 300 records, from YCSB_HOME as a user would. */
  private Run ycsb(Path home, String launcher, String command, String url) throws Exception {
    return run(
        home,
        home.resolve(launcher).toString(),
        command,
        "mongodb-tiered",
        "-P",
        "workloads/workloadc",
        "-p",
        "recordcount=300",
        "-p",
        "operationcount=300",
        "-p",
        "mongodb.url=" + url,
        "-s");
  }

  private record Run(int exit, String stdout, String stderr) {
    String all() {
      return "exit " + exit + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
  }

  private int runs;

  /** Runs a command to completion (or kills it and its children after 3 minutes). */
  private Run run(Path dir, String... command) throws Exception {
    int n = ++runs;
    Path out = tmp.resolve("run-" + n + ".out");
    Path err = tmp.resolve("run-" + n + ".err");
    ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(List.of(command)));
    builder.directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
    // The launchers then use the JDK running the tests, not whatever java is on PATH.
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Process process = builder.start();
    if (!process.waitFor(3, TimeUnit.MINUTES)) {
      // bin/ycsb is Python starting java: kill the JVM too, not only the launcher.
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly().waitFor();
      throw new AssertionError(
          String.join(" ", command) + " did not finish in 3 minutes; " + Files.readString(err));
    }
    return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  private static List<String> readAll(Path home, List<String> names) throws IOException {
    List<String> contents = new ArrayList<>();
    for (String name : names) {
      contents.add(Files.readString(home.resolve(name)));
    }
    return contents;
  }

  private static long count(Path file, String text) throws IOException {
    return Files.readAllLines(file).stream().filter(line -> line.contains(text)).count();
  }
}
