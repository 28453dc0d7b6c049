package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The disk {@code probe} and {@code disk-baseline} measure: the profiles known, a directory on the
 * disk, and the image the probe runs in. {@code --image} was the probe image's name here (the
 * server image's in {@code sweep}), {@code --dir} the data directory's in {@code disk-baseline}:
 * both still work, with a warning.
 */
final class DiskOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Mixin ProfilesFileOption profilesFile;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description =
          "Directory on the disk to measure; the probe's file goes here (default: ${DEFAULT-VALUE}).")
  Path dataDir = Path.of("mongodb-tiered-data");

  @Mixin ProbeImageOption probeImage;

  @Option(
      names = "--image",
      hidden = true,
      paramLabel = "IMAGE",
      defaultValue = Option.NULL_VALUE) // so picocli calls it with null when the option is absent
  void oldImageSpelling(String image) {
    if (image != null) {
      OldSpellings.warn(
          command, "--image", "use --probe-image (--image names the server image, as in sweep)");
      probeImage.image = image;
    }
  }

  @Option(
      names = "--dir",
      hidden = true,
      paramLabel = "DIR",
      defaultValue = Option.NULL_VALUE) // so picocli calls it with null when the option is absent
  void oldDirSpelling(Path dir) {
    if (dir != null) {
      OldSpellings.warn(command, "--dir", "use --data-dir, as in every command");
      dataDir = dir;
    }
  }

  /** The profiles {@code option} names; see {@link ProfilesFileOption#resolve}. */
  List<DiskProfile> profiles(String option, List<String> names) throws IOException {
    return profilesFile.resolve(option, names);
  }

  /** The data directory, created if need be, as an absolute path. */
  Path createDataDir() throws IOException {
    return Files.createDirectories(dataDir).toAbsolutePath();
  }

  String probeImage() {
    return probeImage.image;
  }
}
