package io.github.mongodbtiered.sweep;

/**
 * What every step of one sweep works with: its options, its server, whom it tells, and the report
 * it adds to.
 */
record SweepContext(
    SweepOptions options, TargetServer server, SweepRunner.Listener listener, SweepReport report) {}
