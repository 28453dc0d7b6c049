package io.github.mongodbtiered.servers;

import com.github.dockerjava.api.exception.NotFoundException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.ImagePullPolicy;
import org.testcontainers.images.PullPolicy;
import org.testcontainers.utility.DockerImageName;

/**
 * Which images may be pulled. The official {@code mongo} images are pulled as Docker would; this
 * project's own images ({@code mongodb-tiered-*}) exist only where {@code
 * scripts/build-standin-image} built them, so they are never pulled: a pull would only send a
 * request for a name no registry has.
 */
public final class ServerImages {
  public static final String DEFAULT_SERVER_IMAGE = "mongo:7.0";
  public static final String STANDIN_IMAGE = "mongodb-tiered-standin:latest";

  private ServerImages() {}

  static boolean isOurs(String image) {
    return image.startsWith("mongodb-tiered-");
  }

  /**
   * Checks an image can be used without a surprise pull.
   *
   * @throws ServerUnavailableException for one of our images that is not in the local Docker
   */
  public static DockerImageName resolve(String image) {
    DockerImageName name = DockerImageName.parse(image);
    if (isOurs(image)) {
      try {
        DockerClientFactory.instance().client().inspectImageCmd(image).exec();
      } catch (NotFoundException e) {
        throw new ServerUnavailableException(
            "image "
                + image
                + " is not in the local Docker: build it with scripts/build-standin-image (it is"
                + " built locally and never pulled)");
      }
    }
    return name;
  }

  /**
   * The local image's ID, Docker's digest of its content ({@code sha256:...}): what its name (a tag
   * such as {@code :latest}) stands for now. Null when the local Docker does not have it (not
   * pulled or built yet) or cannot be asked.
   */
  public static String localId(String image) {
    try {
      return DockerClientFactory.instance().client().inspectImageCmd(image).exec().getId();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The title {@code scripts/build-standin-image} labels the stand-in's image with. */
  static final String STANDIN_TITLE = "mongodb-tiered-standin";

  /**
   * Whether a local image is the stand-in, by the label its build gives it rather than by name (the
   * build takes any name): false when Docker cannot say.
   */
  public static boolean isStandin(String image) {
    try {
      var config =
          DockerClientFactory.instance().client().inspectImageCmd(image).exec().getConfig();
      return config != null
          && config.getLabels() != null
          && STANDIN_TITLE.equals(config.getLabels().get("org.opencontainers.image.title"));
    } catch (RuntimeException e) {
      return false;
    }
  }

  static ImagePullPolicy pullPolicy(String image) {
    return isOurs(image) ? name -> false : PullPolicy.defaultPolicy();
  }
}
