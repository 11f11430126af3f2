import type { HelpArticle, HelpCategory } from '@platform/contracts/help';
import { foldText } from '@platform/contracts/text-folding';

/**
 * The categories whose titles or article titles match every word of the query; a category whose own
 * title matches keeps all its articles. An empty query keeps everything.
 */
export function filterHelp(categories: readonly HelpCategory[], query: string): HelpCategory[] {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...categories];
  const matches = (text: string) => {
    const folded = foldText(text);
    return words.every((word) => folded.includes(word));
  };
  return categories.flatMap((category) => {
    if (matches(category.title)) return [category];
    const articles = category.articles.filter((article) => matches(article.title));
    return articles.length > 0 ? [{ ...category, articles }] : [];
  });
}

/** The article a `?topic=` names: an article's key or id, or a category's key (its first article). */
export function findTopic(categories: readonly HelpCategory[], topic: string | null): HelpArticle | null {
  if (!topic) return null;
  for (const category of categories) {
    const article = category.articles.find((a) => a.key === topic || String(a.id) === topic);
    if (article) return article;
  }
  return categories.find((c) => c.key === topic || String(c.id) === topic)?.articles[0] ?? null;
}

/** Characters as the server counts them (code points after NFC, trimmed). */
export function feedbackChars(text: string): number {
  return Array.from(text.normalize('NFC').trim()).length;
}
