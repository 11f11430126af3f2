/** A text per language code (`vi`, `en`, `zh-CN`…), as operators enter names and messages. */
export type LocalisedText = Record<string, string>;

/**
 * The one rule for picking a text in the member's language: the language asked for, else its base
 * language, else English, else Vietnamese, else any, else the fallback (a single-language name).
 */
export function localised(text: LocalisedText, language: string, fallback = ''): string {
  const base = language.split('-')[0] ?? language;
  return text[language] || text[base] || text.en || text.vi || Object.values(text).find((v) => v) || fallback;
}
