// Korean texts of the wordbook screen that depend on the word shown.
import { josa } from 'es-hangul';

/** "‘사랑’을 …" / "‘나무’를 …": the object particle follows the word's last syllable (받침 or not). */
export function deleteConfirmMessage(word: string): string {
  return `‘${word}’${josa.pick(word, '을/를')} 단어장에서 삭제하시겠습니까?`;
}
