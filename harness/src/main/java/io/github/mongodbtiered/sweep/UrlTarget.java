package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.ServerKind;
import java.util.List;

/**
 * An existing deployment: nothing is started, restarted or throttled, so profiles are labels and
 * each cell runs on whatever the server has cached. The data set is guarded by {@link
 * DataSetMarker}: a collection the harness did not load is never dropped or overwritten unless the
 * user says so.
 */
final class UrlTarget implements TargetServer {
  private final String url;

  UrlTarget(String url) {
    this.url = url;
  }

  @Override
  public ServerKind kind() {
    return ServerKind.URL;
  }

  @Override
  public String image() {
    return "existing deployment at " + Redaction.maskUri(url);
  }

  @Override
  public String meaning() {
    return "url: the existing deployment at "
        + Redaction.maskUri(url)
        + ". Nothing is throttled or restarted: profiles are labels, cells start with whatever"
        + " the server has cached, and the page cache is the server's own.";
  }

  @Override
  public Endpoint startLoading() {
    return new Endpoint(url, null, null, null, false, List.of());
  }

  @Override
  public void stopLoading() {}

  @Override
  public Endpoint startCell(DiskProfile profile) {
    return new Endpoint(
        url,
        null,
        null,
        null,
        false,
        List.of(
            "existing deployment: profile "
                + profile.name()
                + " is a label, nothing throttled,"
                + " no cold restart"));
  }

  @Override
  public void stopCell() {}

  @Override
  public void close() {}
}
