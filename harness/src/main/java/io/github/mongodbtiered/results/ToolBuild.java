package io.github.mongodbtiered.results;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Properties;

/**
 * The build of this tool that ran: the git commit it was built from, and whether the work tree held
 * changes not committed then. The build writes both into the jar ({@value #RESOURCE}, by the
 * harness pom's {@code tool-build} profile), so that a jar copied elsewhere still knows them; a
 * version number such as {@code 0.1.0} names many builds, a commit one (with uncommitted changes,
 * nearly one: two dirty builds of a commit cannot be told apart).
 *
 * @param commit the commit's full ID, 40 hex digits
 * @param dirty whether the work tree had uncommitted changes when the jar was built
 */
public record ToolBuild(String commit, boolean dirty) {
  /** The resource the build writes, beside this class. */
  static final String RESOURCE = "tool-build.properties";

  private static final ToolBuild CURRENT = read();

  public ToolBuild {
    Objects.requireNonNull(commit, "commit");
  }

  /**
   * This jar's build, or null when it is unknown: built where there was no git work tree (a source
   * tarball) or no git.
   */
  public static ToolBuild current() {
    return CURRENT;
  }

  /**
   * The build the properties name ({@code git.commit.id.full}, {@code git.dirty}), or null when
   * they name no commit.
   */
  static ToolBuild of(Properties p) {
    String commit = p.getProperty("git.commit.id.full", "").strip();
    if (commit.isEmpty()) {
      return null;
    }
    return new ToolBuild(commit, Boolean.parseBoolean(p.getProperty("git.dirty", "").strip()));
  }

  private static ToolBuild read() {
    try (InputStream in = ToolBuild.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return null;
      }
      Properties p = new Properties();
      p.load(in);
      return of(p);
    } catch (IOException e) {
      throw new UncheckedIOException("the jar's " + RESOURCE + " cannot be read", e);
    }
  }

  /** "84adac65d7f3", or "84adac65d7f3 with uncommitted changes": the commit's first 12 digits. */
  public String describe() {
    return commit.substring(0, Math.min(12, commit.length()))
        + (dirty ? " with uncommitted changes" : "");
  }
}
