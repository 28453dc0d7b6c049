package io.github.mongodbtiered.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A line of options split into words as a POSIX shell splits them, without expanding anything:
 * blanks separate words, single quotes keep everything, double quotes keep all but {@code \"} and
 * {@code \\}, a backslash outside quotes keeps the next character.
 */
final class Words {
  private Words() {}

  /**
   * @throws IllegalArgumentException for a quote left open or a backslash at the end
   */
  static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          i = quoted(line, i, quote, word);
        }
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        inWord = true;
        if (c == '\'' || c == '"') {
          quote = c;
        } else if (c == '\\') {
          if (i + 1 == line.length()) {
            throw new IllegalArgumentException("ends in a backslash: " + line);
          }
          word.append(line.charAt(++i));
        } else {
          word.append(c);
        }
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("a " + quote + " quote is not closed: " + line);
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }

  /**
   * Adds the character at {@code i} inside {@code quote}s to {@code word}: as it is in single
   * quotes; in double quotes a backslash keeps a following {@code " \ $ `}.
   *
   * @return the index of the last character used
   */
  private static int quoted(String line, int i, char quote, StringBuilder word) {
    char c = line.charAt(i);
    if (quote == '"'
        && c == '\\'
        && i + 1 < line.length()
        && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
      word.append(line.charAt(i + 1));
      return i + 1;
    }
    word.append(c);
    return i;
  }
}
