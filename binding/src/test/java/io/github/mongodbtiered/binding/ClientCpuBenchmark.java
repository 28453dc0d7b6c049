package io.github.mongodbtiered.binding;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Sorts;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.PhaseRunner;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.HdrHistogram.Recorder;
import org.bson.Document;
import site.ycsb.RandomByteIterator;
import site.ycsb.Utils;

/**
 * Client CPU per operation of the binding, run through YCSB's client, beside a bare driver loop
 * doing the same operations: same filter, projection and document shape, keys and values from
 * YCSB's own generators, one latency recorded per operation, and a client built from the same
 * settings, per run, as the binding builds its own. The difference is what the binding and YCSB's
 * client machinery around it cost; the bare loop is the floor the binding can approach.
 *
 * <p>Runs alternate (binding first in odd pairs, bare first in even ones, after unmeasured runs of
 * each), and each figure is a median with its range. CPU is the whole client process's (user +
 * system, GC and JIT included) when the server runs in another process on loopback, and the
 * process's less the server's threads' when it runs in this JVM. A benchmark, not a test: it
 * asserts nothing, and its figures describe this machine and mongo-java-server's in-memory backend,
 * not MongoDB.
 *
 * <p>Run with {@code scripts/benchmark-binding --help}.
 */
public final class ClientCpuBenchmark {
  private static final String SERVE = "--serve";
  private static final String BARE_THREAD = "bare-";
  private static final String YCSB_THREAD = "ycsb-client-";
  private static final int FIELDS = 10;
  private static final int FIELD_BYTES = 100;
  private static final int BATCH = 100;
  private static final int MAX_SCAN = 10;

  /** What one run does, on both sides. */
  enum Kind {
    READ,
    UPDATE,
    INSERT,
    INSERT_BATCH,
    SCAN;

    String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    boolean inserts() {
      return this == INSERT || this == INSERT_BATCH;
    }
  }

  private record Settings(
      List<String> servers,
      List<Kind> kinds,
      int records,
      int operations,
      int threads,
      int pairs,
      int warmups,
      boolean profile) {}

  /** One run's figures. */
  private record Run(long operations, double cpuNanos, double seconds) {
    double cpuMicrosPerOp() {
      return cpuNanos / 1_000.0 / operations;
    }

    double opsPerSec() {
      return operations / seconds;
    }
  }

  private ClientCpuBenchmark() {}

  public static void main(String[] args) throws Exception {
    // The server answers a drop of a missing collection with an error it also logs, stack and all;
    // the binding's own simplelogger.properties (first on the class path) does not silence it.
    System.setProperty("org.slf4j.simpleLogger.log.de.bwaldvogel", "off");
    if (args.length > 0 && args[0].equals(SERVE)) {
      serve();
      return;
    }
    Settings s = parse(args);
    if (s == null) {
      return;
    }
    System.out.printf(
        "client CPU per operation: binding (through YCSB's client) beside a bare driver loop;"
            + " %d records of %d x %d bytes, %d threads, %d operations a run, %d alternating pairs"
            + " after %d unmeasured runs of each; %d cores; server: mongo-java-server, in-memory"
            + " backend (not MongoDB)%n",
        s.records,
        FIELDS,
        FIELD_BYTES,
        s.threads,
        s.operations,
        s.pairs,
        s.warmups,
        Runtime.getRuntime().availableProcessors());
    Map<String, double[]> verdicts = new LinkedHashMap<>();
    for (String server : s.servers) {
      try (Server srv = server.equals("process") ? Server.process() : Server.inJvm()) {
        String url = srv.url("cpubench");
        load(url, "usertable", 0, s.records);
        for (Kind kind : s.kinds) {
          double[] ratio = compare(s, srv, url, kind);
          verdicts.put(kind.label() + ", server " + srv.where(), ratio);
        }
      }
    }
    System.out.println();
    System.out.println("binding / bare CPU per operation (median of pairs [range]):");
    verdicts.forEach(
        (what, r) ->
            System.out.printf(
                "  %-42s %5.2f [%.2f-%.2f]%s%n",
                what, r[0], r[1], r[2], r[0] <= 1.15 ? "  within 1.15x" : "  above 1.15x"));
  }

