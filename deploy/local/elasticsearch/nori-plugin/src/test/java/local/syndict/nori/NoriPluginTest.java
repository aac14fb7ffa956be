package local.syndict.nori;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The components as Elasticsearch builds them: through their @Inject constructors with a settings
 * object. The chain under test is the one the dictionary's index settings use (tokenizer, part of
 * speech filter with the default stop tags, reading form).
 */
class NoriPluginTest {
  record TokenizerSettings(String decompoundMode, boolean discardPunctuation, String userDictionary, List<String> userDictionaryRules)
      implements NoriTokenizerFactory.Settings {}

  record PosSettings(List<String> stoptags) implements NoriPartOfSpeechFactory.Settings {}

  record AnalyzerSettings(String decompoundMode, List<String> stoptags, String userDictionary, List<String> userDictionaryRules)
      implements NoriAnalyzerFactory.Settings {}

  static final TokenizerSettings DEFAULTS = new TokenizerSettings("discard", true, "", List.of());

  static List<String> terms(TokenStream stream) throws IOException {
    List<String> out = new ArrayList<>();
    try (stream) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) out.add(term.toString());
      stream.end();
    }
    return out;
  }

  static List<String> analyse(TokenizerSettings settings, String text) throws IOException {
    Tokenizer tokenizer = new NoriTokenizerFactory(settings).create();
    tokenizer.setReader(new StringReader(text));
    TokenStream stream = new NoriPartOfSpeechFactory(new PosSettings(List.of())).create(tokenizer);
    return terms(new NoriReadingFormFactory().create(stream));
  }

  @ParameterizedTest(name = "{0} is analysed to {1}")
  @CsvSource({
    "보면서, 보",
    "봤네요, 보",
    "받았다는, 받",
    "간다는, 가",
    "행복하길, 행복",
    "아름다운, 아름답",
    "드셨습니다, 드시",
    "주무세요, 주무시",
    "사랑을, 사랑",
    "학교에서, 학교",
    "美人, 미인",
  })
  void whenAWordFormIsAnalysedThenItsStemIsLeft(String form, String stem) throws IOException {
    assertEquals(List.of(stem), analyse(DEFAULTS, form));
  }

  @Test
  void whenTheAnalyzerIsBuiltWithDefaultsThenParticlesAndEndingsAreDropped() throws IOException {
    Analyzer analyzer = new NoriAnalyzerFactory(new AnalyzerSettings("", List.of(), "", List.of())).create();
    assertEquals(List.of("사랑", "보"), terms(analyzer.tokenStream("f", "사랑을 보면서")));
  }

  @Test
  void whenUserDictionaryRulesAreGivenThenTheyDecideTheSplit() throws IOException {
    TokenizerSettings settings = new TokenizerSettings("mixed", true, "", List.of("유의어사전 유의어 사전"));
    assertEquals(List.of("유의어사전", "유의어", "사전"), analyse(settings, "유의어사전"));
  }

  @Test
  void whenTheDecompoundModeIsInvalidThenTheErrorNamesTheSettingAndTheChoices() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new NoriTokenizerFactory(new TokenizerSettings("sometimes", true, "", List.of())));
    assertEquals(
        "[nori_tokenizer] invalid setting [decompound_mode]: must be one of [none, discard, mixed], got [sometimes]",
        e.getMessage());
  }

  @Test
  void whenAStopTagIsUnknownThenTheErrorNamesIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new NoriPartOfSpeechFactory(new PosSettings(List.of("EF", "XYZ"))));
    assertTrue(e.getMessage().startsWith("[nori_part_of_speech] invalid setting [stoptags]: unknown part-of-speech tag [XYZ]"), e.getMessage());
  }

  @Test
  void whenADictionaryFileIsGivenThenTheErrorSaysToUseInlineRules() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new NoriAnalyzerFactory(new AnalyzerSettings("discard", List.of(), "userdict_ko.txt", List.of())));
    assertTrue(e.getMessage().contains("use user_dictionary_rules"), e.getMessage());
  }
}
