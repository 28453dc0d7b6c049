package io.github.mongodbtiered.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** "5%" or "5" as the fraction 0.05; from 0 to below 100. */
final class Percent implements ITypeConverter<Double> {
  @Override
  public Double convert(String text) {
    String t = text.trim();
    String digits = t.endsWith("%") ? t.substring(0, t.length() - 1).trim() : t;
    double pct;
    try {
      pct = Double.parseDouble(digits);
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + text + "': give a percentage such as 5%");
    }
    if (!(pct >= 0 && pct < 100)) {
      throw new TypeConversionException("'" + text + "': give a percentage from 0% to below 100%");
    }
    return pct / 100;
  }
}
