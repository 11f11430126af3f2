import { useMatches } from 'react-router';
import { SECTION_KEYS, type SectionKey } from '../lib/site-sections.ts';

function isSectionKey(value: unknown): value is SectionKey {
  return typeof value === 'string' && (SECTION_KEYS as readonly string[]).includes(value);
}

/** The route's section from its handle. */
export function useSectionKey(): SectionKey {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { section?: unknown } | undefined;
  return isSectionKey(handle?.section) ? handle.section : 'help';
}
