package io.github.mongodbtiered.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Client hosts of our own on this machine: a network namespace per host, each joined by a veth pair
 * to a bridge in the root namespace that holds the server's address. Addresses are 10.213.N.0/24,
 * on links that exist only here, so nothing outside is reachable or reached. Everything is named
 * after this process ({@code mtf<pid>...}); {@link #close} removes it, and a later run removes what
 * a killed one left (its pid gone).
 */
public final class TestHosts implements AutoCloseable {
  private static final String PREFIX = "mtf";
  private static final java.util.concurrent.atomic.AtomicInteger MADE =
      new java.util.concurrent.atomic.AtomicInteger();

  private final String tag;
  private final int subnet;
  private final List<String> namespaces = new ArrayList<>();

  private TestHosts(String tag, int subnet) {
    this.tag = tag;
    this.subnet = subnet;
  }

  /** Why test hosts cannot be made here (not root, no {@code ip}), or empty. */
  public static String unavailableReason() {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "network namespaces need root";
    }
    try {
      run(List.of("ip", "netns", "list"));
      return "";
    } catch (IOException e) {
      return "ip netns unavailable: " + e.getMessage();
    }
  }

  /** {@code hosts} namespaces on one bridge. */
  public static TestHosts create(int hosts) throws IOException {
    removeLeftovers();
    long pid = ProcessHandle.current().pid();
    int n = MADE.getAndIncrement();
    // Names are new each time: a namespace's veth goes away after `ip netns del` returns.
    TestHosts h = new TestHosts(PREFIX + pid + "n" + n, (int) ((pid + n) % 200) + 20);
    try {
      run(List.of("ip", "link", "add", "name", h.bridge(), "type", "bridge"));
      run(List.of("ip", "addr", "add", h.serverAddress() + "/24", "dev", h.bridge()));
      run(List.of("ip", "link", "set", h.bridge(), "up"));
      for (int i = 0; i < hosts; i++) {
        String ns = h.tag + "-" + i;
        String outside = h.tag + "h" + i;
        String inside = h.tag + "c" + i;
        run(List.of("ip", "netns", "add", ns));
        h.namespaces.add(ns);
        run(List.of("ip", "link", "add", outside, "type", "veth", "peer", "name", inside));
        run(List.of("ip", "link", "set", inside, "netns", ns));
        run(List.of("ip", "link", "set", outside, "master", h.bridge()));
        run(List.of("ip", "link", "set", outside, "up"));
        run(List.of("ip", "-n", ns, "addr", "add", h.address(i) + "/24", "dev", inside));
        run(List.of("ip", "-n", ns, "link", "set", inside, "up"));
        run(List.of("ip", "-n", ns, "link", "set", "lo", "up"));
      }
    } catch (IOException | RuntimeException e) {
      h.close();
      throw e;
    }
    return h;
  }

  /** The server's address, on the bridge, which every host reaches. */
  public String serverAddress() {
    return "10.213." + subnet + ".1";
  }

  /** Host {@code i}'s address. */
  public String address(int i) {
    return "10.213." + subnet + "." + (10 + i);
  }

  /** {@code command} prefixed so that it runs on host {@code i}. */
  public List<String> on(int i, List<String> command) {
    List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", namespaces.get(i)));
    c.addAll(command);
    return c;
  }

  private String bridge() {
    return tag + "b";
  }

  @Override
  public void close() throws IOException {
    remove(tag);
  }

  /**
   * Removes the namespaces and bridge named {@code tag} (deleting a namespace removes its veth).
   */
  private static void remove(String tag) throws IOException {
    try (var links = Files.list(Path.of("/sys/class/net"))) {
      for (String link :
          links
              .map(p -> p.getFileName().toString())
              .filter(l -> l.startsWith(tag + "h"))
              .toList()) {
        run(List.of("ip", "link", "del", link)); // and its peer in the namespace
      }
    }
    for (String ns : run(List.of("ip", "netns", "list"))) {
      String name = ns.split(" ")[0];
      if (name.startsWith(tag + "-")) {
        run(List.of("ip", "netns", "del", name));
      }
    }
    if (Files.exists(Path.of("/sys/class/net", tag + "b"))) {
      run(List.of("ip", "link", "del", tag + "b"));
    }
  }

  /** What a killed test run left: names whose pid is no longer running. */
  private static void removeLeftovers() throws IOException {
    List<String> tags = new ArrayList<>();
    for (String ns : run(List.of("ip", "netns", "list"))) {
      String name = ns.split(" ")[0];
      if (name.startsWith(PREFIX) && name.contains("-") && name.contains("n")) {
        tags.add(name.substring(0, name.indexOf('-')));
      }
    }
    try (var links = Files.list(Path.of("/sys/class/net"))) {
      links
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith(PREFIX) && n.endsWith("b") && n.indexOf('n', 3) > 0)
          .forEach(n -> tags.add(n.substring(0, n.length() - 1)));
    }
    for (String t : tags.stream().distinct().toList()) {
      long pid;
      try {
        pid = Long.parseLong(t.substring(PREFIX.length(), t.indexOf('n', PREFIX.length())));
      } catch (NumberFormatException e) {
        continue;
      }
      if (ProcessHandle.of(pid).isEmpty()) {
        remove(t);
      }
    }
  }

  /** Runs {@code command}; its output lines, or an exception with them when it fails. */
  private static List<String> run(List<String> command) throws IOException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + ": no answer in 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", command), e);
    }
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + ": " + out.strip());
    }
    return out.lines().toList();
  }
}
