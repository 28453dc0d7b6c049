package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A Ctrl-C's close of the embedded server is bounded: WiredTiger's once spun for ten minutes. */
class EmbeddedCloseTest {
  @Test
  @Timeout(30)
  void aCloseThatNeverReturnsIsGivenUpAfterTheLimitAndSaidSo() {
    CountDownLatch never = new CountDownLatch(1);
    List<String> said = new ArrayList<>();
    long start = System.nanoTime();
    boolean closed =
        EmbeddedTarget.closeWithin(() -> never.await(), Duration.ofSeconds(1), said::add);
    assertFalse(closed);
    assertTrue(System.nanoTime() - start < Duration.ofSeconds(10).toNanos());
    assertEquals(1, said.size(), said.toString());
    assertTrue(said.get(0).contains("did not close within 1 s"), said.toString());
    never.countDown();
  }

  @Test
  void aCloseThatReturnsOrFailsIsWaitedFor() {
    List<String> said = new ArrayList<>();
    assertTrue(EmbeddedTarget.closeWithin(() -> {}, Duration.ofSeconds(5), said::add));
    assertTrue(
        EmbeddedTarget.closeWithin(
            () -> {
              throw new IllegalStateException("closing the stand-in's storage failed");
            },
            Duration.ofSeconds(5),
            said::add));
    assertEquals(
        List.of("warning: stopping the embedded server: closing the stand-in's storage failed"),
        said);
  }
}
