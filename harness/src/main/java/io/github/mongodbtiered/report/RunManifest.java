package io.github.mongodbtiered.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.BuildIds;
import io.github.mongodbtiered.results.EnvironmentFacts;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.TimeBreakdown;
import io.github.mongodbtiered.results.ToolBuild;
import io.github.mongodbtiered.results.VolumeFacts;
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

/**
 * What a sweep ran, on what, and how faithfully: {@code run.json} in the report directory.
 *
 * <p>Holds no credentials: the constructor masks them as {@link ManifestRedaction} says, in the
 * command line, warnings, enforcement, workload properties and environment warnings. Built with
 * {@link #builder}; changed copies come from {@link #toBuilder}. The canonical constructor stays
 * for Jackson, which reads {@code run.json} through it.
 *
 * @param run which tool ran, when, and with which arguments
 * @param server what served the cells
 * @param swept what the sweep went through and what the kernel held of it
 * @param warnings run-wide caveats for readers of the results
 * @param environment the host, file system, Docker and server the sweep ran on, or null when it was
 *     not checked (reports written before the check existed)
 * @param diskBaselines per profile name, the disk baseline measured before its cells (empty when
 *     skipped)
 * @param volume the data volume the servers ran on (how latency was added), or null for a server
 *     elsewhere and in reports written before volumes existed
 * @param time where the sweep's time went, from its cells and load steps (all of the report's,
 *     earlier runs' too); null in reports written before it was kept
 */
