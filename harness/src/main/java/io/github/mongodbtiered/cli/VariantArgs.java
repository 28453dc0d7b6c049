package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.sweep.SweepOptions;
import io.github.mongodbtiered.sweep.Variant;
import io.github.mongodbtiered.sweep.Workload;
import io.github.mongodbtiered.ycsb.WorkloadChecks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options one variant of a sweep may set ({@code --variant NAME=OPTIONS}), and how they change
 * the sweep's own: {@code -p} sets a workload property over the sweep's, {@code --server-arg} adds
 * an option to the sweep's, the others replace the sweep's value. Everything else (the cells, the
 * runs' length, the report) is the sweep's, so that the variants' cells measure the same thing.
 */
@Command(name = "variant")
final class VariantArgs {
  /** What a variant may set, for messages. */
  static final String ALLOWED =
      "--image, --server-arg, -p, --threads, --disk and --standin-extra-cost";

  @Option(names = "--image", paramLabel = "IMAGE")
  String image;

  @Option(names = "--server-arg", paramLabel = "ARG")
  List<String> serverArgs = new ArrayList<>();

  @Option(names = "-p", paramLabel = "NAME=VALUE")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(names = "--threads", paramLabel = "N", converter = Counts.Threads.class)
  Integer threads;

  @Option(names = "--disk", paramLabel = "KEY=VALUE")
  Map<String, String> disk = new LinkedHashMap<>();

  @Option(names = "--standin-extra-cost", paramLabel = "MICROS", converter = Counts.ExtraCost.class)
  Integer standinExtraCostMicros;

  /**
   * The variant {@code name} of {@code base}, from its options' words.
   *
   * @param rounds the rounds each variant's cells run (its repeats)
   * @throws IllegalArgumentException naming the variant and what is wrong
   */
  static Variant parse(String name, List<String> words, SweepOptions base, int rounds) {
    Variant.requireName(name);
    VariantArgs a = new VariantArgs();
    CommandLine cl = new CommandLine(a);
    try {
      cl.parseArgs(words.toArray(new String[0]));
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(
          "--variant "
              + name
              + "=...: "
              + e.getMessage()
              + "; a variant may set "
              + ALLOWED
              + ", the other options are the sweep's",
          e);
    }
    try {
      return new Variant(name, words, a.applied(name, base, rounds));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--variant " + name + "=...: " + e.getMessage(), e);
    }
  }

  /** {@code base} with these options, its report in {@code variants/NAME}, its runs the rounds. */
  private SweepOptions applied(String name, SweepOptions base, int rounds) {
    SweepOptions o = base;
    if (image != null) {
      o = o.withServer(s -> s.withImage(image));
    }
    if (!serverArgs.isEmpty()) {
      o =
          o.withServer(
              s -> {
                List<String> all = new ArrayList<>(s.args());
                all.addAll(serverArgs);
                return s.withArgs(all);
              });
    }
    if (standinExtraCostMicros != null) {
      o = o.withServer(s -> s.withStandinExtraCostMicros(standinExtraCostMicros));
    }
    if (!properties.isEmpty()) {
      o = o.withWorkload(this::withProperties);
    }
    if (threads != null) {
      o = o.withWorkload(w -> w.withThreads(threads));
    }
    if (!disk.isEmpty()) {
      o = o.withCells(c -> c.withProfiles(c.profiles().stream().map(this::onDisk).toList()));
    }
    Path variantOut = base.outDir().resolve("variants").resolve(name);
    return o.withOutput(out -> out.withOutDir(variantOut))
        .withRuns(r -> r.withRepeats(rounds).withColdCells(true));
  }

  /**
   * The sweep's workload with this variant's properties over it; a {@code threadcount} among them
   * runs the variant's threads unless {@code --threads} says otherwise.
   */
  private Workload withProperties(Workload w) {
    SweepOwnedProperties.refuse(properties.keySet());
    Properties p = new Properties();
    p.putAll(w.properties());
    properties.forEach(p::setProperty);
    WorkloadChecks.check(p);
    int n = properties.containsKey("threadcount") ? Workload.threadsOf(p, "-p") : w.threads();
    return new Workload(p, w.name(), n);
  }

  private DiskProfile onDisk(DiskProfile p) {
    DiskProfile changed = p;
    for (Map.Entry<String, String> e : disk.entrySet()) {
      try {
        changed = changed.with(e.getKey(), e.getValue());
      } catch (IllegalArgumentException ex) {
        throw new IllegalArgumentException("--disk " + ex.getMessage(), ex);
      }
    }
    return changed;
  }
}
