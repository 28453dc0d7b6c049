package io.github.mongodbtiered.report;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/** The one JSON setup for report files: indented, strict on read, Instants as ISO-8601. */
final class Json {
  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          // A file missing a field is from another version or hand-edited: say so, do not guess.
          .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .registerModule(
              new SimpleModule()
                  .addSerializer(Instant.class, new InstantSerializer())
                  .addDeserializer(Instant.class, new InstantDeserializer()));

  private Json() {}

  static void write(Path file, Object value) throws IOException {
    AtomicFiles.write(file, bytes(value));
  }

  static byte[] bytes(Object value) throws IOException {
    return MAPPER.writeValueAsBytes(value);
  }

  /**
   * Reads {@code file} as a {@code type}; a corrupt, partial or foreign file fails with an
   * IOException naming it (a missing file fails with NoSuchFileException).
   */
  static <T> T read(Path file, Class<T> type) throws IOException {
    return read(file, type, Set.of());
  }

  /**
   * As {@link #read(Path, Class)}, but the {@code optional} fields, added after files of this type
   * were first written, read as null (a number as 0) when missing, so that older reports still
   * open. {@code parent.field} names a field of a nested object, where that object is present, or
   * of each object of a nested list.
   */
  static <T> T read(Path file, Class<T> type, Set<String> optional) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    try {
      JsonNode tree = MAPPER.readTree(bytes);
      if (tree instanceof ObjectNode o) {
        optional.forEach(f -> putNullIfMissing(o, f));
        refuseUnknown(o, type);
      }
      T value = tree == null ? null : MAPPER.treeToValue(tree, type);
      if (value == null) {
        throw new IOException(file + ": holds JSON null, not a " + type.getSimpleName());
      }
      return value;
    } catch (JsonProcessingException e) {
      throw new IOException(
          file
              + ": not a valid "
              + type.getSimpleName()
              + where(e)
              + " ("
              + problem(e)
              + "): restore the file from a copy, or delete it and run the sweep again",
          e);
    }
  }

  private static String where(JsonProcessingException e) {
    return e.getLocation() == null || e.getLocation().getLineNr() < 1
        ? ""
        : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
  }

  /** Jackson's words without its advice to change the reader's settings, which is not ours. */
  static String problem(JsonProcessingException e) {
    String m = String.valueOf(e.getOriginalMessage());
    if (m.contains("ALLOW_NON_NUMERIC_NUMBERS") || m.contains("Non-standard token")) {
      return "a bare NaN or Infinity where a number belongs: the tool writes a figure it could not"
          + " work out as \"NaN\", in quotes";
    }
    return m.replaceAll(":? *(enable|Set) [^()]*`[A-Za-z_.]+`[^()]*", "").strip();
  }

  /**
   * Jackson lets any field through into a type with unwrapped parts (its strict check is off for
   * them), so such a type's file is checked here: a field no part knows is from elsewhere.
   */
  private static void refuseUnknown(ObjectNode o, Class<?> type) throws JsonMappingException {
    Set<String> known = new HashSet<>();
    if (!unwrappedFields(type, known)) {
      return;
    }
    for (Iterator<String> names = o.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!known.contains(name)) {
        throw JsonMappingException.from((JsonParser) null, "unknown field '" + name + "'");
      }
    }
  }

  /** Adds the record's JSON fields, its unwrapped parts' spelled out; true when it has parts. */
  private static boolean unwrappedFields(Class<?> type, Set<String> into) {
    if (!type.isRecord()) {
      return false;
    }
    boolean parts = false;
    for (RecordComponent c : type.getRecordComponents()) {
      // The annotation's targets leave it on the accessor, not on the record component.
      if (c.getAccessor().isAnnotationPresent(JsonUnwrapped.class)) {
        parts = true;
        unwrappedFields(c.getType(), into);
      } else {
        into.add(c.getName());
      }
    }
    return parts;
  }

  private static void putNullIfMissing(ObjectNode o, String path) {
    int dot = path.indexOf('.');
    if (dot < 0) {
      if (!o.has(path)) {
        o.putNull(path);
      }
    } else if (o.get(path.substring(0, dot)) instanceof ObjectNode inner) {
      putNullIfMissing(inner, path.substring(dot + 1));
    } else if (o.get(path.substring(0, dot)) instanceof ArrayNode items) {
      // A field of each object of a list, e.g. each repeat's round.
      for (JsonNode item : items) {
        if (item instanceof ObjectNode inner) {
          putNullIfMissing(inner, path.substring(dot + 1));
        }
      }
    }
  }

  private static final class InstantSerializer extends JsonSerializer<Instant> {
    @Override
    public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      gen.writeString(value.toString());
    }
  }

  private static final class InstantDeserializer extends JsonDeserializer<Instant> {
    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      String text = p.getValueAsString();
      try {
        return Instant.parse(text == null ? "" : text);
      } catch (DateTimeParseException e) {
        return (Instant)
            ctxt.handleWeirdStringValue(Instant.class, p.getText(), "not an ISO-8601 instant");
      }
    }
  }
}
