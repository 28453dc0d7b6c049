package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.fleet.ClientSlot;
import io.github.mongodbtiered.fleet.Fleet;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/** Which client of a fleet this sweep is, when several drive one server together. */
final class FleetOptions {
  @Option(
      names = "--clients",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Clients that drive the server together, each running this command with its own"
              + " --client-index and --out (a Kubernetes Indexed Job's pods): each loads its"
              + " slice of the records, all start each warm-up and measured run together, and"
              + " only client 0 reads the server's figures; `report DIR...` merges their"
              + " reports. Needs --mongodb-url (default: ${DEFAULT-VALUE}).")
  int clients;

  @Option(
      names = "--client-index",
      paramLabel = "I",
      description =
          "This client's index, 0 to N-1 (default: $"
              + ClientSlot.INDEX_VARIABLE
              + ", which an"
              + " Indexed Job sets in each pod, else 0).")
  Integer clientIndex;

  @Option(
      names = "--fleet-id",
      paramLabel = "ID",
      description =
          "What every client of this run shares and no other run does (the manifests of"
              + " `fleet` use the Job's uid): the clients meet in the collection"
              + " mongodb_tiered_fleet of the database under test, under this id.")
  String fleetId;

  @Option(
      names = "--fleet-timeout",
      paramLabel = "SECONDS",
      defaultValue = "900",
      description =
          "How long a client waits for the others before a load step or a cell's warm-up or"
              + " run; a client that does not come fails the cell, naming it (default:"
              + " ${DEFAULT-VALUE}; the others wait through client 0's preload of each cell).")
  double timeoutSeconds;

  /** The fleet these options describe; {@link Fleet#ALONE} for one client. */
  Fleet fleet(Map<String, String> environment) {
    if (clients < 1) {
      throw new IllegalArgumentException("--clients: give 1 or more clients, not " + clients);
    }
    if (clients == 1) {
      if (clientIndex != null && clientIndex != 0) {
        throw new IllegalArgumentException(
            "--client-index " + clientIndex + ": a sweep of 1 client is client 0; give --clients");
      }
      return Fleet.ALONE;
    }
    if (!(timeoutSeconds > 0) || !Double.isFinite(timeoutSeconds)) {
      throw new IllegalArgumentException("--fleet-timeout: give a wait above 0 s");
    }
    ClientSlot slot;
    try {
      slot = ClientSlot.of(clients, clientIndex, environment);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          (clientIndex != null ? "--client-index: " : "") + e.getMessage(), e);
    }
    return new Fleet(slot, fleetId, Duration.ofMillis((long) (timeoutSeconds * 1000)));
  }
}
