package io.github.mongodbtiered.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The heading a command's {@code --help} lists an option under: on a {@code @Mixin} field, for all
 * of the mixin's options; on an {@code @Option} field, for that option. See {@link HelpSections}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
@interface HelpSection {
  /** The heading, without the colon: "Server", "Disk baseline". */
  String value();
}
