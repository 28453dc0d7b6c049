package io.github.mongodbtiered.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BindingOptionsTest {
  private static BindingOptions parse(String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    return BindingOptions.from(p);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "mongodb://localhost:27017/bench | bench",
        "mongodb://localhost:27017/ | ycsb",
        "mongodb://localhost:27017 | ycsb",
        "mongodb://localhost:27017/admin | ycsb",
        "mongodb://u:p@h1:1,h2:2/orders?replicaSet=rs0 | orders"
      })
  void databaseComesFromTheUrlPathButNeverAdmin(String url, String database) {
    assertEquals(database, parse("mongodb.url=" + url).database());
  }

  @Test
  void defaultsMatchTheStockBinding() {
    BindingOptions o = parse();
    assertEquals("mongodb://localhost:27017/ycsb?w=1", o.url());
    assertEquals("ycsb", o.database());
    assertFalse(o.upsert());
    assertEquals(1, o.batchSize());
    assertFalse(o.retryPolicy().enabled());
    MongoClientSettings s = o.clientSettings();
    assertEquals(WriteConcern.W1, s.getWriteConcern());
    assertEquals("mongodb-tiered-ycsb", s.getApplicationName());
    assertEquals(10_000, s.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS));
  }

  @ParameterizedTest
  @CsvSource({
    "errors_ignored, 0",
    "unacknowledged, 0",
    "acknowledged, 1",
    "safe, 1",
    "normal, 1",
    "replica_acknowledged, 2"
  })
  void deprecatedWriteConcernIsFoldedIntoTheUrl(String name, int w) {
    BindingOptions o = parse("mongodb.url=mongodb://h/db", "mongodb.writeConcern=" + name);
    assertEquals(w, o.clientSettings().getWriteConcern().getW());
    assertTrue(o.warnings().get(0).contains("deprecated"), o.warnings().toString());
  }

  @Test
  void deprecatedMajorityAndJournaledWriteConcerns() {
    assertEquals(
        WriteConcern.MAJORITY,
        parse("mongodb.url=mongodb://h/db", "mongodb.writeConcern=majority")
            .clientSettings()
            .getWriteConcern());
    assertEquals(
        Boolean.TRUE,
        parse("mongodb.writeConcern=journaled").clientSettings().getWriteConcern().getJournal());
  }

  @Test
  void theUrlWinsOverADeprecatedProperty() {
    BindingOptions o =
        parse("mongodb.url=mongodb://h/db?w=majority", "mongodb.writeConcern=unacknowledged");
    assertEquals(WriteConcern.MAJORITY, o.clientSettings().getWriteConcern());
    assertTrue(o.warnings().get(0).contains("ignored"), o.warnings().toString());
  }

  @Test
  void deprecatedReadPreferenceAndPoolOptions() {
    BindingOptions o =
        parse(
            "mongodb.url=mongodb://h",
            "mongodb.readPreference=secondary_preferred",
            "mongodb.maxconnections=12",
            "mongodb.threadsAllowedToBlockForConnectionMultiplier=4");
    assertEquals(ReadPreference.secondaryPreferred(), o.clientSettings().getReadPreference());
    assertEquals(12, o.clientSettings().getConnectionPoolSettings().getMaxSize());
    assertTrue(
        o.warnings().stream().anyMatch(w -> w.contains("no effect")), o.warnings().toString());
  }

  @Test
  void modernDriverOptions() {
    BindingOptions o =
        parse(
            "mongodb.readConcern=majority",
            "mongodb.compressors=zstd,snappy,zlib",
            "mongodb.retryWrites=false",
            "mongodb.retryReads=false",
            "mongodb.appName=bench-7",
            "mongodb.serverSelectionTimeoutMs=2500");
    MongoClientSettings s = o.clientSettings();
    assertEquals(ReadConcernLevel.MAJORITY, s.getReadConcern().getLevel());
    assertEquals(3, s.getCompressorList().size());
    assertFalse(s.getRetryWrites());
    assertFalse(s.getRetryReads());
    assertEquals("bench-7", s.getApplicationName());
    assertEquals(2500, s.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS));
  }

  @Test
  void connectionStringOptionsWinOverBindingDefaults() {
    BindingOptions o =
        parse(
            "mongodb.url=mongodb://u:p@h/db?authSource=admin&appName=fromUrl"
                + "&serverSelectionTimeoutMS=1234&tls=true");
    MongoClientSettings s = o.clientSettings();
    assertEquals("fromUrl", s.getApplicationName());
    assertEquals(1234, s.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS));
    assertTrue(s.getSslSettings().isEnabled());
    assertEquals("admin", s.getCredential().getSource());
  }

  @Test
  void srvUrlsAreAcceptedAsTheyAre() {
    // No DNS is asked until the client connects.
    assertEquals("db", parse("mongodb.url=mongodb+srv://cluster0.example.net/db").database());
  }

  @Test
  void retryPolicyProperties() {
    RetryPolicy r =
        parse(
                "mongodb.retries=4",
                "mongodb.retryBaseDelayMs=5",
                "mongodb.retryMaxDelayMs=50",
                "mongodb.retryMaxTimeMs=900")
            .retryPolicy();
    assertEquals(new RetryPolicy(4, 5, 50, 900), r);
    for (int attempt = 1; attempt < 10; attempt++) {
      long wait = r.backoffMillis(attempt);
      assertTrue(wait >= 0 && wait <= Math.min(50, 5L << (attempt - 1)), "wait " + wait);
    }
  }

  @Test
  void badValuesNameTheOptionAndTheFix() {
    List<String[]> cases =
        List.of(
            new String[] {"batchsize=zero", "batchsize=zero is not a whole number"},
            new String[] {"batchsize=0", "batchsize=0 is out of range"},
            new String[] {"mongodb.upsert=yes", "mongodb.upsert=yes must be true or false"},
            new String[] {"mongodb.readConcern=strong", "mongodb.readConcern=strong"},
            new String[] {"mongodb.compressors=lz4", "unknown compressor 'lz4'"},
            new String[] {"mongodb.writeConcern=fast", "mongodb.writeConcern=fast"},
            new String[] {"mongodb.readPreference=closest", "mongodb.readPreference=closest"},
            new String[] {"mongodb.retries=-1", "mongodb.retries=-1 is out of range"},
            new String[] {"mongodb.url=localhost:27017", "must start with mongodb://"});
    for (String[] c : cases) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(c[0]));
      assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
    }
  }

  @Test
  void malformedUrlMessageMasksThePassword() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse("mongodb.url=mongodb://bench:hunter2@/db?w=notanumber"));
    assertTrue(e.getMessage().startsWith("mongodb.url=mongodb://bench:****@"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void maskedUrlHidesThePassword() {
    assertEquals(
        "mongodb://bench:****@h/db", parse("mongodb.url=mongodb://bench:pw@h/db").maskedUrl());
    assertNull(Redaction.maskUri(null));
  }

  /** The driver's words named no property, and it let tls=maybe through to a 10 s wait. */
  @Test
  void aMalformedUrlOrABooleanOptionThatIsNeitherIsRefusedNamingTheProperty() {
    String[][] cases = {
      {"mongodb://bench:50%zz@h/db", "mongodb.url=mongodb://bench:****@h/db is malformed: "},
      {"mongodb://h:notaport/db", "mongodb.url=mongodb://h:notaport/db is malformed: "},
      {"mongodb://h/db?tls=maybe", "mongodb.url=mongodb://h/db?tls=maybe: tls=maybe is not true"},
      {"mongodb://h/db?w=1&retryWrites=sometimes", ": retryWrites=sometimes is not true or false"}
    };
    for (String[] c : cases) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> parse("mongodb.url=" + c[0]), c[0]);
      assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
      assertFalse(e.getMessage().contains("zz"), "no piece of the password: " + e.getMessage());
      assertFalse(e.getMessage().contains(".."), "one full stop: " + e.getMessage());
    }
    assertEquals(
        "mongodb://h/db?tls=false",
        BindingOptions.parseUrl("--mongodb-url", "mongodb://h/db?tls=false").getConnectionString());
  }

  /** Ignored without a word, a typo ran the whole benchmark on the default. */
  @Test
  void anUnknownMongodbPropertyIsNamedWithTheOneLikelyMeant() {
    BindingOptions o =
        parse("mongodb.retrys=3", "mongodb.batchsize=0", "mongodb.colour=blue", "recordcount=5");
    assertEquals(
        List.of(
            "mongodb.batchsize is not a property of this binding and was ignored; did you mean"
                + " batchsize?",
            "mongodb.colour is not a property of this binding and was ignored",
            "mongodb.retrys is not a property of this binding and was ignored; did you mean"
                + " mongodb.retries?"),
        o.warnings().stream().filter(w -> w.contains("not a property")).toList());
    assertTrue(
        parse("mongodb.retries=3", "mongodb.upsert=true").warnings().stream()
            .noneMatch(w -> w.contains("not a property")));
  }
}
