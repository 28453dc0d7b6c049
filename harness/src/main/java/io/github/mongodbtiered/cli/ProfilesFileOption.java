package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.profiles.ProfileFileException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --profiles-file}: the built-in disk profiles plus the user's, and names resolved in them.
 */
final class ProfilesFileOption {
  @Option(
      names = "--profiles-file",
      paramLabel = "FILE",
      description =
          "File of extra profiles, INI sections as in docs/profiles.md; a built-in name is refused.")
  Path file;

  /**
   * The profiles {@code names} name, in order.
   *
   * @param option the option that gave the names, for the message
   * @throws IllegalArgumentException for an unknown name, listing the known ones
   * @throws ProfileFileException for a bad profiles file
   */
  List<DiskProfile> resolve(String option, List<String> names) throws IOException {
    DiskProfiles known = known();
    List<DiskProfile> profiles = new ArrayList<>();
    for (String name : names) {
      try {
        profiles.add(known.get(name.trim()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
      }
    }
    return profiles;
  }

  private DiskProfiles known() throws IOException {
    try {
      return file == null ? DiskProfiles.builtIn() : DiskProfiles.builtInAnd(file);
    } catch (ProfileFileException e) {
      throw new ProfileFileException("--profiles-file " + e.getMessage());
    }
  }
}
