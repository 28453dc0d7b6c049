package io.github.mongodbtiered.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedactionTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "mongodb://u:pw@h/db | mongodb://u:****@h/db",
        "mongodb://u:p%40ss@h1:1,h2:2/db?w=1 | mongodb://u:****@h1:1,h2:2/db?w=1",
        "mongodb+srv://u:pw@cluster0.example.net/ | mongodb+srv://u:****@cluster0.example.net/",
        "mongodb://u:a:b@c@h/db | mongodb://u:****@h/db",
        "mongodb://h/db | mongodb://h/db",
        "mongodb://CN=client@h/?authMechanism=MONGODB-X509 | "
            + "mongodb://CN=client@h/?authMechanism=MONGODB-X509",
        "mongodb://h/?tlsCertificateKeyFilePassword=pw&w=1 | "
            + "mongodb://h/?tlsCertificateKeyFilePassword=****&w=1",
        "mongodb://k:s@h/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:tok | "
            + "mongodb://k:****@h/?authMechanism=MONGODB-AWS"
            + "&authMechanismProperties=AWS_SESSION_TOKEN:****"
      })
  void masksEverySecret(String uri, String masked) {
    assertEquals(masked, Redaction.maskUri(uri));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "auth failed for user with password s3cr%2Ft | mongodb://u:s3cr%2Ft@h/db",
        "auth failed for user with password s3cr/t | mongodb://u:s3cr%2Ft@h/db",
        "see mongodb://u:s3cr%2Ft@h/db for details | mongodb://u:s3cr%2Ft@h/db"
      })
  void scrubsPasswordsFromFreeText(String text, String uri) {
    String scrubbed = Redaction.scrub(text, uri);
    assertFalse(scrubbed.contains("s3cr"), scrubbed);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"-p mongodb.url=mongodb://u:pw@h/db | -p mongodb.url=mongodb://u:****@h/db"})
  void scrubsConnectionStringsWithoutKnowingThem(String text, String expected) {
    assertEquals(expected, Redaction.scrub(text, null));
  }
}
