package io.github.mongodbtiered.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/*.md names a file in the repository, and a #fragment
 * one of its headings (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
 */
class DocLinksTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  private static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("README.md"))) {
      dir = dir.getParent();
    }
    assertTrue(dir != null, "no README.md above " + Path.of("").toAbsolutePath());
    return dir;
  }

  static Set<String> anchors(Path md) throws IOException {
    Set<String> anchors = new HashSet<>();
    for (String line : Files.readAllLines(md, StandardCharsets.UTF_8)) {
      if (line.startsWith("#")) {
        String title = line.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT);
        anchors.add(title.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
      }
    }
    return anchors;
  }

  @Test
  void everyRelativeLinkResolves() throws IOException {
    Path root = root();
    List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).forEach(pages::add);
    }
    List<String> broken = new ArrayList<>();
    for (Path page : pages) {
      Matcher m = LINK.matcher(Files.readString(page, StandardCharsets.UTF_8));
      while (m.find()) {
        String link = m.group(1);
        if (link.matches("^[a-z]+:.*")) {
          continue; // http:, mailto:: not ours to check offline
        }
        String file = link.contains("#") ? link.substring(0, link.indexOf('#')) : link;
        String fragment = link.contains("#") ? link.substring(link.indexOf('#') + 1) : null;
        Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!target.startsWith(root) || !Files.exists(target)) {
          broken.add(root.relativize(page) + ": " + link);
        } else if (fragment != null && !anchors(target).contains(fragment)) {
          broken.add(root.relativize(page) + ": " + link + " (no such heading)");
        }
      }
    }
    assertTrue(pages.size() > 5, "read README.md and docs/: " + pages);
    assertTrue(broken.isEmpty(), "broken links: " + broken);
  }
}
