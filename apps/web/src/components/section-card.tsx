import { type ReactNode, useId } from 'react';

/** One titled block of the account page. */
export function SectionCard({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="mc-card" aria-labelledby={id}>
      <div className="mc-card__header">
        <h4 id={id} className="mc-card__title">
          {title}
        </h4>
        {aside}
      </div>
      {children}
    </section>
  );
}
