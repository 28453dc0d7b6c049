package io.github.mongodbtiered.fleet;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.bson.Document;
import org.bson.types.Binary;

/**
 * The collection step of a fleet: each client, when its sweep ends, stores its report directory in
 * the database under test (collection {@link #COLLECTION}: the directory zipped, in chunks of
 * {@link #CHUNK_BYTES}, then a header that says the upload is whole), and {@code fleet collect}
 * fetches all of them from anywhere that reaches the database. A pod's own file system goes with
 * the pod; the database is the one place every client and the user reach already.
 */
public final class FleetReports {
  public static final String COLLECTION = "mongodb_tiered_fleet_reports";
  static final int CHUNK_BYTES = 4 << 20;

  /** The sweep's lock and a local server's data are not part of a report. */
  private static final List<String> LEFT_OUT = List.of("lock", "data");

  private FleetReports() {}

  /**
   * Stores {@code reportDir} as client {@code slot}'s report of {@code fleet}, replacing an earlier
   * upload of the same client (a retried pod uploads its whole report again).
   *
   * @return the bytes stored
   */
  public static long upload(MongoDatabase db, String fleet, ClientSlot slot, Path reportDir)
      throws IOException {
    byte[] zip = zip(reportDir);
    MongoCollection<Document> c = db.getCollection(COLLECTION);
    String id = fleet + "/" + slot.index();
    c.deleteMany(Filters.eq("upload", id));
    c.deleteOne(Filters.eq("_id", id));
    int chunks = 0;
    for (int off = 0; off < zip.length || chunks == 0; off += CHUNK_BYTES, chunks++) {
      int len = Math.min(CHUNK_BYTES, zip.length - off);
      byte[] part = new byte[len];
      System.arraycopy(zip, off, part, 0, len);
      c.insertOne(
          new Document("_id", id + "/" + chunks)
              .append("upload", id)
              .append("n", chunks)
              .append("data", new Binary(part)));
    }
    // Written last: a client that died mid-upload has no header, so no report.
    c.insertOne(
        new Document("_id", id)
            .append("fleet", fleet)
            .append("client", slot.index())
            .append("clients", slot.clients())
            .append("chunks", chunks)
            .append("bytes", (long) zip.length)
            .append("uploadedAt", new Date()));
    return zip.length;
  }

  /**
   * Writes each of the {@code clients} reports of {@code fleet} into {@code dir}/client-I.
   *
   * @return the directories, in client order
   * @throws IOException naming the clients whose report is missing (a pod that never finished)
   */
  public static List<Path> download(MongoDatabase db, String fleet, int clients, Path dir)
      throws IOException {
    MongoCollection<Document> c = db.getCollection(COLLECTION);
    List<Document> headers = headers(c, fleet, clients);
    List<Path> dirs = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      byte[] zip = chunks(c, fleet, i, headers.get(i).getInteger("chunks"));
      Path out = dir.resolve("client-" + i);
      unzip(new ByteArrayInputStream(zip), out);
      dirs.add(out);
    }
    return dirs;
  }

  /**
   * Every client's header, in client order.
   *
   * @throws IOException naming the clients without one
   */
  private static List<Document> headers(MongoCollection<Document> c, String fleet, int clients)
      throws IOException {
    List<Integer> missing = new ArrayList<>();
    List<Document> headers = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      Document h = c.find(Filters.eq("_id", fleet + "/" + i)).first();
      if (h == null) {
        missing.add(i);
      }
      headers.add(h);
    }
    if (!missing.isEmpty()) {
      throw new IOException(
          "fleet "
              + fleet
              + ": no report from client"
              + (missing.size() == 1 ? " " : "s ")
              + missing
              + " of "
              + clients
              + " (its pod did not finish its sweep; `kubectl logs` of that index says why)");
    }
    return headers;
  }

  /**
   * Client {@code client}'s zipped report, its chunks joined in order.
   *
   * @param chunks how many its header says it uploaded
   * @throws IOException when some are missing
   */
  private static byte[] chunks(MongoCollection<Document> c, String fleet, int client, int chunks)
      throws IOException {
    List<Document> parts =
        c.find(Filters.eq("upload", fleet + "/" + client))
            .sort(Sorts.ascending("n"))
            .into(new ArrayList<>());
    if (parts.size() != chunks) {
      throw new IOException(
          "fleet "
              + fleet
              + ": client "
              + client
              + "'s report has "
              + parts.size()
              + " of "
              + chunks
              + " chunks; run its pod again");
    }
    ByteArrayOutputStream zip = new ByteArrayOutputStream();
    for (Document p : parts) {
      zip.write(p.get("data", Binary.class).getData());
    }
    return zip.toByteArray();
  }

  private static byte[] zip(Path dir) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes);
        Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        Path rel = dir.relativize(f);
        if (LEFT_OUT.contains(rel.getName(0).toString())) {
          continue;
        }
        zip.putNextEntry(new ZipEntry(rel.toString().replace('\\', '/')));
        Files.copy(f, zip);
        zip.closeEntry();
      }
    }
    return bytes.toByteArray();
  }

  private static void unzip(InputStream in, Path dir) throws IOException {
    Path root = dir.toAbsolutePath().normalize();
    try (ZipInputStream zip = new ZipInputStream(in)) {
      for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
        Path f = root.resolve(e.getName()).normalize();
        if (!f.startsWith(root)) {
          throw new IOException("report entry outside its directory: " + e.getName());
        }
        Files.createDirectories(f.getParent());
        Files.copy(zip, f);
      }
    }
  }
}
