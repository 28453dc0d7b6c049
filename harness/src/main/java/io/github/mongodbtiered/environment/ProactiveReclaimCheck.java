package io.github.mongodbtiered.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * DAMON schemes that page out memory idle for a while, and DAMON_RECLAIM, which does the same: both
 * drop page cache no one read lately, however much memory is free. Some VM and cloud kernels run
 * one to hand memory back to the host. Beyond the WiredTiger cache a uniform workload reads each
 * page only every few minutes, so the filesystem cache drains during a cell: its hit ratio falls
 * and throughput drifts down where the study's server kept its cache (on this project's 2-core VM a
 * scheme paging out after 60 s idle dropped 3-10 MiB/s of a container's page cache).
 */
final class ProactiveReclaimCheck {
  private final Path sys;

  /** Reads the given root in place of {@code /sys}. */
  ProactiveReclaimCheck(Path sys) {
    this.sys = sys;
  }

  /** A warning for each running DAMON pageout scheme, then one for DAMON_RECLAIM if enabled. */
  List<String> warnings() {
    List<String> w = new ArrayList<>();
    for (Path kdamond : children(sys.resolve("kernel/mm/damon/admin/kdamonds"))) {
      if (KernelFiles.read(kdamond.resolve("state")).orElse("").equals("on")) {
        w.addAll(pageoutSchemes(kdamond));
      }
    }
    Path reclaim = sys.resolve("module/damon_reclaim/parameters");
    if (KernelFiles.read(reclaim.resolve("enabled")).orElse("N").equals("Y")) {
      w.add(damonReclaim(reclaim));
    }
    return w;
  }

  /** One warning for each scheme of a running kdamond that pages memory out. */
  private static List<String> pageoutSchemes(Path kdamond) {
    List<String> w = new ArrayList<>();
    for (Path context : children(kdamond.resolve("contexts"))) {
      long aggrMicros = number(context.resolve("monitoring_attrs/intervals/aggr_us"));
      for (Path scheme : children(context.resolve("schemes"))) {
        if (!KernelFiles.read(scheme.resolve("action")).orElse("").equals("pageout")) {
          continue;
        }
        long ageMin = number(scheme.resolve("access_pattern/age/min"));
        w.add(
            String.format(
                Locale.ROOT,
                "the kernel's DAMON (kdamond %s, scheme %s) pages out memory idle for %s:"
                    + " page cache the workload has not read lately is dropped with memory"
                    + " free, so beyond the WiredTiger cache the filesystem cache drains during"
                    + " each cell, its hit ratio falls and throughput drifts down; for the"
                    + " sweep, as root: echo off > %s (and echo on after)",
                kdamond.getFileName(),
                scheme.getFileName(),
                idle(ageMin * aggrMicros),
                "/sys/kernel/mm/damon/admin/kdamonds/" + kdamond.getFileName() + "/state"));
      }
    }
    return w;
  }

  private static String damonReclaim(Path parameters) {
    return "the kernel's DAMON_RECLAIM pages out memory idle for "
        + idle(number(parameters.resolve("min_age")))
        + ": page cache the workload has not read lately is dropped with memory free, so"
        + " beyond the WiredTiger cache the filesystem cache drains during each cell; for"
        + " the sweep, as root: echo N > /sys/module/damon_reclaim/parameters/enabled";
  }

  /** A numeric sysfs file's value, or 0 when it is absent or not a number. */
  private static long number(Path file) {
    return KernelFiles.read(file).map(KernelFiles::parseLong).orElse(0L);
  }

  private static String idle(long micros) {
    return micros > 0 ? String.format(Locale.ROOT, "%.0f s", micros / 1e6) : "a while";
  }

  /** The numbered entries of a DAMON sysfs directory, in order; none when it is absent. */
  private static List<Path> children(Path dir) {
    try (var entries = Files.list(dir)) {
      return entries
          .filter(p -> p.getFileName().toString().matches("[0-9]+") && Files.isDirectory(p))
          .sorted(Comparator.comparingInt(ProactiveReclaimCheck::entryNumber))
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static int entryNumber(Path p) {
    return Integer.parseInt(p.getFileName().toString());
  }
}