  private static Settings parse(String[] args) {
    List<String> servers = List.of("process", "injvm");
    List<Kind> kinds = Arrays.asList(Kind.values());
    int records = 20_000;
    int operations = 150_000;
    int threads = 16;
    int pairs = 5;
    int warmups = 2;
    boolean profile = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--help") || a.equals("-h")) {
        System.out.println(
            """
            Usage: scripts/benchmark-binding [--server process|injvm|both] [--ops KIND,...]
                   [--records N] [--operations N] [--threads N] [--pairs N] [--warmups N]
                   [--profile]

            Prints the client CPU (user + system) per operation of the mongodb-tiered binding run
            through YCSB's client, beside a bare MongoDB driver loop doing the same operations,
            in alternating runs, with medians and ranges, and the binding/bare ratio per pair.

              --server     process: mongo-java-server in another JVM on loopback (the client's
                           whole process CPU counts); injvm: in this JVM (its threads' CPU is
                           taken off); both (default)
              --ops        read, update, insert, insert-batch (batches of 100), scan (1-10
                           records); default all
              --records    records loaded for read, update and scan (default 20000)
              --operations operations a run; records a run for inserts (default 150000)
              --threads    client threads (default 16)
              --pairs      measured pairs per operation (default 5)
              --warmups    unmeasured runs of each side first (default 2)
              --profile    sample both sides with Java Flight Recorder and print the methods
                           seen most on the client threads' stacks
            """);
        return null;
      }
      if (a.equals("--profile")) {
        profile = true;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(a + " needs a value; see --help");
      }
      String v = args[++i];
      switch (a) {
        case "--server" -> servers = v.equals("both") ? servers : List.of(v);
        case "--ops" ->
            kinds =
                Arrays.stream(v.split(","))
                    .map(k -> Kind.valueOf(k.trim().toUpperCase(Locale.ROOT).replace('-', '_')))
                    .toList();
        case "--records" -> records = Integer.parseInt(v);
        case "--operations" -> operations = Integer.parseInt(v);
        case "--threads" -> threads = Integer.parseInt(v);
        case "--pairs" -> pairs = Integer.parseInt(v);
        case "--warmups" -> warmups = Integer.parseInt(v);
        default -> throw new IllegalArgumentException("unknown option " + a + "; see --help");
      }
    }
    for (String server : servers) {
      if (!server.equals("process") && !server.equals("injvm")) {
        throw new IllegalArgumentException("--server " + server + ": use process, injvm or both");
      }
    }
    return new Settings(servers, kinds, records, operations, threads, pairs, warmups, profile);
  }

  /** Alternating pairs of one kind; returns the median binding/bare ratio and its range. */
  private static double[] compare(Settings s, Server srv, String url, Kind kind) throws Exception {
    System.out.printf(
        "%n%s, server %s%n%-5s %-13s %14s %14s %7s %14s %14s%n",
        kind.label(),
        srv.where(),
        "pair",
        "order",
        "binding us/op",
        "bare us/op",
        "ratio",
        "binding ops/s",
        "bare ops/s");
    int[] table = {0};
    for (int w = 0; w < s.warmups; w++) {
      binding(s, srv, url, kind, table);
      bare(s, srv, url, kind, table);
    }
    Recording jfr = s.profile ? startProfile() : null;
    List<Run> binding = new ArrayList<>();
    List<Run> bare = new ArrayList<>();
    double[] ratios = new double[s.pairs];
    for (int p = 0; p < s.pairs; p++) {
      boolean bindingFirst = p % 2 == 0;
      Run a = bindingFirst ? binding(s, srv, url, kind, table) : bare(s, srv, url, kind, table);
      Run b = bindingFirst ? bare(s, srv, url, kind, table) : binding(s, srv, url, kind, table);
      Run bi = bindingFirst ? a : b;
      Run ba = bindingFirst ? b : a;
      binding.add(bi);
      bare.add(ba);
      ratios[p] = bi.cpuMicrosPerOp() / ba.cpuMicrosPerOp();
      System.out.printf(
          "%-5d %-13s %14.2f %14.2f %7.2f %14.0f %14.0f%n",
          p + 1,
          bindingFirst ? "binding,bare" : "bare,binding",
          bi.cpuMicrosPerOp(),
          ba.cpuMicrosPerOp(),
          ratios[p],
          bi.opsPerSec(),
          ba.opsPerSec());
    }
    double[] bCpu = binding.stream().mapToDouble(Run::cpuMicrosPerOp).toArray();
    double[] rCpu = bare.stream().mapToDouble(Run::cpuMicrosPerOp).toArray();
    double[] bOps = binding.stream().mapToDouble(Run::opsPerSec).toArray();
    double[] rOps = bare.stream().mapToDouble(Run::opsPerSec).toArray();
    System.out.printf(
        "%-19s %14s %14s %7s %14s %14s%n",
        "median [range]",
        spread(bCpu, "%.2f"),
        spread(rCpu, "%.2f"),
        spread(ratios, "%.2f"),
        spread(bOps, "%.0f"),
        spread(rOps, "%.0f"));
    if (jfr != null) {
      printProfile(jfr, kind);
    }
    return new double[] {
      median(ratios), Arrays.stream(ratios).min().orElse(0), Arrays.stream(ratios).max().orElse(0)
    };
  }

  private static String spread(double[] v, String format) {
    return String.format(Locale.ROOT, format, median(v))
        + " ["
        + String.format(Locale.ROOT, format, Arrays.stream(v).min().orElse(0))
        + "-"
        + String.format(Locale.ROOT, format, Arrays.stream(v).max().orElse(0))
        + "]";
  }

  static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  // ---- the binding, through YCSB's client ----

  private static Run binding(Settings s, Server srv, String url, Kind kind, int[] table)
      throws IOException, PhaseException {
    Properties p = workload(url, s);
    long operations = s.operations;
    String collection = null;
    switch (kind) {
      case READ -> {}
      case UPDATE -> {
        p.setProperty("readproportion", "0");
        p.setProperty("updateproportion", "1");
      }
      case SCAN -> {
        p.setProperty("readproportion", "0");
        p.setProperty("scanproportion", "1");
        p.setProperty("maxscanlength", Integer.toString(MAX_SCAN));
        p.setProperty("scanlengthdistribution", "uniform");
      }
      case INSERT, INSERT_BATCH -> {
        collection = "insert" + table[0]++;
        p.setProperty("dotransactions", "false");
        p.setProperty("table", collection);
        p.setProperty("recordcount", Integer.toString(s.operations));
        p.setProperty("batchsize", kind == Kind.INSERT ? "1" : Integer.toString(BATCH));
      }
    }
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    PrintStream err = System.err;
    System.setErr(quiet); // YCSB's DBWrapper and the binding say hello once per thread or run
    long cpu0 = srv.clientCpuNanos();
    long t0 = System.nanoTime();
    PhaseResult r;
    try {
      r = PhaseRunner.run(p, false, quiet);
    } finally {
      System.setErr(err);
    }
    long t1 = System.nanoTime();
    long cpu1 = srv.clientCpuNanos();
    if (r.errors() > 0 || r.opsDone() != operations) {
      throw new IllegalStateException(
          kind.label()
              + " through YCSB: "
              + r.opsDone()
              + " operations, "
              + r.errors()
              + " errors");
    }
    dropIfSet(url, collection);
    return new Run(operations, cpu1 - cpu0, (t1 - t0) / 1e9);
  }

  private static Properties workload(String url, Settings s) throws IOException {
    Properties p = new Properties();
    Path dir =
        Files.isDirectory(Path.of("workloads")) ? Path.of("workloads") : Path.of("../workloads");
    try (InputStream in = Files.newInputStream(dir.resolve("tiered-read-uniform"))) {
      p.load(in);
    }
    p.setProperty("db", MongoDbTieredClient.class.getName());
    p.setProperty("mongodb.url", url);
    p.setProperty("recordcount", Integer.toString(s.records));
    p.setProperty("operationcount", Integer.toString(s.operations));
    p.setProperty("threadcount", Integer.toString(s.threads));
    p.setProperty("dotransactions", "true");
    return p;
  }

  // ---- the bare driver loop ----

  /** What one bare thread does for one operation number. */
  private interface Op {
    void run(MongoCollection<Document> c, long i, List<Document> batch);
  }

  private static Run bare(Settings s, Server srv, String url, Kind kind, int[] table)
      throws Exception {
    String collection = kind.inserts() ? "insert" + table[0]++ : "usertable";
    Op op =
        switch (kind) {
          case READ -> (c, i, b) -> c.find(new Document("_id", randomKey(s.records))).first();
          case UPDATE ->
              (c, i, b) ->
                  c.updateOne(
                      new Document("_id", randomKey(s.records)),
                      new Document(
                          "$set",
                          new Document(
                              "field" + ThreadLocalRandom.current().nextInt(FIELDS),
                              new RandomByteIterator(FIELD_BYTES).toArray())));
          case SCAN ->
              (c, i, b) ->
                  c.find(new Document("_id", new Document("$gte", randomKey(s.records))))
                      .sort(Sorts.ascending("_id"))
                      .limit(1 + ThreadLocalRandom.current().nextInt(MAX_SCAN))
                      .into(new ArrayList<>());
          case INSERT -> (c, i, b) -> c.insertOne(record(key(i)));
          case INSERT_BATCH ->
              (c, i, b) -> {
                b.add(record(key(i)));
                if (b.size() == BATCH) {
                  c.insertMany(new ArrayList<>(b), new InsertManyOptions().ordered(false));
                  b.clear();
                }
              };
        };
    Properties props = new Properties();
    props.setProperty("mongodb.url", url);
    long cpu0 = srv.clientCpuNanos();
    long t0 = System.nanoTime();
    try (MongoClient client = MongoClients.create(BindingOptions.from(props).clientSettings())) {
      MongoCollection<Document> c =
          client.getDatabase(BindingOptions.from(props).database()).getCollection(collection);
      Recorder latencies = new Recorder(3);
      CountDownLatch done = new CountDownLatch(s.threads);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      for (int t = 0; t < s.threads; t++) {
        long from = (long) s.operations * t / s.threads;
        long to = (long) s.operations * (t + 1) / s.threads;
        Thread thread =
            new Thread(
                () -> {
                  try {
                    List<Document> batch = new ArrayList<>(BATCH);
                    for (long i = from; i < to; i++) {
                      long start = System.nanoTime();
                      op.run(c, i, batch);
                      latencies.recordValue((System.nanoTime() - start) / 1_000);
                    }
                    if (!batch.isEmpty()) {
                      c.insertMany(batch, new InsertManyOptions().ordered(false));
                    }
                  } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                  } finally {
                    done.countDown();
                  }
                },
                BARE_THREAD + t);
        thread.start();
      }
      done.await();
      if (failure.get() != null) {
        throw new IllegalStateException(kind.label() + " bare loop failed", failure.get());
      }
    }
    long t1 = System.nanoTime();
    long cpu1 = srv.clientCpuNanos();
    dropIfSet(url, kind.inserts() ? collection : null);
    return new Run(s.operations, cpu1 - cpu0, (t1 - t0) / 1e9);
  }

  /** YCSB's key for record number {@code n} (CoreWorkload with its default hashed inserts). */
  private static String key(long n) {
    return "user" + Utils.hash(n);
  }

  private static String randomKey(int records) {
    return key(ThreadLocalRandom.current().nextLong(records));
  }

  /** A record as the binding stores it: {@code _id} and ten binary fields of YCSB's values. */
  private static Document record(String key) {
    Document d = new Document("_id", key);
    for (int f = 0; f < FIELDS; f++) {
      d.put("field" + f, new RandomByteIterator(FIELD_BYTES).toArray());
    }
    return d;
  }

  private static void load(String url, String collection, int from, int count) {
    Properties props = new Properties();
    props.setProperty("mongodb.url", url);
    BindingOptions o = BindingOptions.from(props);
    try (MongoClient client = MongoClients.create(o.clientSettings())) {
      MongoCollection<Document> c = client.getDatabase(o.database()).getCollection(collection);
      c.drop();
      List<Document> batch = new ArrayList<>();
      for (int i = from; i < from + count; i++) {
        batch.add(record(key(i)));
        if (batch.size() == 1_000) {
          c.insertMany(batch);
          batch.clear();
        }
      }
      if (!batch.isEmpty()) {
        c.insertMany(batch);
      }
    }
  }

  private static void dropIfSet(String url, String collection) {
    if (collection == null) {
      return;
    }
    Properties props = new Properties();
    props.setProperty("mongodb.url", url);
    BindingOptions o = BindingOptions.from(props);
    try (MongoClient client = MongoClients.create(o.clientSettings())) {
      client.getDatabase(o.database()).getCollection(collection).drop();
    }
  }

  // ---- profile ----

  private static Recording startProfile() {
    Recording r = new Recording();
    r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
    r.start();
    return r;
  }

  /** The methods seen most on each side's client threads, counted once per sampled stack. */
  private static void printProfile(Recording jfr, Kind kind) throws IOException {
    jfr.stop();
    Path file = Files.createTempFile("client-cpu-" + kind.label(), ".jfr");
    try {
      jfr.dump(file);
      Map<String, Map<String, Integer>> inclusive = new HashMap<>();
      Map<String, Integer> samples = new HashMap<>();
      for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
        if (e.getThread("sampledThread") == null || e.getStackTrace() == null) {
          continue;
        }
        String thread = String.valueOf(e.getThread("sampledThread").getJavaName());
        String side =
            thread.startsWith(YCSB_THREAD)
                ? "binding"
                : thread.startsWith(BARE_THREAD) ? "bare" : null;
        if (side == null) {
          continue;
        }
        samples.merge(side, 1, Integer::sum);
        Set<String> seen = new HashSet<>();
        for (RecordedFrame f : e.getStackTrace().getFrames()) {
          String m = f.getMethod().getType().getName() + "." + f.getMethod().getName();
          if (seen.add(m) && !m.startsWith("java.lang.Thread.")) {
            inclusive.computeIfAbsent(side, k -> new HashMap<>()).merge(m, 1, Integer::sum);
          }
        }
      }
      for (String side : List.of("binding", "bare")) {
        int total = samples.getOrDefault(side, 0);
        System.out.printf("profile, %s side: %d samples; methods on the stack:%n", side, total);
        inclusive.getOrDefault(side, Map.of()).entrySet().stream()
            .filter(en -> !en.getKey().startsWith("java.") && !en.getKey().startsWith("jdk."))
            .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
            .limit(25)
            .forEach(
                en ->
                    System.out.printf(
                        "  %5.1f%%  %s%n",
                        100.0 * en.getValue() / Math.max(1, total), en.getKey()));
      }
    } finally {
      jfr.close();
      Files.deleteIfExists(file);
    }
  }

  // ---- servers ----

  /** Where the server runs, and how much CPU the client side of this JVM has used. */
  private abstract static class Server implements AutoCloseable {
    abstract String url(String db);

    abstract String where();

    abstract long clientCpuNanos();

    static long processCpuNanos() {
      return ((com.sun.management.OperatingSystemMXBean)
              ManagementFactory.getOperatingSystemMXBean())
          .getProcessCpuTime();
    }

    static Server inJvm() {
      MongoServer server = new MongoServer(new MemoryBackend());
      InetSocketAddress address = server.bind();
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      return new Server() {
        @Override
        String url(String db) {
          return "mongodb://127.0.0.1:" + address.getPort() + "/" + db;
        }

        @Override
        String where() {
          return "in this JVM";
        }

        /** The process's CPU less the server's threads' (they live as long as the server). */
        @Override
        long clientCpuNanos() {
          long server = 0;
          for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith("mongo-server-")) {
              server += Math.max(0, threads.getThreadCpuTime(t.getThreadId()));
            }
          }
          return processCpuNanos() - server;
        }

        @Override
        public void close() {
          server.shutdownNow();
        }
      };
    }

    /** The server in a child JVM, which exits when this one closes its standard input. */
    static Server process() throws IOException {
      Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
      Process child =
          new ProcessBuilder(
                  javaBin.toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  ClientCpuBenchmark.class.getName(),
                  SERVE)
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      Runtime.getRuntime().addShutdownHook(new Thread(child::destroyForcibly));
      BufferedReader out =
          new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      String line = out.readLine();
      if (line == null || !line.startsWith("port ")) {
        child.destroyForcibly();
        throw new IOException("the server process did not start: " + line);
      }
      int port = Integer.parseInt(line.substring(5).trim());
      return new Server() {
        @Override
        String url(String db) {
          return "mongodb://127.0.0.1:" + port + "/" + db;
        }

        @Override
        String where() {
          return "in another process";
        }

        @Override
        long clientCpuNanos() {
          return processCpuNanos();
        }

        @Override
        public void close() throws IOException {
          child.getOutputStream().close();
          try {
            if (!child.waitFor(10, TimeUnit.SECONDS)) {
              child.destroyForcibly();
            }
          } catch (InterruptedException e) {
            child.destroyForcibly();
            Thread.currentThread().interrupt();
          }
        }
      };
    }
  }

  /** The child's side: serve on a free loopback port until standard input closes. */
  private static void serve() throws IOException {
    MongoServer server = new MongoServer(new MemoryBackend());
    InetSocketAddress address = server.bind();
    System.out.println("port " + address.getPort());
    System.out.flush();
    while (System.in.read() >= 0) {
      // the parent never writes; EOF means it closed us or died
    }
    server.shutdownNow();
  }
}
