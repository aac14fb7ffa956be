package local.syndict.nori;

import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.ko.KoreanPartOfSpeechStopFilter;
import org.apache.lucene.analysis.ko.POS;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.ListSetting;

/** The official plugin's nori_part_of_speech: drops tokens whose part of speech is in stoptags. */
@NamedComponent(NoriPartOfSpeechFactory.NAME)
public final class NoriPartOfSpeechFactory implements TokenFilterFactory {
  static final String NAME = "nori_part_of_speech";

  @AnalysisSettings
  public interface Settings {
    @ListSetting(path = "stoptags")
    List<String> stoptags();
  }

  private final Set<POS.Tag> stopTags;

  @Inject
  public NoriPartOfSpeechFactory(Settings settings) {
    this.stopTags = NoriSettings.stopTags(NAME, settings.stoptags());
  }

  @Override
  public TokenStream create(TokenStream in) {
    return new KoreanPartOfSpeechStopFilter(in, stopTags);
  }
}
