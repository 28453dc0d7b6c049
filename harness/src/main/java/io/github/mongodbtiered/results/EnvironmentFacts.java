package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * What a sweep ran on, read before it started: the host, the data directory's file system and
 * device, Docker and the server. Any field may be null when it could not be read (a URL target has
 * no local data directory, a non-Linux host has no /proc). Plain data for {@code run.json} and the
 * HTML report.
 *
 * @param host the machine
 * @param disk the data directory's file system and device
 * @param server Docker and the server
 * @param warnings where production advice is not met or a measurement will be unreliable
 */
public record EnvironmentFacts(
    @JsonUnwrapped Host host,
    @JsonUnwrapped DataDisk disk,
    @JsonUnwrapped Server server,
    List<String> warnings) {

  public EnvironmentFacts {
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  /**
   * @param kernel {@code uname -r} style release, e.g. {@code 6.1.0-18-amd64}
   * @param cpuModel the first CPU's model name
   * @param cpus logical CPUs available to this JVM
   * @param memoryBytes total RAM of the host
   */
  public record Host(String kernel, String cpuModel, Integer cpus, Long memoryBytes) {}

  /**
   * @param dataDir the directory the server keeps its files in, on this host
   * @param filesystem the data directory's file system type, e.g. {@code xfs}
   * @param mountOptions its mount options as in /proc/mounts
   * @param device the block device backing it, e.g. {@code vda (254:0)}
   * @param readAheadKb the device's read-ahead, in KiB
   * @param scheduler the device's active I/O scheduler
   */
  public record DataDisk(
      String dataDir,
      String filesystem,
      String mountOptions,
      String device,
      Integer readAheadKb,
      String scheduler) {}

  /**
   * @param dockerVersion the Docker engine's version, when a container target is used
   * @param serverVersion what the server reports as its version
   * @param storageEngine {@code serverStatus.storageEngine.name}
   * @param cacheBytes the storage engine's configured cache size, in bytes
   */
  public record Server(
      String dockerVersion, String serverVersion, String storageEngine, Long cacheBytes) {}

  /** These facts with {@code replaced} as the warnings. */
  public EnvironmentFacts withWarnings(List<String> replaced) {
    return new EnvironmentFacts(host, disk, server, replaced);
  }

  /** These facts with what the server says of itself. */
  public EnvironmentFacts withServer(String version, String engine, Long engineCacheBytes) {
    return new EnvironmentFacts(
        host,
        disk,
        new Server(server.dockerVersion(), version, engine, engineCacheBytes),
        warnings);
  }

  // The parts' fields, read through the facts as before the parts existed.

  public String kernel() {
    return host.kernel();
  }

  public String cpuModel() {
    return host.cpuModel();
  }

  public Integer cpus() {
    return host.cpus();
  }

  public Long memoryBytes() {
    return host.memoryBytes();
  }

  public String dataDir() {
    return disk.dataDir();
  }

  public String filesystem() {
    return disk.filesystem();
  }

  public String mountOptions() {
    return disk.mountOptions();
  }

  public String device() {
    return disk.device();
  }

  public Integer readAheadKb() {
    return disk.readAheadKb();
  }

  public String scheduler() {
    return disk.scheduler();
  }

  public String dockerVersion() {
    return server.dockerVersion();
  }

  public String serverVersion() {
    return server.serverVersion();
  }

  public String storageEngine() {
    return server.storageEngine();
  }

  public Long cacheBytes() {
    return server.cacheBytes();
  }
}
