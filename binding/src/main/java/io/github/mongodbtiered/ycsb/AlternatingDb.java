package io.github.mongodbtiered.ycsb;

import io.github.mongodbtiered.binding.MongoDbTieredClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.function.Function;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A YCSB DB that sends each operation to the arm of its {@link Alternation} active when the
 * operation starts, through this binding's client of that arm's server, and records the operation's
 * latency and outcome there. Every arm gets the same properties but its own {@code mongodb.url}
 * ({@code alternation.url.N}), so the arms' clients are the ones a sweep holds open for them.
 */
public final class AlternatingDb extends DB {
  private Alternation alternation;
  private final List<MongoDbTieredClient> arms = new ArrayList<>();

  @Override
  public void init() throws DBException {
    Properties props = getProperties();
    alternation = Alternation.byId(props.getProperty(Alternation.ID_PROPERTY));
    if (alternation == null) {
      throw new DBException(
          "no open alternation "
              + props.getProperty(Alternation.ID_PROPERTY)
              + ": this DB runs inside a sweep of variants, not from the command line");
    }
    try {
      for (int i = 0; i < alternation.arms(); i++) {
        String url = props.getProperty(Alternation.URL_PROPERTY_PREFIX + i);
        if (url == null) {
          throw new DBException("no " + Alternation.URL_PROPERTY_PREFIX + i + " for arm " + i);
        }
        Properties own = new Properties();
        own.putAll(props);
        own.setProperty("mongodb.url", url);
        MongoDbTieredClient client = new MongoDbTieredClient();
        client.setProperties(own);
        client.init();
        arms.add(client);
      }
    } catch (DBException | RuntimeException e) {
      cleanup();
      throw e;
    }
  }

  @Override
  public void cleanup() throws DBException {
    DBException first = null;
    for (MongoDbTieredClient c : arms) {
      try {
        c.cleanup();
      } catch (DBException e) {
        first = first == null ? e : first;
      }
    }
    arms.clear();
    if (first != null) {
      throw first;
    }
  }

  /** The operation on the active arm, recorded there. */
  private Status on(String operation, Function<MongoDbTieredClient, Status> op) {
    int arm = alternation.active();
    long start = System.nanoTime();
    Status s = op.apply(arms.get(arm));
    alternation.record(arm, operation, s.getName(), (System.nanoTime() - start) / 1000);
    return s;
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return on("READ", c -> c.read(table, key, fields, result));
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return on("SCAN", c -> c.scan(table, startkey, recordcount, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return on("UPDATE", c -> c.update(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return on("INSERT", c -> c.insert(table, key, values));
  }

  @Override
  public Status delete(String table, String key) {
    return on("DELETE", c -> c.delete(table, key));
  }
}
