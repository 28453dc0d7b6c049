package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.servers.ServerImages;
import picocli.CommandLine.Option;

/** {@code --probe-image}: the image that carries the disk probe, in every command that has one. */
final class ProbeImageOption {
  @Option(
      names = "--probe-image",
      paramLabel = "IMAGE",
      description =
          "Image carrying the disk probe, built by scripts/build-standin-image and never pulled"
              + " (default: ${DEFAULT-VALUE}).")
  String image = ServerImages.STANDIN_IMAGE;
}
