package local.syndict.nori;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.elasticsearch.plugin.NamedComponent;
import org.junit.jupiter.api.Test;

/**
 * The files at the zip's root. named_components.json is what the installer reads instead of
 * scanning the jars (a scan runs out of its 64 MB heap), so a component missing from it, or
 * named differently there than in its annotation, would silently not exist on the node.
 */
class PluginDescriptorTest {
  static final Path ROOT = Path.of(System.getProperty("plugin.root", "target/plugin-root"));

  @Test
  void everyComponentInTheIndexExistsUnderItsAnnotatedNameAndInterface() throws Exception {
    String json = Files.readString(ROOT.resolve("named_components.json"), StandardCharsets.UTF_8);
    Matcher section = Pattern.compile("\"([\\w.]+)\"\\s*:\\s*\\{([^}]*)}").matcher(json);
    Map<String, String> seen = new LinkedHashMap<>();
    while (section.find()) {
      Class<?> api = Class.forName(section.group(1));
      Matcher entry = Pattern.compile("\"(\\w+)\"\\s*:\\s*\"([\\w.]+)\"").matcher(section.group(2));
      while (entry.find()) {
        Class<?> component = Class.forName(entry.group(2));
        assertTrue(api.isAssignableFrom(component), component + " does not implement " + api);
        assertEquals(entry.group(1), component.getAnnotation(NamedComponent.class).value());
        seen.put(entry.group(1), entry.group(2));
      }
    }
    assertEquals(
        Set.of("nori_tokenizer", "nori_part_of_speech", "nori_readingform", "nori_number", "nori"), seen.keySet());
  }

  @Test
  void theDescriptorHoldsOnlyTheKeysAStablePluginMayHave() throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(ROOT.resolve("stable-plugin-descriptor.properties"), StandardCharsets.UTF_8)) {
      p.load(r);
    }
    Set<String> allowed = Set.of("name", "description", "version", "elasticsearch.version", "java.version", "modular");
    assertTrue(allowed.containsAll(p.stringPropertyNames()), p.stringPropertyNames().toString());
    assertEquals("analysis-nori", p.getProperty("name"));
    assertTrue(p.getProperty("elasticsearch.version").matches("\\d+\\.\\d+\\.\\d+"), "version was not filtered in");
  }
}
