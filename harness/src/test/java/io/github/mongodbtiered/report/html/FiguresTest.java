package io.github.mongodbtiered.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FiguresTest {
  @Test
  void latenciesReadInMillisecondsWithThreeSignificantDigits() {
    assertEquals("0.900", Figures.millis(900));
    assertEquals("1.25", Figures.millis(1250));
    assertEquals("12.0", Figures.millis(12_000));
    assertEquals("1,250", Figures.millis(1_250_000));
  }

  @Test
  void textIsEscapedForElementsAndAttributes() {
    assertEquals("&lt;a href=&quot;x&quot;&gt;&amp;&#39;", Html.esc("<a href=\"x\">&'"));
    assertEquals("", Html.esc(null));
  }

  @Test
  void missingFiguresAreDashesNeverZero() {
    assertEquals(Html.NONE, Figures.ratio(null));
    assertEquals(Html.NONE, Figures.ratio(Double.NaN));
    assertEquals("99.5%", Figures.ratio(0.995));
    assertEquals("none", Figures.limit(0));
    assertEquals("1,500", Figures.limit(1500));
  }
}
