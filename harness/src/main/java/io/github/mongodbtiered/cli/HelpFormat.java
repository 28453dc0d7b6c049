package io.github.mongodbtiered.cli;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IAnnotatedElement;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * {@code --help} laid out as a man page: a one-line header, a short synopsis, the description, then
 * the options in sections, each option under the {@link HelpSection} of its mixin or its own field,
 * in declaration order, the rest (help and version) under "Options"; exit codes and examples come
 * from each command's annotation. picocli's argument groups would give headings too, but a group
 * cannot hold a mixin, and the options are shared as mixins.
 */
final class HelpFormat implements IHelpSectionRenderer {
  private static final String OTHER = "Options";

  /** Applies this layout to {@code cl} and its subcommands. */
  static void install(CommandLine cl) {
    UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
    usage.synopsisHeading(usage.header().length > 0 ? "%nUsage: " : "Usage: ");
    usage.abbreviateSynopsis(true);
    usage.descriptionHeading("%n");
    usage.parameterListHeading("%nArguments:%n");
    usage.commandListHeading("%nCommands:%n");
    cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> "");
    cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, new HelpFormat());
    cl.getSubcommands().values().forEach(HelpFormat::install);
  }

  @Override
  public String render(Help help) {
    CommandSpec spec = help.commandSpec();
    Map<OptionSpec, String> mixinSections = mixinSections(spec);
    Map<String, List<OptionSpec>> sections = new LinkedHashMap<>();
    List<OptionSpec> shown = new ArrayList<>();
    for (OptionSpec o : spec.options()) {
      if (!o.hidden()) {
        String heading = mixinSections.getOrDefault(o, heading(o.userObject()));
        sections.computeIfAbsent(heading, h -> new ArrayList<>()).add(o);
        shown.add(o);
      }
    }
    StringBuilder text = new StringBuilder();
    sections.forEach(
        (heading, options) -> {
          // One layout per section, all sized for every option, so the columns line up.
          Help.Layout layout =
              help.createDefaultLayout(shown, spec.positionalParameters(), help.colorScheme());
          text.append(help.createHeading("%n" + heading + ":%n"))
              .append(
                  help.optionListExcludingGroups(
                      options, layout, null, help.createDefaultParamLabelRenderer()));
        });
    return text.toString();
  }

  /** Each option of a mixin whose field names a section. */
  private static Map<OptionSpec, String> mixinSections(CommandSpec spec) {
    Map<OptionSpec, String> result = new HashMap<>();
    Map<String, IAnnotatedElement> fields = spec.mixinAnnotatedElements();
    spec.mixins()
        .forEach(
            (name, mixin) -> {
              IAnnotatedElement field = fields.get(name);
              HelpSection s = field == null ? null : field.getAnnotation(HelpSection.class);
              if (s != null) {
                mixin.options().forEach(o -> result.put(o, s.value()));
              }
            });
    return result;
  }

  private static String heading(Object member) {
    HelpSection s =
        member instanceof AnnotatedElement e ? e.getAnnotation(HelpSection.class) : null;
    return s == null ? OTHER : s.value();
  }
}
