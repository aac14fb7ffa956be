package local.syndict.nori;

import java.io.IOException;
import java.io.StringReader;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.ko.KoreanPartOfSpeechStopFilter;
import org.apache.lucene.analysis.ko.KoreanTokenizer.DecompoundMode;
import org.apache.lucene.analysis.ko.POS;
import org.apache.lucene.analysis.ko.dict.UserDictionary;

/**
 * Turns setting values into nori's objects the way the official analysis-nori plugin does, but
 * fails with a message that names the component, the setting and what is allowed: Elasticsearch
 * answers an exception from a stable plugin's constructor with a bare 500, so the message is all a
 * caller gets to see.
 */
final class NoriSettings {
  private NoriSettings() {}

  static IllegalArgumentException invalid(String component, String setting, String detail) {
    return new IllegalArgumentException("[" + component + "] invalid setting [" + setting + "]: " + detail);
  }

  /** none | discard | mixed, as in the official plugin (default discard). */
  static DecompoundMode decompoundMode(String component, String value) {
    String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
    if (v.isEmpty()) return DecompoundMode.DISCARD;
    for (DecompoundMode mode : DecompoundMode.values()) {
      if (mode.name().toLowerCase(Locale.ROOT).equals(v)) return mode;
    }
    throw invalid(component, "decompound_mode", "must be one of [none, discard, mixed], got [" + value + "]");
  }

  /** The official plugin's stoptags: empty means nori's default set (endings, particles, symbols...). */
  static Set<POS.Tag> stopTags(String component, List<String> tags) {
    if (tags == null || tags.isEmpty()) return KoreanPartOfSpeechStopFilter.DEFAULT_STOP_TAGS;
    Set<POS.Tag> out = EnumSet.noneOf(POS.Tag.class);
    for (String tag : tags) {
      try {
        out.add(POS.resolveTag(tag.trim()));
      } catch (IllegalArgumentException e) {
        String known = Arrays.stream(POS.Tag.values()).map(Enum::name).collect(Collectors.joining(", "));
        throw invalid(component, "stoptags", "unknown part-of-speech tag [" + tag + "]; known tags: " + known);
      }
    }
    return out;
  }

  /**
   * Inline user dictionary rules ("세종시 세종 시"). The file-based user_dictionary needs the node's
   * config folder, which a stable plugin cannot read: refuse it rather than ignore it silently.
   */
  static UserDictionary userDictionary(String component, String file, List<String> rules) {
    if (file != null && !file.isBlank()) {
      throw invalid(
          component,
          "user_dictionary",
          "a dictionary file is not supported by the local stable plugin; use user_dictionary_rules");
    }
    if (rules == null || rules.isEmpty()) return null;
    try {
      return UserDictionary.open(new StringReader(String.join("\n", rules)));
    } catch (IOException | RuntimeException e) {
      throw invalid(component, "user_dictionary_rules", "cannot be read: " + e.getMessage());
    }
  }
}
