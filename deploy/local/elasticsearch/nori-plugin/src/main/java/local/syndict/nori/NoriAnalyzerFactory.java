package local.syndict.nori;

import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.ko.KoreanAnalyzer;
import org.apache.lucene.analysis.ko.KoreanTokenizer.DecompoundMode;
import org.apache.lucene.analysis.ko.POS;
import org.apache.lucene.analysis.ko.dict.UserDictionary;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.AnalyzerFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.ListSetting;
import org.elasticsearch.plugin.settings.StringSetting;

/** The official plugin's nori analyzer: tokenizer, part-of-speech stop filter, reading form, lowercase. */
@NamedComponent(NoriAnalyzerFactory.NAME)
public final class NoriAnalyzerFactory implements AnalyzerFactory {
  static final String NAME = "nori";

  @AnalysisSettings
  public interface Settings {
    @StringSetting(path = "decompound_mode", defaultValue = "discard")
    String decompoundMode();

    @ListSetting(path = "stoptags")
    List<String> stoptags();

    @StringSetting(path = "user_dictionary", defaultValue = "")
    String userDictionary();

    @ListSetting(path = "user_dictionary_rules")
    List<String> userDictionaryRules();
  }

  private final UserDictionary userDictionary;
  private final DecompoundMode decompoundMode;
  private final Set<POS.Tag> stopTags;

  @Inject
  public NoriAnalyzerFactory(Settings settings) {
    this.decompoundMode = NoriSettings.decompoundMode(NAME, settings.decompoundMode());
    this.stopTags = NoriSettings.stopTags(NAME, settings.stoptags());
    this.userDictionary =
        NoriSettings.userDictionary(NAME, settings.userDictionary(), settings.userDictionaryRules());
  }

  @Override
  public Analyzer create() {
    return new KoreanAnalyzer(userDictionary, decompoundMode, stopTags, false);
  }
}
