package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.HostCache;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Given the servers of an alternating round starting one after another, when a later one starts
 * with the drop that preceded the first, then its target starts it without dropping the page cache
 * again (what the servers before had read stays), and its cell says the cache was dropped.
 */
class ServerHandoverTest {
  private static final DiskProfile IO1 = DiskProfiles.builtIn().get("io1-5000");

  /** Records which start the handover asked for, as Docker and embedded targets tell them apart. */
  private static final class Recording implements TargetServer {
    final List<String> calls = new ArrayList<>();

    @Override
    public ServerKind kind() {
      return ServerKind.URL;
    }

    @Override
    public String meaning() {
      return "a recording target";
    }

    @Override
    public String image() {
      return "";
    }

    @Override
    public Endpoint startLoading() {
      return null;
    }

    @Override
    public void stopLoading() {}

    @Override
    public Endpoint startCell(DiskProfile profile) {
      calls.add("start, dropping");
      return new Endpoint("mongodb://localhost/x", null, null, null, true, List.of());
    }

    @Override
    public Endpoint startCell(DiskProfile profile, HostCache.Drop dropped) {
      calls.add("start after " + (dropped.dropped() ? "a drop" : "no drop"));
      return new Endpoint("mongodb://localhost/x", null, null, null, dropped.dropped(), List.of());
    }

    @Override
    public void stopCell() {}

    @Override
    public void close() {}
  }

  @Test
  void aLaterServerOfTheRoundStartsWithoutASecondDrop() throws Exception {
    Recording target = new Recording();
    ServerHandover first = new ServerHandover(target, MeasuredRuns.defaults(), true);
    ServerHandover second = new ServerHandover(target, MeasuredRuns.defaults(), true);

    Endpoint a = first.start(IO1, null);
    Endpoint b = second.start(IO1, new HostCache.Drop(a.pageCacheDropped(), "as for a"));

    assertEquals(List.of("start, dropping", "start after a drop"), target.calls);
    assertTrue(b.pageCacheDropped(), "the round's drop counts for the later server's cell");
  }
}
