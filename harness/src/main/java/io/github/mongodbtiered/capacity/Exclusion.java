package io.github.mongodbtiered.capacity;

/**
 * A cell the model cannot explain, named rather than fitted.
 *
 * @param key the cell, "2000000 x hdd-150"
 * @param reason why: failed, client-bound, not steady, unstable, ...
 */
public record Exclusion(String key, String reason) {}
