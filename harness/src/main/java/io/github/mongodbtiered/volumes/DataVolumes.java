package io.github.mongodbtiered.volumes;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Opens the data volume {@code --latency} asks for, or the plain directory with the reason. */
public final class DataVolumes {
  private DataVolumes() {}

  /**
   * @param asked {@code --latency}
   * @param dataDir {@code --data-dir}
   * @param sizeBytes the volume's size (from the data set, or {@code --volume-size})
   * @param log one line per thing cleaned up or created
   * @throws IllegalArgumentException when {@code dm} or {@code nbd} is asked for and missing, the
   *     volume is in use by another run, or it would not fit
   */
  public static DataVolume open(
      LatencyMethod asked, Path dataDir, long sizeBytes, Consumer<String> log) throws IOException {
    VolumeSupport.Choice choice = VolumeSupport.ofThisHost().choose(asked);
    if (choice.method() == LatencyMethod.OFF) {
      return PlainDirectory.locked(dataDir, choice.reason(), log);
    }
    return DelayedVolume.open(
        choice.method(), dataDir, sizeBytes, HostCommands.SYSTEM, HostObjects.ofThisHost(), log);
  }
}
