package io.github.mongodbtiered.report;

import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.EnvironmentFacts;
import io.github.mongodbtiered.results.ServerKind;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What a sweep ran, on what, and how faithfully: {@code run.json} in the report directory.
 *
 * <p>Holds no credentials: the constructor masks the password of every {@code mongodb://} or {@code
 * mongodb+srv://} URL in the command line, warnings, enforcement and workload properties, and the
 * value of any argument or property whose name mentions a password, secret or token.
 *
 * @param toolVersion this tool's version
 * @param startedAt when the sweep started
 * @param finishedAt when it finished (or when this report was written, for a partial sweep)
 * @param commandLine the arguments as given
 * @param serverKind {@code docker}, {@code url} or {@code embedded}
 * @param serverImage the container image, or empty when not a container
 * @param serverVersion what the server reported, or empty when unknown
 * @param profiles the disk profiles swept, in sweep order
 * @param enforcement per profile name, what the kernel actually held (free-form)
 * @param warnings run-wide caveats for readers of the results
 * @param recordCounts the record counts swept
 * @param workloadProperties the YCSB workload's properties
 * @param environment the host, file system, Docker and server the sweep ran on, or null when it was
 *     not checked (reports written before the check existed)
 * @param diskBaselines per profile name, the disk baseline measured before its cells (empty when
 *     skipped)
 */
public record RunManifest(
    String toolVersion,
    Instant startedAt,
    Instant finishedAt,
    List<String> commandLine,
    ServerKind serverKind,
    String serverImage,
    String serverVersion,
    List<Profile> profiles,
    Map<String, Map<String, String>> enforcement,
    List<String> warnings,
    List<Long> recordCounts,
    Map<String, String> workloadProperties,
    EnvironmentFacts environment,
    Map<String, List<BaselineStep>> diskBaselines) {

  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i).*(password|passwd|secret|token).*");

  public RunManifest {
    Objects.requireNonNull(toolVersion, "toolVersion");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(finishedAt, "finishedAt");
    Objects.requireNonNull(serverKind, "serverKind");
    Objects.requireNonNull(serverImage, "serverImage");
    Objects.requireNonNull(serverVersion, "serverVersion");
    commandLine = scrubArgs(commandLine);
    profiles = List.copyOf(profiles);
    Map<String, Map<String, String>> e = new LinkedHashMap<>();
    enforcement.forEach((profile, held) -> e.put(profile, scrubProperties(held)));
    enforcement = Collections.unmodifiableMap(e);
    warnings = warnings.stream().map(w -> Redaction.scrub(w, null)).toList();
    recordCounts = List.copyOf(recordCounts);
    workloadProperties = scrubProperties(workloadProperties);
    if (environment != null) {
      environment =
          environment.withWarnings(
              environment.warnings().stream().map(w -> Redaction.scrub(w, null)).toList());
    }
    diskBaselines =
        diskBaselines == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(diskBaselines));
  }

  /** The swept profiles' names, in report order. */
  public List<String> profileNames() {
    return profiles.stream().map(Profile::name).toList();
  }

  /** This manifest with the environment check's result. */
  public RunManifest withEnvironment(EnvironmentFacts env) {
    return new RunManifest(
        toolVersion,
        startedAt,
        finishedAt,
        commandLine,
        serverKind,
        serverImage,
        serverVersion,
        profiles,
        enforcement,
        warnings,
        recordCounts,
        workloadProperties,
        env,
        diskBaselines);
  }

  /** This manifest with one more profile's disk baseline (or a replaced one). */
  public RunManifest withDiskBaseline(String profile, List<BaselineStep> steps) {
    Map<String, List<BaselineStep>> b = new LinkedHashMap<>(diskBaselines);
    b.put(profile, List.copyOf(steps));
    return new RunManifest(
        toolVersion,
        startedAt,
        finishedAt,
        commandLine,
        serverKind,
        serverImage,
        serverVersion,
        profiles,
        enforcement,
        warnings,
        recordCounts,
        workloadProperties,
        environment,
        b);
  }

  /**
   * One swept profile as configured; see {@link DiskProfile}. 0 means "no limit".
   *
   * @param effectiveCacheBytes the WiredTiger cache the server gets, or null when unknown
   */
  public record Profile(
      String name,
      String description,
      long readIops,
      long writeIops,
      long readBytesPerSec,
      long writeBytesPerSec,
      double addedLatencyMillis,
      long memoryBytes,
      Long effectiveCacheBytes) {

    public static Profile of(DiskProfile p) {
      return new Profile(
          p.name(),
          p.description(),
          p.readIops(),
          p.writeIops(),
          p.readBytesPerSec(),
          p.writeBytesPerSec(),
          p.addedLatencyMillis(),
          p.memoryBytes(),
          p.effectiveCacheBytes().isPresent() ? p.effectiveCacheBytes().getAsLong() : null);
    }
  }

  /** Writes {@code <reportDir>/run.json} atomically. */
  public void write(Path reportDir) throws IOException {
    Json.write(new ReportLayout(reportDir).manifest(), this);
  }

  /** Reads {@code <reportDir>/run.json}; a corrupt file throws, naming it. */
  public static RunManifest read(Path reportDir) throws IOException {
    return Json.read(
        new ReportLayout(reportDir).manifest(),
        RunManifest.class,
        Set.of("environment", "diskBaselines"));
  }

  /** Masks URL passwords, {@code name=secret} values, and the value after a secret's flag. */
  private static List<String> scrubArgs(List<String> args) {
    List<String> out = new ArrayList<>();
    boolean maskNext = false;
    for (String arg : args) {
      if (maskNext) {
        out.add(Redaction.MASK);
        maskNext = false;
        continue;
      }
      String a = Redaction.scrub(arg, null);
      int eq = a.indexOf('=');
      if (eq > 0 && SECRET_NAME.matcher(a.substring(0, eq)).matches()) {
        a = a.substring(0, eq + 1) + Redaction.MASK;
      } else {
        maskNext = a.startsWith("-") && SECRET_NAME.matcher(a).matches();
      }
      out.add(a);
    }
    return List.copyOf(out);
  }

  /** Sorted, so the file does not change with the caller's map order. */
  private static Map<String, String> scrubProperties(Map<String, String> props) {
    Map<String, String> out = new TreeMap<>();
    props.forEach(
        (k, v) ->
            out.put(
                k, SECRET_NAME.matcher(k).matches() ? Redaction.MASK : Redaction.scrub(v, null)));
    return Collections.unmodifiableMap(out);
  }
}
