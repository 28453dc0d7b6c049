package io.github.mongodbtiered.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ToolBuildTest {
  @Test
  void theBuildWroteTheCommitItWasBuiltFromIntoTheJar() throws Exception {
    // Tests run in the module's directory; the build writes the resource only in a git work tree.
    if (!Files.exists(Path.of("..", ".git"))) {
      assertNull(ToolBuild.class.getResource(ToolBuild.RESOURCE));
      assertNull(ToolBuild.current(), "built without git: unknown");
      return;
    }
    assertNotNull(ToolBuild.class.getResource(ToolBuild.RESOURCE), "the build's resource");
    ToolBuild build = ToolBuild.current();
    assertNotNull(build);
    assertTrue(build.commit().matches("[0-9a-f]{40}"), build.commit());
    assertEquals(gitHead(), build.commit());
  }

  @Test
  void aResourceWithoutACommitIsAnUnknownBuild() {
    assertNull(ToolBuild.of(new Properties()));
    Properties blank = new Properties();
    blank.setProperty("git.commit.id.full", " ");
    blank.setProperty("git.dirty", "true");
    assertNull(ToolBuild.of(blank));
  }

  @Test
  void aBuildIsItsCommitAndWhetherTheWorkTreeHadChanges() {
    Properties p = new Properties();
    p.setProperty("git.commit.id.full", "84adac65d7f39f5af58def81a2bc6ad7993ea90d");
    p.setProperty("git.dirty", "true");
    ToolBuild dirty = ToolBuild.of(p);
    assertEquals(new ToolBuild("84adac65d7f39f5af58def81a2bc6ad7993ea90d", true), dirty);
    assertEquals("84adac65d7f3 with uncommitted changes", dirty.describe());
    p.setProperty("git.dirty", "false");
    assertFalse(ToolBuild.of(p).dirty());
    assertEquals("84adac65d7f3", ToolBuild.of(p).describe());
  }

  private static String gitHead() throws IOException, InterruptedException {
    Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
    String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(git.waitFor(30, TimeUnit.SECONDS) && git.exitValue() == 0, out);
    return out;
  }
}
