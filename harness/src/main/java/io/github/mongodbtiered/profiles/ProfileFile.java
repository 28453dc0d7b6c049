package io.github.mongodbtiered.profiles;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a file of profile sections (the format is in {@link DiskProfiles}): line by line into
 * sections, each section into a {@link DiskProfile}. The first error ends the reading, naming the
 * file, the line and the field.
 */
final class ProfileFile {
  private static final List<String> FIELDS =
      Arrays.stream(Setting.values()).map(Setting::fileKey).toList();

  private final Path file;
  private final List<DiskProfile> profiles = new ArrayList<>();
  private Section section; // the one being read; null before the first header

  private ProfileFile(Path file) {
    this.file = file;
  }

  /**
   * The profiles of {@code file}, in its order.
   *
   * @throws ProfileFileException naming the line and field of the first error
   */
  static List<DiskProfile> parse(Path file) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ProfileFileException(file + ": no such file");
    } catch (CharacterCodingException e) {
      throw new ProfileFileException(file + ": not a profiles file (binary data, not text)");
    }
    ProfileFile reader = new ProfileFile(file);
    for (int i = 0; i < lines.size(); i++) {
      reader.line(i + 1, stripComment(lines.get(i)).trim());
    }
    reader.endSection();
    if (reader.profiles.isEmpty()) {
      throw new ProfileFileException(file + ": no [profile-name] section");
    }
    return List.copyOf(reader.profiles);
  }

  private void line(int lineNo, String line) {
    if (line.startsWith("[")) {
      header(lineNo, line);
    } else if (!line.isEmpty()) {
      field(lineNo, line);
    }
  }

  /** {@code [name]}: ends the section before it, starts a new one. */
  private void header(int lineNo, String line) {
    if (!line.endsWith("]") || line.length() < 3) {
      throw error(lineNo, "a section header is [name], got '" + line + "'");
    }
    endSection();
    String name = line.substring(1, line.length() - 1).trim();
    if (profiles.stream().anyMatch(p -> p.name().equals(name))) {
      throw error(lineNo, "profile '" + name + "' is defined twice");
    }
    if (DiskProfiles.builtIn().all().stream().anyMatch(p -> p.name().equals(name))) {
      // A silent redefinition would put the study's name on other limits in every report.
      throw error(
          lineNo,
          "["
              + name
              + "] redefines the built-in profile "
              + name
              + ": give yours another name, e.g. ["
              + name
              + "-custom]");
    }
    section = new Section(name, lineNo);
  }

  /** {@code field = value}, into the current section. */
  private void field(int lineNo, String line) {
    int eq = line.indexOf('=');
    if (eq <= 0) {
      throw error(lineNo, "expected 'field = value', got '" + line + "'");
    }
    if (section == null) {
      throw error(lineNo, "a field before any [profile-name] section");
    }
    String key = line.substring(0, eq).trim().toLowerCase(Locale.ROOT);
    if (!FIELDS.contains(key)) {
      throw error(lineNo, "unknown field '" + key + "'; fields are " + String.join(", ", FIELDS));
    }
    if (section.values.put(key, line.substring(eq + 1).trim()) != null) {
      throw error(lineNo, "field '" + key + "' is set twice in [" + section.name + "]");
    }
    section.lines.put(key, lineNo);
  }

  private void endSection() {
    if (section != null) {
      profiles.add(section.build());
    }
  }

  private ProfileFileException error(int lineNo, String message) {
    return new ProfileFileException(file + ":" + lineNo + ": " + message);
  }

  private static String stripComment(String line) {
    int hash = line.indexOf('#');
    return hash < 0 ? line : line.substring(0, hash);
  }

  /** One section's values and the lines they were on, so that errors can name them. */
  private final class Section {
    private final String name;
    private final int headerLine;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, Integer> lines = new LinkedHashMap<>();

    Section(String name, int headerLine) {
      this.name = name;
      this.headerLine = headerLine;
    }

    /** The profile; a field's error names its line, the profile's own checks the header's. */
    DiskProfile build() {
      DiskProfile.Builder b = DiskProfile.named(name);
      values.forEach((key, text) -> b.set(Setting.byFileKey(key).orElseThrow(), parse(key, text)));
      try {
        return b.build();
      } catch (IllegalArgumentException e) {
        throw error(headerLine, e.getMessage());
      }
    }

    private Object parse(String key, String text) {
      Setting setting = Setting.byFileKey(key).orElseThrow();
      try {
        return setting.parse(text);
      } catch (IllegalArgumentException e) {
        throw error(
            lines.get(key), "field '" + key + "': '" + text + "' is not " + setting.kind.expected);
      }
    }
  }
}
