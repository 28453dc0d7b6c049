package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class BusierCompilerTest {
  @Test
  void neitherCompilerKnownIsNoFigureNotAFailure() {
    assertNull(CompilerBusy.busier(null, null));
    assertEquals(5.0, CompilerBusy.busier(5.0, null));
    assertEquals(5.0, CompilerBusy.busier(null, 5.0));
    assertEquals(7.0, CompilerBusy.busier(5.0, 7.0));
  }
}
