package local.syndict.nori;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.ko.KoreanReadingFormFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

/** The official plugin's nori_readingform: hanja to their Hangul reading (美人 → 미인). */
@NamedComponent("nori_readingform")
public final class NoriReadingFormFactory implements TokenFilterFactory {
  @Override
  public TokenStream create(TokenStream in) {
    return new KoreanReadingFormFilter(in);
  }
}
