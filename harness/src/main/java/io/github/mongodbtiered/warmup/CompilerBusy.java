package io.github.mongodbtiered.warmup;

import java.util.function.LongSupplier;
import org.bson.Document;

/**
 * The busier JIT compiler's share of the time between two samples: the client's, or the server's
 * where it runs on a JVM and reports its own.
 */
final class CompilerBusy {
  private final LongSupplier clientJitMillis;
  private long lastClientMillis;
  private Long lastServerMillis;

  /**
   * @param clientJitMillis the client's JIT compilation time, ms in all, -1 when unknown
   */
  CompilerBusy(LongSupplier clientJitMillis) {
    this.clientJitMillis = clientJitMillis;
  }

  /** The compile times the next share is taken from; {@code status} is the server's now. */
  void baseline(Document status) {
    lastServerMillis = serverJitMillis(status);
    lastClientMillis = clientJitMillis.getAsLong();
  }

  /**
   * The busier compiler's share of the last {@code dtMillis}, whose times the next share is then
   * taken from; null when neither is known.
   */
  Double since(Document status, long dtMillis) {
    long client = clientJitMillis.getAsLong();
    Long server = serverJitMillis(status);
    Double clientBusy = client < 0 ? null : (client - lastClientMillis) / (double) dtMillis;
    Double serverBusy =
        server == null || lastServerMillis == null
            ? null
            : Math.max(0, server - lastServerMillis) / (double) dtMillis;
    lastClientMillis = client;
    lastServerMillis = server;
    return busier(clientBusy, serverBusy);
  }

  /**
   * The server's own JIT compilation time in ms, where a server running on a JVM reports it ({@code
   * serverStatus.jvm.compilationTimeMillis}: the stand-in does, mongod has no JIT), else null. Cold
   * in every cell, it compiles its read path during the warm-up, as this JVM does the client's.
   */
  static Long serverJitMillis(Document status) {
    return status.get("jvm") instanceof Document jvm
            && jvm.get("compilationTimeMillis") instanceof Number ms
        ? ms.longValue()
        : null;
  }

  /** The busier of the two compilers; null when neither is known. */
  static Double busier(Double a, Double b) {
    // Not a conditional expression: mixing Double and double there unboxes a null.
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return Math.max(a, b);
  }
}
