package local.syndict.nori;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.ko.KoreanTokenizer;
import org.apache.lucene.analysis.ko.KoreanTokenizer.DecompoundMode;
import org.apache.lucene.analysis.ko.dict.UserDictionary;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenizerFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.BooleanSetting;
import org.elasticsearch.plugin.settings.ListSetting;
import org.elasticsearch.plugin.settings.StringSetting;

/** The official plugin's nori_tokenizer: same settings, same defaults. */
@NamedComponent(NoriTokenizerFactory.NAME)
public final class NoriTokenizerFactory implements TokenizerFactory {
  static final String NAME = "nori_tokenizer";

  @AnalysisSettings
  public interface Settings {
    @StringSetting(path = "decompound_mode", defaultValue = "discard")
    String decompoundMode();

    @BooleanSetting(path = "discard_punctuation", defaultValue = true)
    boolean discardPunctuation();

    @StringSetting(path = "user_dictionary", defaultValue = "")
    String userDictionary();

    @ListSetting(path = "user_dictionary_rules")
    java.util.List<String> userDictionaryRules();
  }

  private final UserDictionary userDictionary;
  private final DecompoundMode decompoundMode;
  private final boolean discardPunctuation;

  @Inject
  public NoriTokenizerFactory(Settings settings) {
    this.decompoundMode = NoriSettings.decompoundMode(NAME, settings.decompoundMode());
    this.userDictionary =
        NoriSettings.userDictionary(NAME, settings.userDictionary(), settings.userDictionaryRules());
    this.discardPunctuation = settings.discardPunctuation();
  }

  @Override
  public Tokenizer create() {
    return new KoreanTokenizer(
        TokenStream.DEFAULT_TOKEN_ATTRIBUTE_FACTORY, userDictionary, decompoundMode, false, discardPunctuation);
  }
}
