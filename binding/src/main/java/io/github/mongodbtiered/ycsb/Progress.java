package io.github.mongodbtiered.ycsb;

/** Told about a running phase about twice a second, for progress bars; it may end the phase. */
@FunctionalInterface
public interface Progress {
  Progress NONE = (done, total, elapsedMillis) -> {};

  /**
   * @param opsDone operations completed so far
   * @param opsTotal operations the phase will do (it may stop earlier at maxexecutiontime)
   * @param elapsedMillis time since the client threads started
   */
  void update(long opsDone, long opsTotal, long elapsedMillis);

  /**
   * Asked after each update: true ends the phase early, as its maxexecutiontime would (a warm-up
   * that reached its steady state has no reason to go on).
   */
  default boolean stopRequested() {
    return false;
  }
}
