/** Query keys of the content calls; the language is part of each key because the texts are per language. */
export const contentKeys = {
  all: ['content'] as const,
  banners: (language: string, groupName: string) => [...contentKeys.all, 'banners', language, groupName] as const,
  marquee: (language: string) => [...contentKeys.all, 'marquee', language] as const,
  popups: (language: string) => [...contentKeys.all, 'popups', language] as const,
  announcements: (language: string, type: string, pageNo: number) => [...contentKeys.all, 'announcements', language, type, pageNo] as const,
};

/** Operator texts exist in Vietnamese and English; the server answers other languages in English. */
export function contentLanguage(language: string): 'vi' | 'en' {
  return language === 'vi' ? 'vi' : 'en';
}

/** Content changes rarely; a minute keeps the pages fresh without asking on every visit. */
export const CONTENT_STALE_MS = 60_000;
