import type { ReactNode } from 'react';

/**
 * The card of a single-section page: the member centre's header already shows the page's title, so
 * the card is named for screen readers only.
 */
export function RecordCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="mc-card" aria-label={label}>
      {children}
    </section>
  );
}
