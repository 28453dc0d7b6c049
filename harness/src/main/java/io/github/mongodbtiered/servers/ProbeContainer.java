package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.standin.DirectIoProbe;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;

/**
 * Runs {@code DirectIoProbe} from the stand-in image in a container limited exactly as a profile's
 * server would be, on the data directory mounted at {@code /data/db}: the wiring {@link DiskProbe}
 * and {@link DiskBaseline} share. The container is removed when the probe ends, and by a shutdown
 * hook on Ctrl-C.
 */
final class ProbeContainer {
  static final String PROBE_CLASS = "io.github.mongodbtiered.standin.DirectIoProbe";
  static final String LABEL = "io.github.mongodbtiered.probe";
  static final String FILE_NAME = "mongodb-tiered-probe.dat";
  static final String MOUNTED_FILE = "/data/db/" + FILE_NAME;

  private ProbeContainer() {}

  /**
   * Runs the probe with {@code args} and returns its whole output once it exits; {@code onLine}
   * sees each line of its standard output as it is printed.
   *
   * @param timeout how long the probe may run
   * @throws IOException when the probe fails, with the end of its output
   */
  static String run(
      String image,
      DiskProfile profile,
      Path dataDir,
      List<String> args,
      Duration timeout,
      Consumer<String> onLine)
      throws IOException {
    return run(image, profile, dataDir, args, timeout, onLine, null).logs();
  }

  /**
   * What a probe printed, and a burst-credit volume's bucket second by second (empty without one).
   */
  record Ran(String logs, List<BurstThrottle.Tick> burst) {}

  /**
   * As {@link #run(String, DiskProfile, Path, List, Duration, Consumer)}; with a {@code bucket},
   * the container starts at the limits the bucket is at and a {@link BurstThrottle} switches them
   * while the probe runs, leaving the bucket as the probe left it.
   */
  static Ran run(
      String image,
      DiskProfile profile,
      Path dataDir,
      List<String> args,
      Duration timeout,
      Consumer<String> onLine,
      BurstBucket bucket)
      throws IOException {
    BlockDevice device = BlockDevice.backing(dataDir);
    LineSplitter lines = new LineSplitter(onLine);
    DiskProfile limits = bucket == null ? profile : BurstThrottle.limitsOf(profile, bucket);
    try (GenericContainer<?> c = new GenericContainer<>(ServerImages.resolve(image))) {
      configure(c, image, limits, device, dataDir)
          .withCommand(args.toArray(String[]::new))
          .withLogConsumer(lines)
          .withStartupCheckStrategy(new OneShotStartupCheckStrategy().withTimeout(timeout));
      // Ctrl-C skips the try's close: a hook removes the container then.
      Thread cleanup = new Thread(c::stop, "mongodb-tiered-probe-cleanup");
      Runtime.getRuntime().addShutdownHook(cleanup);
      BurstWatch watch = bucket == null ? null : new BurstWatch(c, bucket, profile, device);
      try {
        c.start(); // returns when the probe has exited
        return new Ran(c.getLogs(), watch == null ? List.of() : watch.stop());
      } catch (ContainerLaunchException e) {
        throw new IOException(
            "the disk probe failed in image "
                + image
                + " ("
                + e.getMessage()
                + "); its output: "
                + tail(lines.output(), c),
            e);
      } finally {
        if (watch != null) {
          watch.stop();
        }
        try {
          Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
          // the JVM is already shutting down; the hook does the work
        }
      }
    }
  }

  /**
   * Starts a {@link BurstThrottle} on the probe's container once it has a process: {@code start}
   * returns only when the probe has exited, so the container is watched from a thread of its own.
   */
  private static final class BurstWatch {
    private final Thread thread;
    private volatile BurstThrottle throttle;
    private volatile boolean stopped;

    BurstWatch(GenericContainer<?> c, BurstBucket bucket, DiskProfile profile, BlockDevice device) {
      thread =
          new Thread(
              () -> {
                while (!stopped && throttle == null) {
                  Long pid = pidOf(c);
                  if (pid != null) {
                    throttle = BurstThrottle.start(bucket, profile, device, pid);
                    return;
                  }
                  try {
                    Thread.sleep(20); // polls Docker for the process, not a wait for readiness
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              },
              "mongodb-tiered-probe-burst");
      thread.setDaemon(true);
      thread.start();
    }

    private static Long pidOf(GenericContainer<?> c) {
      String id = c.getContainerId();
      if (id == null) {
        return null;
      }
      try {
        Long pid = c.getDockerClient().inspectContainerCmd(id).exec().getState().getPidLong();
        return pid != null && pid > 0 ? pid : null;
      } catch (RuntimeException e) {
        return null; // not created yet
      }
    }

    /** The bucket's seconds; the throttle stopped. */
    List<BurstThrottle.Tick> stop() {
      stopped = true;
      thread.interrupt();
      BurstThrottle t = throttle;
      if (t == null) {
        return List.of();
      }
      t.close();
      return t.ticks();
    }
  }

  /**
   * The probe's entry point, the data directory and the profile's limits, as a server gets them.
   */
  private static GenericContainer<?> configure(
      GenericContainer<?> c, String image, DiskProfile profile, BlockDevice device, Path dataDir) {
    return c.withImagePullPolicy(ServerImages.pullPolicy(image))
        .withFileSystemBind(dataDir.toAbsolutePath().toString(), "/data/db", BindMode.READ_WRITE)
        .withLabel(LABEL, profile.name())
        // Owner and data directory: a later run finds this container if this JVM is killed.
        .withLabels(ContainerLabels.ownedBy(dataDir))
        .withCreateContainerCmdModifier(
            cmd -> {
              cmd.withEntrypoint("/opt/java/bin/java", "-cp", "/opt/standin/lib/*", PROBE_CLASS);
              Throttle.apply(cmd.getHostConfig(), profile, device);
            });
  }

  /** The end of what the probe printed: as streamed, else as Docker still holds it. */
  private static String tail(String streamed, GenericContainer<?> c) {
    String logs = streamed.strip();
    if (logs.isEmpty()) {
      try {
        logs = c.getLogs().strip();
      } catch (RuntimeException e) {
        return "(unavailable: " + e.getMessage() + ")";
      }
    }
    return logs.isEmpty() ? "(none)" : logs.substring(Math.max(0, logs.length() - 2000));
  }

  /** Writes the probe's file on the host, unthrottled; see {@link DirectIoProbe#fillIfSmaller}. */
  static void prepareFile(Path file, long bytes) throws IOException {
    DirectIoProbe.fillIfSmaller(file, bytes);
  }

  /**
   * Docker's log frames cut anywhere; this hands on whole lines of standard output, and keeps all
   * output for an error message.
   */
  static final class LineSplitter implements Consumer<OutputFrame> {
    private final Consumer<String> onLine;
    private final StringBuilder pending = new StringBuilder();
    private final StringBuilder all = new StringBuilder();

    LineSplitter(Consumer<String> onLine) {
      this.onLine = onLine;
    }

    synchronized String output() {
      return all.toString();
    }

    @Override
    public synchronized void accept(OutputFrame frame) {
      if (frame.getType() == OutputFrame.OutputType.END) {
        return;
      }
      all.append(frame.getUtf8String());
      if (frame.getType() != OutputFrame.OutputType.STDOUT) {
        return;
      }
      pending.append(frame.getUtf8String());
      for (int nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
        String line = pending.substring(0, nl).strip();
        pending.delete(0, nl + 1);
        onLine.accept(line);
      }
    }
  }
}
