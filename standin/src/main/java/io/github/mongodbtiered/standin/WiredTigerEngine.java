package io.github.mongodbtiered.standin;

import de.bwaldvogel.mongo.MongoBackend;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Opens the WiredTiger backend. WiredTiger's Java binding loads its JNI library with {@code
 * System.loadLibrary("wiredtiger_java")} and exits the JVM when that fails, but Debian installs it
 * only as {@code libwiredtiger_java.so.0}, which no library path lookup finds. So the binding and
 * the backend classes that use it are defined by {@link EngineLoader}, whose {@code findLibrary}
 * names the file directly: no symlink, no {@code -Djava.library.path}, in any JVM. When the
 * binding's jar is not on the class path (modules that only depend on this one: system-scoped
 * dependencies are not inherited), it is read from Debian's {@code /usr/share/java/wiredtiger.jar}.
 */
public final class WiredTigerEngine {
  /**
   * Where the JNI library is looked for, first hit wins; -Dstandin.wiredtiger.jni=PATH overrides.
   */
  static final List<String> JNI_CANDIDATES =
      List.of(
          "/usr/lib/libwiredtiger_java.so.0",
          "/usr/lib/x86_64-linux-gnu/libwiredtiger_java.so.0",
          "/usr/lib/aarch64-linux-gnu/libwiredtiger_java.so.0",
          "/usr/lib/jni/libwiredtiger_java.so");

  /** Where WiredTiger's extensions ({@code libwiredtiger_NAME.so}) are looked for, in order. */
  static final List<String> EXTENSION_DIRS =
      List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib");

  /**
   * The block compressors WiredTiger loads as extensions, mongod's besides {@code none}. Snappy is
   * required (the journal's compressor, and mongod's default for collections); the others are
   * loaded when installed, so that a table made with one opens whatever the option says now.
   */
  static final List<String> COMPRESSOR_EXTENSIONS = List.of("snappy", "zlib", "zstd");

  private static final String BACKEND_CLASS =
      "io.github.mongodbtiered.standin.wiredtiger.WiredTigerBackend";

  private static final String DEBIAN_JAR = "/usr/share/java/wiredtiger.jar";

  private static EngineLoader loader;

  private WiredTigerEngine() {}

