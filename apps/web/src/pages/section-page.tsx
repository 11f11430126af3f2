import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { PageFrame } from '../components/page-frame.tsx';
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

/** A section's page frame; its content arrives with the section's own work. */
export function SectionPage() {
  const { t } = useTranslation();
  const section = useSectionKey();
  const title = t(`pages.${section}`);
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <PageFrame title={title}>
      <ComingSoon />
    </PageFrame>
  );
}
