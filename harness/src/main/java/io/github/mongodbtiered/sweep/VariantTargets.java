package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.volumes.DataVolume;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The servers of a sweep's variants: one target per data set ({@link Variants#dataGroups}), which
 * owns its volume, and per variant a view of its group's target that starts that variant's image
 * and options. One variant's server runs at a time, each started cold and stopped after its run.
 */
public final class VariantTargets implements AutoCloseable {
  private final List<TargetServer> owners = new ArrayList<>();
  private final Map<String, TargetServer> byName = new LinkedHashMap<>();

  /**
   * Opens each data group's target as {@link TargetServers#open} opens a sweep's.
   *
   * @param log where each choice and its reason are printed
   */
  public static VariantTargets open(Variants variants, PrintWriter log) {
    VariantTargets t = new VariantTargets();
    try {
      for (List<Variant> group : variants.dataGroups().values()) {
        TargetServer owner = TargetServers.open(group.get(0).options(), log);
        t.owners.add(owner);
        for (Variant v : group) {
          requireServable(v, owner.kind());
          t.byName.put(v.name(), new View(owner, v.name(), v.options().server()));
        }
      }
      return t;
    } catch (RuntimeException e) {
      t.close();
      throw e;
    }
  }

  /**
   * Refuses, before anything is loaded, a variant whose server cannot run: an image that is not
   * there, an option its server would not act on.
   *
   * @throws IllegalArgumentException naming the variant and the option
   * @throws io.github.mongodbtiered.servers.ServerUnavailableException for a missing image
   */
  private static void requireServable(Variant v, ServerKind kind) {
    Server s = v.options().server();
    try {
      if (kind.has(ServerKind.Capability.IN_THIS_JVM)) {
        if (v.given().stream().anyMatch(w -> w.equals("--image") || w.startsWith("--image="))) {
          throw new IllegalArgumentException(
              "--image: the embedded stand-in runs in this JVM, from no image; variants of it"
                  + " differ by --server-arg, -p, --threads, --disk or --standin-extra-cost");
        }
        TargetServers.requireStandinArgs(s);
      } else {
        io.github.mongodbtiered.servers.ServerImages.resolve(s.image());
        TargetServers.requireDockerServer(s);
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--variant " + v.name() + ": " + e.getMessage(), e);
    } catch (io.github.mongodbtiered.servers.ServerUnavailableException e) {
      throw new io.github.mongodbtiered.servers.ServerUnavailableException(
          "--variant " + v.name() + ": " + e.getMessage());
    }
  }

  /** Each variant's server by name. */
  public Map<String, TargetServer> byName() {
    return byName;
  }

  @Override
  public void close() {
    owners.forEach(TargetServer::close);
  }

  /** A variant's view of its data group's target: its image and options, the group's volume. */
  private static final class View implements TargetServer {
    private final TargetServer shared;
    private final String variant;
    private final Server server;

    View(TargetServer shared, String variant, Server server) {
      this.shared = shared;
      this.variant = variant;
      this.server = server;
    }

    private TargetServer configured() {
      shared.configure(variant, server.image(), server.commandArgs());
      return shared;
    }

    @Override
    public ServerKind kind() {
      return shared.kind();
    }

    @Override
    public String meaning() {
      return configured().meaning();
    }

    @Override
    public String image() {
      return configured().image();
    }

    @Override
    public Endpoint startLoading() throws Exception {
      return configured().startLoading();
    }

    @Override
    public void stopLoading() throws Exception {
      shared.stopLoading();
    }

    @Override
    public Endpoint startCell(DiskProfile profile) throws Exception {
      return configured().startCell(profile);
    }

    @Override
    public Endpoint startCell(DiskProfile profile, HostCache.Drop dropped) throws Exception {
      return configured().startCell(profile, dropped);
    }

    @Override
    public void stopCell() throws Exception {
      shared.stopCell();
    }

    @Override
    public AutoCloseable diskLimitsLifted() throws Exception {
      return shared.diskLimitsLifted();
    }

    @Override
    public AutoCloseable latencyLifted(Consumer<String> notes) throws Exception {
      return shared.latencyLifted(notes);
    }

    @Override
    public DataVolume volume() {
      return shared.volume();
    }

    @Override
    public Path hostDataDir() {
      return shared.hostDataDir();
    }

    @Override
    public String dockerVersion() {
      return shared.dockerVersion();
    }

    @Override
    public Map<String, String> imageIds() {
      return configured().imageIds();
    }

    @Override
    public boolean has(ServerKind.Capability c) {
      return shared.has(c);
    }

    /** The group's target closes with the sweep; a view only lets its server go. */
    @Override
    public void close() {}
  }
}
