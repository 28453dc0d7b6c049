package io.github.mongodbtiered.metrics;

/**
 * The client's CPU use over a run; see {@link ClientCpu#usageSince}.
 *
 * @param cpuMicrosPerOp client CPU time per operation; null when no operation completed
 * @param coresBusy CPU time / wall time: cores kept busy on average (1.0 = one core)
 * @param saturated {@code coresBusy >= ClientCpu.SATURATION_FRACTION x processors}: the client
 *     likely limited throughput, so the cell measured it rather than the server
 */
public record ClientCpuUsage(Double cpuMicrosPerOp, double coresBusy, boolean saturated) {}
