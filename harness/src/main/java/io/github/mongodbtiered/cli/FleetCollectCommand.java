package io.github.mongodbtiered.cli;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.fleet.FleetReports;
import io.github.mongodbtiered.report.ReportMerge;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.sweep.Endpoint;
import io.github.mongodbtiered.sweep.Server;
import io.github.mongodbtiered.sweep.UrlTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fleet collect}: the reports a fleet's clients stored, merged into one. */
@Command(
    name = "collect",
    header = "Fetch the reports of a fleet's clients from the database and merge them.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Each client of `sweep --clients N` stores its report directory in the database under"
          + " test when its sweep ends (collection mongodb_tiered_fleet_reports, under its"
          + " --fleet-id). This writes them to DIR/client-0 ... DIR/client-N-1 and merges them"
          + " into DIR/merged as `report DIR... --out` does: latency percentiles from all"
          + " clients' HdrHistogram logs together, operations and throughput summed, server"
          + " figures from client 0, the number of clients and each one's throughput per cell;"
          + " a cell missing or failed in any client is failed."
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:merged, every cell ok",
      "1:a merged cell failed (a client died, came back late or failed it)",
      "2:bad command line, or a client's report is missing",
      ExitCodes.UNAVAILABLE_LINE
    })
final class FleetCollectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--mongodb-url",
      paramLabel = "URL",
      description = "The database under test (default: $" + ServerOptions.URL_VARIABLE + ").")
  String mongodbUrl;

  @Option(
      names = "--fleet-id",
      required = true,
      paramLabel = "ID",
      description =
          "The fleet's id (a Job's uid: kubectl get job NAME -o jsonpath='{.metadata.uid}').")
  String fleetId;

  @Option(names = "--clients", required = true, paramLabel = "N", description = "The fleet's size.")
  int clients;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "DIR",
      description = "New or empty: the clients' reports and the merged one go in it.")
  Path out;

  @Override
  public Integer call() throws IOException {
    String url = mongodbUrl != null ? mongodbUrl : System.getenv(ServerOptions.URL_VARIABLE);
    String source = mongodbUrl != null ? Server.URL_OPTION : "$" + ServerOptions.URL_VARIABLE;
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException(
          "--mongodb-url: give the database under test, or set " + ServerOptions.URL_VARIABLE);
    }
    if (clients < 2) {
      throw new IllegalArgumentException("--clients: a fleet has 2 or more clients");
    }
    if (Files.isDirectory(out)) {
      try (Stream<Path> s = Files.list(out)) {
        if (s.findAny().isPresent()) {
          throw new IllegalArgumentException("--out " + out + ": not empty; give a new directory");
        }
      }
    }
    // As a sweep does: an unreachable server or a refused login is exit 3 within its 10 s.
    UrlTarget.connect(url, source, List.of());
    List<Path> dirs;
    try (MongoClient client = MongoClients.create(url)) {
      dirs =
          FleetReports.download(
              client.getDatabase(Endpoint.databaseOf(url)), fleetId, clients, out);
    } catch (MongoException e) {
      throw new ServerUnavailableException(
          "fleet collect from "
              + Redaction.maskUri(url)
              + ": "
              + Redaction.scrub(String.valueOf(e.getMessage()), url)
              + ": check that the server is up, then run fleet collect again into a new --out",
          e);
    }
    Path merged = out.resolve("merged");
    List<String> problems = ReportMerge.merge(dirs, merged);
    long failed =
        ResultTable.printReport(
            spec.commandLine().getOut(), spec.commandLine().getErr(), merged, problems, clients);
    return failed > 0 ? ExitCodes.FAILED : ExitCodes.OK;
  }
}
