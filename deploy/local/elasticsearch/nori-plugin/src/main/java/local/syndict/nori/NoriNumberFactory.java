package local.syndict.nori;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.ko.KoreanNumberFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

/** The official plugin's nori_number: Korean numerals to Arabic ones (십만이천 → 102000). */
@NamedComponent("nori_number")
public final class NoriNumberFactory implements TokenFilterFactory {
  @Override
  public TokenStream create(TokenStream in) {
    return new KoreanNumberFilter(in);
  }
}