public record RunManifest(
    @JsonUnwrapped Run run,
    @JsonUnwrapped Server server,
    @JsonUnwrapped Swept swept,
    List<String> warnings,
    EnvironmentFacts environment,
    Map<String, List<BaselineStep>> diskBaselines,
    VolumeFacts volume,
    TimeBreakdown time) {

  public RunManifest {
    warnings = ManifestRedaction.texts(warnings);
    environment = ManifestRedaction.environment(environment);
    // Null in files written before the baseline existed.
    diskBaselines =
        diskBaselines == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(diskBaselines));
  }

  /**
   * @param toolVersion this tool's version
   * @param startedAt when the sweep started
   * @param finishedAt when it finished (or when this report was written, for a partial sweep)
   * @param commandLine the arguments as given, credentials masked
   * @param toolBuild the build of this tool that ran (its commit), or null when unknown: built
   *     without git, or a report written before it was recorded (absent from the file then)
   */
  public record Run(
      String toolVersion,
      Instant startedAt,
      Instant finishedAt,
      List<String> commandLine,
      @JsonInclude(JsonInclude.Include.NON_NULL) ToolBuild toolBuild) {
    public Run {
      Objects.requireNonNull(toolVersion, "toolVersion");
      Objects.requireNonNull(startedAt, "startedAt");
      Objects.requireNonNull(finishedAt, "finishedAt");
      commandLine = ManifestRedaction.args(commandLine);
    }
  }

  /**
   * @param serverKind {@code docker}, {@code url} or {@code embedded}
   * @param serverImage the container image, or empty when not a container
   * @param serverVersion what the server reported, or empty when unknown
   * @param imageIds per image name, Docker's content ID ({@code sha256:...}) of each image the run
   *     ran: the server's, and the disk probe's where a baseline ran in a container; what a tag
   *     such as {@code :latest} stood for. Empty, and absent from the file, when none is known:
   *     servers not in containers (an embedded server is the tool's own build, {@code toolBuild}; a
   *     URL's server is known by its version), and reports written before IDs were recorded
   */
  public record Server(
      ServerKind serverKind,
      String serverImage,
      String serverVersion,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> imageIds) {
    public Server {
      Objects.requireNonNull(serverKind, "serverKind");
      Objects.requireNonNull(serverImage, "serverImage");
      Objects.requireNonNull(serverVersion, "serverVersion");
      imageIds =
          imageIds == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(imageIds));
    }
  }

  /**
   * @param profiles the disk profiles swept, in sweep order
   * @param enforcement per profile name, what the kernel actually held (free-form)
   * @param recordCounts the record counts swept
   * @param workloadProperties the YCSB workload's properties, credentials masked
   */
  public record Swept(
      List<DiskProfile> profiles,
      Map<String, Map<String, String>> enforcement,
      List<Long> recordCounts,
      Map<String, String> workloadProperties) {
    public Swept {
      profiles = List.copyOf(profiles);
      Map<String, Map<String, String>> e = new LinkedHashMap<>();
      enforcement.forEach((profile, held) -> e.put(profile, ManifestRedaction.properties(held)));
      enforcement = Collections.unmodifiableMap(e);
      recordCounts = List.copyOf(recordCounts);
      workloadProperties = ManifestRedaction.properties(workloadProperties);
    }
  }

  // The parts' fields, read through the manifest as before the parts existed.

  public String toolVersion() {
    return run.toolVersion();
  }

  public Instant startedAt() {
    return run.startedAt();
  }

  public Instant finishedAt() {
    return run.finishedAt();
  }

  public List<String> commandLine() {
    return run.commandLine();
  }

  /** The build of this tool that ran, or null when unknown. */
  public ToolBuild toolBuild() {
    return run.toolBuild();
  }

  public ServerKind serverKind() {
    return server.serverKind();
  }

  public String serverImage() {
    return server.serverImage();
  }

  public String serverVersion() {
    return server.serverVersion();
  }

  /** Per image name, the ID of the image the run ran; empty when none is known. */
  public Map<String, String> imageIds() {
    return server.imageIds();
  }

  /** What the run's image names and tool version stood for. */
  public BuildIds buildIds() {
    return new BuildIds(imageIds(), toolBuild());
  }

  public List<DiskProfile> profiles() {
    return swept.profiles();
  }

  public Map<String, Map<String, String>> enforcement() {
    return swept.enforcement();
  }

  public List<Long> recordCounts() {
    return swept.recordCounts();
  }

  public Map<String, String> workloadProperties() {
    return swept.workloadProperties();
  }

  /** An empty manifest to fill; tool version, both instants and the server kind are required. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this manifest's fields, to make a changed copy. */
  public Builder toBuilder() {
    return new Builder()
        .toolVersion(toolVersion())
        .startedAt(startedAt())
        .finishedAt(finishedAt())
        .commandLine(commandLine())
        .toolBuild(toolBuild())
        .server(serverKind(), serverImage(), serverVersion())
        .imageIds(imageIds())
        .profiles(profiles())
        .enforcement(enforcement())
        .warnings(warnings)
        .recordCounts(recordCounts())
        .workloadProperties(workloadProperties())
        .environment(environment)
        .diskBaselines(diskBaselines)
        .volume(volume)
        .time(time);
  }

  /** The swept profiles' names, in report order. */
  public List<String> profileNames() {
    return profiles().stream().map(DiskProfile::name).toList();
  }

  /** This manifest with the environment check's result. */
  public RunManifest withEnvironment(EnvironmentFacts env) {
    return toBuilder().environment(env).build();
  }

  /** This manifest with one more profile's disk baseline (or a replaced one). */
  public RunManifest withDiskBaseline(String profile, List<BaselineStep> steps) {
    return toBuilder().diskBaseline(profile, steps).build();
  }

  /** Writes {@code <reportDir>/run.json} atomically. */
  public void write(Path reportDir) throws IOException {
    Json.write(new ReportLayout(reportDir).manifest(), this);
  }

  /**
   * Stages {@code <reportDir>/run.json} in {@code batch}, to be replaced with the files beside it.
   */
  void stage(AtomicFiles.Batch batch, Path reportDir) throws IOException {
    batch.add(new ReportLayout(reportDir).manifest(), Json.bytes(this));
  }

  /** Reads {@code <reportDir>/run.json}; a corrupt file throws, naming it. */
  public static RunManifest read(Path reportDir) throws IOException {
    return Json.read(
        new ReportLayout(reportDir).manifest(),
        RunManifest.class,
        Set.of("environment", "diskBaselines", "volume", "time", "toolBuild", "imageIds"));
  }

  /** Collects a manifest's fields; every setter returns this builder. */
  public static final class Builder {
    private String toolVersion;
    private Instant startedAt;
    private Instant finishedAt;
    private List<String> commandLine = List.of();
    private ToolBuild toolBuild;
    private ServerKind serverKind;
    private String serverImage = "";
    private String serverVersion = "";
    private final Map<String, String> imageIds = new LinkedHashMap<>();
    private List<DiskProfile> profiles = List.of();
    private final Map<String, Map<String, String>> enforcement = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private List<Long> recordCounts = List.of();
    private Map<String, String> workloadProperties = Map.of();
    private EnvironmentFacts environment;
    private VolumeFacts volume;
    private TimeBreakdown time;
    private final Map<String, List<BaselineStep>> diskBaselines = new LinkedHashMap<>();

    private Builder() {}

    public Builder toolVersion(String value) {
      toolVersion = value;
      return this;
    }

    public Builder startedAt(Instant value) {
      startedAt = value;
      return this;
    }

    public Builder finishedAt(Instant value) {
      finishedAt = value;
      return this;
    }

    public Builder commandLine(List<String> args) {
      commandLine = args;
      return this;
    }

    /** The build of this tool that ran; null when unknown. */
    public Builder toolBuild(ToolBuild build) {
      toolBuild = build;
      return this;
    }

    /**
     * @param image the container image, empty when not a container
     * @param version what the server reported, empty when unknown
     */
    public Builder server(ServerKind kind, String image, String version) {
      serverKind = kind;
      serverImage = image;
      serverVersion = version;
      return this;
    }

    /** Replaces the images' IDs, per image name. */
    public Builder imageIds(Map<String, String> byImage) {
      imageIds.clear();
      imageIds.putAll(byImage);
      return this;
    }

    /** Adds, or replaces, one image's ID. */
    public Builder imageId(String image, String id) {
      imageIds.put(image, id);
      return this;
    }

    public Builder profiles(List<DiskProfile> swept) {
      profiles = swept;
      return this;
    }

    /** Replaces what the kernel held, per profile name. */
    public Builder enforcement(Map<String, Map<String, String>> byProfile) {
      enforcement.clear();
      enforcement.putAll(byProfile);
      return this;
    }

    /** Replaces the warnings. */
    public Builder warnings(List<String> all) {
      warnings.clear();
      warnings.addAll(all);
      return this;
    }

    public Builder warning(String warning) {
      warnings.add(warning);
      return this;
    }

    public Builder recordCounts(List<Long> counts) {
      recordCounts = counts;
      return this;
    }

    public Builder workloadProperties(Map<String, String> properties) {
      workloadProperties = properties;
      return this;
    }

    public Builder environment(EnvironmentFacts facts) {
      environment = facts;
      return this;
    }

    /** Replaces the disk baselines, per profile name. */
    public Builder diskBaselines(Map<String, List<BaselineStep>> byProfile) {
      diskBaselines.clear();
      diskBaselines.putAll(byProfile);
      return this;
    }

    /** Adds, or replaces, one profile's disk baseline. */
    public Builder diskBaseline(String profile, List<BaselineStep> steps) {
      diskBaselines.put(profile, List.copyOf(steps));
      return this;
    }

    public Builder volume(VolumeFacts facts) {
      volume = facts;
      return this;
    }

    public Builder time(TimeBreakdown breakdown) {
      time = breakdown;
      return this;
    }

    public RunManifest build() {
      return new RunManifest(
          new Run(toolVersion, startedAt, finishedAt, commandLine, toolBuild),
          new Server(serverKind, serverImage, serverVersion, imageIds),
          new Swept(profiles, enforcement, recordCounts, workloadProperties),
          warnings,
          environment,
          diskBaselines,
          volume,
          time);
    }
  }
}
