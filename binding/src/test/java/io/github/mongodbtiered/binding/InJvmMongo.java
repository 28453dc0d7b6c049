package io.github.mongodbtiered.binding;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A mongo-java-server on loopback for fast tests, which can be told to fail the next N commands of
 * a kind with a given server error code (to exercise retries and error handling).
 */
public final class InJvmMongo implements AutoCloseable {
  private final FlakyBackend backend = new FlakyBackend();
  private final MongoServer server = new MongoServer(backend);
  private final InetSocketAddress address;

  public InJvmMongo() {
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
    backend.failCommand = command;
    backend.failCode = code;
    backend.failuresLeft.set(times);
  }

  /** How many commands named {@code command} the server has received. */
  public int commandsSeen(String command) {
    return command.equals(backend.countCommand) ? backend.counted.get() : 0;
  }

  public void countCommand(String command) {
    backend.countCommand = command;
    backend.counted.set(0);
  }

  @Override
  public void close() {
    server.shutdownNow();
  }

  private static final class FlakyBackend extends MemoryBackend {
    volatile String failCommand;
    volatile int failCode;
    final AtomicInteger failuresLeft = new AtomicInteger();
    volatile String countCommand;
    final AtomicInteger counted = new AtomicInteger();

    @Override
    public Document handleCommand(Channel channel, String db, String command, Document query) {
      if (command.equals(countCommand)) {
        counted.incrementAndGet();
      }
      if (command.equals(failCommand) && failuresLeft.getAndDecrement() > 0) {
        throw new MongoServerError(failCode, "injected failure " + failCode);
      }
      return super.handleCommand(channel, db, command, query);
    }
  }
}