  /**
   * A backend on WiredTiger with its files in {@code dbpath} (created if missing).
   *
   * @throws IllegalArgumentException when this WiredTiger lacks the options' block compressor
   */
  public static MongoBackend open(Path dbpath, WiredTigerOptions options) {
    // Snappy is the journal's compressor, as in mongod: WiredTiger cannot open without it.
    firstExisting(extensionCandidates("snappy"), "snappy extension libwiredtiger_snappy.so");
    Map<String, String> extensions = compressorExtensions();
    requireCompressor(options.blockCompressor(), extensions);
    try {
      Files.createDirectories(dbpath);
      Class<?> backend = Class.forName(BACKEND_CLASS, true, loader());
      return (MongoBackend)
          backend
              .getMethod("open", Path.class, WiredTigerOptions.class, String.class)
              .invoke(null, dbpath, options, String.join(",", extensions.values()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create --dbpath " + dbpath, e);
    } catch (java.lang.reflect.InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("the WiredTiger backend is missing from the class path", e);
    }
  }

  static synchronized EngineLoader loader() {
    if (loader == null) {
      ClassLoader parent = WiredTigerEngine.class.getClassLoader();
      ClassLoader binding = parent;
      if (parent.getResource("com/wiredtiger/db/Connection.class") == null) {
        // Not on the class path (e.g. a module that only depends on this one): Debian's jar.
        String jar = System.getProperty("standin.wiredtiger.jar", DEBIAN_JAR);
        if (!Files.isRegularFile(Path.of(jar))) {
          throw new IllegalStateException(
              "WiredTiger's Java binding is neither on the class path nor at "
                  + jar
                  + "; install it with 'apt-get install libwiredtiger0 libwiredtiger-java'"
                  + " (or set -Dstandin.wiredtiger.jar=PATH), or use --storageEngine h2");
        }
        try {
          binding = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, null);
        } catch (MalformedURLException e) {
          throw new IllegalStateException("bad -Dstandin.wiredtiger.jar path " + jar, e);
        }
      }
      loader = new EngineLoader(parent, binding, jniLibrary());
    }
    return loader;
  }

  static String jniLibrary() {
    String override = System.getProperty("standin.wiredtiger.jni");
    if (override != null) {
      if (!Files.isRegularFile(Path.of(override))) {
        throw new IllegalStateException(
            "-Dstandin.wiredtiger.jni="
                + override
                + ": no such file; point it at"
                + " libwiredtiger_java.so.0");
      }
      return override;
    }
    return firstExisting(JNI_CANDIDATES, "JNI library libwiredtiger_java.so.0");
  }

  /**
   * The block compressors this WiredTiger can use: {@code none} and those whose extension is
   * installed, in {@link WiredTigerOptions#BLOCK_COMPRESSORS}' order.
   */
  public static List<String> blockCompressors() {
    List<String> names = new ArrayList<>(List.of("none"));
    names.addAll(compressorExtensions().keySet());
    return names;
  }

  /**
   * @throws IllegalArgumentException naming the compressors there are, when {@code compressor} is
   *     not one of them
   */
  static void requireCompressor(String compressor, Map<String, String> extensions) {
    if (!compressor.equals("none") && !extensions.containsKey(compressor)) {
      List<String> there = new ArrayList<>(List.of("none"));
      there.addAll(extensions.keySet());
      throw new IllegalArgumentException(
          "--wiredTigerCollectionBlockCompressor "
              + compressor
              + ": this WiredTiger has no "
              + compressor
              + " extension (libwiredtiger_"
              + compressor
              + ".so, looked in "
              + String.join(", ", EXTENSION_DIRS)
              + "); it has "
              + String.join(", ", there));
    }
  }

  /** The compressor extensions installed, by name, in {@link #COMPRESSOR_EXTENSIONS}' order. */
  static Map<String, String> compressorExtensions() {
    Map<String, String> found = new LinkedHashMap<>();
    for (String name : COMPRESSOR_EXTENSIONS) {
      extensionCandidates(name).stream()
          .filter(p -> Files.isRegularFile(Path.of(p)))
          .findFirst()
          .ifPresent(p -> found.put(name, p));
    }
    return found;
  }

  /** Where extension {@code name} is looked for; -Dstandin.wiredtiger.NAME=PATH overrides. */
  static List<String> extensionCandidates(String name) {
    String override = System.getProperty("standin.wiredtiger." + name);
    return override != null
        ? List.of(override)
        : EXTENSION_DIRS.stream().map(d -> d + "/libwiredtiger_" + name + ".so").toList();
  }

  private static String firstExisting(List<String> candidates, String what) {
    return candidates.stream()
        .filter(p -> Files.isRegularFile(Path.of(p)))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "WiredTiger's "
                        + what
                        + " is not installed (looked in "
                        + String.join(", ", candidates)
                        + "); install it with 'apt-get install libwiredtiger0 libwiredtiger-java'"
                        + " or start the stand-in with --storageEngine h2"));
  }

  /**
   * Defines WiredTiger's binding and the backend classes itself (child first), from the parent's
   * class path, and resolves the binding's JNI library to an absolute file. Everything else (the
   * server, BSON, our option types) comes from the parent, so both sides share those types.
   */
  static final class EngineLoader extends ClassLoader {
    private static final List<String> OWN_PREFIXES =
        List.of("com.wiredtiger.", "io.github.mongodbtiered.standin.wiredtiger.");

    static {
      registerAsParallelCapable();
    }

    private final ClassLoader binding;
    private final String jniLibrary;

    /** {@code binding}: where WiredTiger's classes are read from (the parent, or the jar). */
    EngineLoader(ClassLoader parent, ClassLoader binding, String jniLibrary) {
      super("standin-wiredtiger", parent);
      this.binding = binding;
      this.jniLibrary = jniLibrary;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (OWN_PREFIXES.stream().noneMatch(name::startsWith)) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          String resource = name.replace('.', '/') + ".class";
          ClassLoader source = name.startsWith("com.wiredtiger.") ? binding : getParent();
          try (InputStream in = source.getResourceAsStream(resource)) {
            if (in == null) {
              throw new ClassNotFoundException(name);
            }
            byte[] bytes = in.readAllBytes();
            c = defineClass(name, bytes, 0, bytes.length);
          } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
          }
        }
        if (resolve) {
          resolveClass(c);
        }
        return c;
      }
    }

    @Override
    protected String findLibrary(String libname) {
      return libname.equals("wiredtiger_java") ? jniLibrary : null;
    }
  }
}
