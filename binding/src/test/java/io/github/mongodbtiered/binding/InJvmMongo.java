package io.github.mongodbtiered.binding;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import de.bwaldvogel.mongo.wire.message.MongoMessage;
import io.github.mongodbtiered.standin.WiredTigerEngine;
import io.github.mongodbtiered.standin.WiredTigerOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A mongo-java-server on loopback for fast tests, which can be told to fail the next N commands of
 * a kind with a given server error code (to exercise retries and error handling).
 *
 * <p>Its storage is mongo-java-server's in-memory backend, or with {@code
 * -Dstandin.engine=wiredtiger} the stand-in's WiredTiger backend in a temporary directory (the
 * binding pom runs the suite both ways).
 */
public final class InJvmMongo implements AutoCloseable {
  private final Flaky flaky = new Flaky();
  private final Path dataDir;
  private final MongoServer server;
  private final InetSocketAddress address;

  public InJvmMongo() {
    MongoBackend storage;
    String engine = System.getProperty("standin.engine", "memory");
    switch (engine) {
      case "memory" -> {
        dataDir = null;
        storage = new MemoryBackend();
      }
      case "wiredtiger", "wiredTiger" -> {
        try {
          dataDir = Files.createTempDirectory("injvm-wiredtiger");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        storage =
            WiredTigerEngine.open(dataDir, WiredTigerOptions.defaults().withCacheBytes(64L << 20));
      }
      default ->
          throw new IllegalArgumentException(
              "-Dstandin.engine=" + engine + " is not known; use memory or wiredtiger");
    }
    server = new MongoServer(flaky.wrap(storage));
    address = server.bind();
  }

  /** A connection string for database {@code db} on this server. */
  public String url(String db) {
    return "mongodb://" + address.getHostString() + ":" + address.getPort() + "/" + db;
  }

  public int port() {
    return address.getPort();
  }

  /** Fails the next {@code times} commands named {@code command} with server error {@code code}. */
  public void failNext(String command, int times, int code) {
    flaky.failCommand = command;
    flaky.failCode = code;
    flaky.failuresLeft.set(times);
  }

  /** How many commands named {@code command} the server has received. */
  public int commandsSeen(String command) {
    return command.equals(flaky.countCommand) ? flaky.counted.get() : 0;
  }

  public void countCommand(String command) {
    flaky.countCommand = command;
    flaky.counted.set(0);
  }

  @Override
  public void close() {
    server.shutdownNow();
    if (dataDir != null) {
      try (Stream<Path> files = Files.walk(dataDir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Counts and fails commands in front of any backend: a proxy, since the WiredTiger backend cannot
   * be subclassed here. Commands arrive as whole messages (OP_MSG) or as commands.
   */
  private static final class Flaky {
    volatile String failCommand;
    volatile int failCode;
    final AtomicInteger failuresLeft = new AtomicInteger();
    volatile String countCommand;
    final AtomicInteger counted = new AtomicInteger();

    MongoBackend wrap(MongoBackend backend) {
      InvocationHandler handler =
          (proxy, method, args) -> {
            String command = commandOf(method, args);
            if (command != null) {
              onCommand(command);
            }
            try {
              return method.invoke(backend, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
          };
      return (MongoBackend)
          Proxy.newProxyInstance(
              InJvmMongo.class.getClassLoader(), new Class<?>[] {MongoBackend.class}, handler);
    }

    private static String commandOf(Method method, Object[] args) {
      if (method.getName().equals("handleMessage") && args[0] instanceof MongoMessage m) {
        Document query = m.getDocument();
        return query.isEmpty() ? null : query.keySet().iterator().next();
      }
      if (method.getName().equals("handleCommand") && args.length == 4) {
        return (String) args[2];
      }
      return null;
    }

    private void onCommand(String command) {
      if (command.equals(countCommand)) {
        counted.incrementAndGet();
      }
      if (command.equals(failCommand) && failuresLeft.getAndDecrement() > 0) {
        throw new MongoServerError(failCode, "injected failure " + failCode);
      }
    }
  }
}
