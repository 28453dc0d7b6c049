package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.IoLatency;
import java.util.List;
import org.junit.jupiter.api.Test;

class BaselineTableTest {
  private static final BaselineStep READ_1 =
      new BaselineStep(
          "hdd-150",
          "container",
          "read",
          4096,
          32768,
          1,
          5.0,
          750,
          new BaselineStep.Rate(150.0, 2.7648),
          new IoLatency(160, 97170, 97900, 98990));
  private static final BaselineStep WRITE_64 =
      new BaselineStep(
          "none",
          "host",
          "write",
          4096,
          4096,
          64,
          10.0,
          1234567,
          new BaselineStep.Rate(123456.7, 505.678),
          new IoLatency(400, 900, 1500, 123456));

  @Test
  void csvHasUnitsInTheHeaderAndOneCrlfRowPerStep() {
    assertEquals(
        "profile,where,mode,block_min_bytes,block_max_bytes,threads,seconds,ops,iops,mb_per_s,"
            + "p50_us,p95_us,p99_us,max_us\r\n"
            + "hdd-150,container,read,4096,32768,1,5.000,750,150.0,2.765,160,97170,97900,98990\r\n"
            + "none,host,write,4096,4096,64,10.000,1234567,123456.7,505.678,400,900,1500,123456\r\n",
        BaselineTable.csv(List.of(READ_1, WRITE_64)));
  }

  @Test
  void aProfileNameWithACommaIsQuoted() {
    BaselineStep odd =
        new BaselineStep(
            "a,\"b\"",
            "host",
            "read",
            4096,
            4096,
            1,
            1,
            1,
            new BaselineStep.Rate(1, 1),
            new IoLatency(1, 1, 1, 1));
    assertTrue(BaselineTable.csvRow(odd).startsWith("\"a,\"\"b\"\"\",host,"));
  }

  @Test
  void textRowsLineUpUnderTheHeaderWhenPrintedOneByOne() {
    String header = BaselineTable.textHeader();
    String slow = BaselineTable.textRow(READ_1);
    String fast = BaselineTable.textRow(WRITE_64);
    assertEquals(header.length(), slow.length(), slow);
    assertEquals(header.length(), fast.length(), fast);
    // Numbers are right-aligned: each ends where its header ends.
    int iopsEnd = header.indexOf("IOPS") + "IOPS".length();
    assertEquals("150.0", slow.substring(iopsEnd - 5, iopsEnd));
    assertEquals("123456.7", fast.substring(iopsEnd - 8, iopsEnd));
    assertTrue(slow.contains(" 4k-32k "), slow);
    assertTrue(fast.contains(" 4k "), fast);
    assertTrue(slow.endsWith("97.90     98.99"), slow);
    assertEquals(header + "\n" + slow + "\n", BaselineTable.text(List.of(READ_1)));
  }

  @Test
  void sizesUseTheLargestExactBinaryUnit() {
    assertEquals("4k-32k", BaselineTable.blocks(4096, 32768));
    assertEquals("1m", BaselineTable.blocks(1 << 20, 1 << 20));
    assertEquals("1g", BaselineTable.bytes(1L << 30));
    assertEquals("1536k", BaselineTable.bytes(1536 * 1024));
    assertEquals("1000", BaselineTable.bytes(1000));
  }
}
