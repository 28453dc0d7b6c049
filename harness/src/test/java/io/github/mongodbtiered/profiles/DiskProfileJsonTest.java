package io.github.mongodbtiered.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A profile in report JSON: today's form, and the two forms files held before the merge. */
class DiskProfileJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DiskProfile HDD =
      DiskProfile.named("hdd-150")
          .description("one disk")
          .iops(150)
          .addedLatencyMillis(7.25)
          .memoryBytes(2L << 30)
          .build();

  @Test
  void aProfileRoundTripsWithItsEffectiveCache() throws Exception {
    String json = JSON.writeValueAsString(HDD);
    assertTrue(json.contains("\"wiredTigerCacheBytes\":null"), json);
    assertTrue(json.contains("\"effectiveCacheBytes\":" + (512L << 20)), json);
    assertEquals(HDD, JSON.readValue(json, DiskProfile.class));
    DiskProfile cached = HDD.toBuilder().wiredTigerCacheBytes(64L << 20).build();
    assertEquals(cached, JSON.readValue(JSON.writeValueAsString(cached), DiskProfile.class));
  }

  @Test
  void anOldCellsProfileReadsBack() throws Exception {
    String old =
        "{\"name\":\"hdd-150\",\"description\":\"one disk\",\"readIops\":150,\"writeIops\":150,"
            + "\"readBytesPerSec\":0,\"writeBytesPerSec\":0,\"addedLatencyMillis\":7.25,"
            + "\"memoryBytes\":2147483648,\"wiredTigerCacheBytes\":null}";
    assertEquals(HDD, JSON.readValue(old, DiskProfile.class));
  }

  @Test
  void anOldManifestsEffectiveCacheIsTheDefaultOrTheConfiguredOne() throws Exception {
    String byDefault = oldManifestProfile(512L << 20);
    assertEquals(HDD, JSON.readValue(byDefault, DiskProfile.class));
    DiskProfile configured = JSON.readValue(oldManifestProfile(64L << 20), DiskProfile.class);
    assertEquals(OptionalLong.of(64L << 20), configured.wiredTigerCacheBytes());
  }

  @Test
  void aTamperedProfileFailsToRead() {
    String unknown = oldManifestProfile(1).replace("\"readIops\"", "\"readIopz\"");
    assertThrows(JsonProcessingException.class, () -> JSON.readValue(unknown, DiskProfile.class));
    String text = oldManifestProfile(1).replace("150,\"writeIops\"", "\"x\",\"writeIops\"");
    assertThrows(JsonProcessingException.class, () -> JSON.readValue(text, DiskProfile.class));
    String negative = oldManifestProfile(1).replace("150,\"writeIops\"", "-1,\"writeIops\"");
    assertThrows(JsonProcessingException.class, () -> JSON.readValue(negative, DiskProfile.class));
  }

  private static String oldManifestProfile(long effectiveCacheBytes) {
    return "{\"name\":\"hdd-150\",\"description\":\"one disk\",\"readIops\":150,\"writeIops\":150,"
        + "\"readBytesPerSec\":0,\"writeBytesPerSec\":0,\"addedLatencyMillis\":7.25,"
        + "\"memoryBytes\":2147483648,\"effectiveCacheBytes\":"
        + effectiveCacheBytes
        + "}";
  }
}
