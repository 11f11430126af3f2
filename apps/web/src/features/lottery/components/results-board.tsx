import type { LotteryDraw } from '@platform/contracts/lottery';
import { LOTTERY_PRIZE_TIERS } from '@platform/contracts/lottery-constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet } from '../../../lib/api-client.ts';
import { useLotteryTranslation } from '../i18n/register-translations.ts';
import { ScrollRow } from './scroll-row.tsx';

/** Each prize number with a key that stays unique when a tier draws the same number twice. */
function keyedNumbers(numbers: readonly string[]): { number: string; key: string }[] {
  const seen = new Map<string, number>();
  return numbers.map((number) => {
    const occurrence = seen.get(number) ?? 0;
    seen.set(number, occurrence + 1);
    return { number, key: `${number}#${occurrence}` };
  });
}

type Verification = { isCommitmentValid: boolean; isResultValid: boolean; seed: string; seedCommitment: string };

/** The commit-reveal check of a house draw, asked for only when the member opens it. */
function VerifyDraw({ draw }: { draw: LotteryDraw }) {
  const { t } = useLotteryTranslation();
  const [isOpen, setOpen] = useState(false);
  const verification = useQuery({
    queryKey: ['lottery', 'verify', draw.gameId, draw.numero],
    queryFn: ({ signal }) =>
      apiGet<Verification>(
        `/lgw/vn/numeros/verify?gameId=${encodeURIComponent(draw.gameId)}&numero=${encodeURIComponent(draw.numero)}`,
        signal,
      ),
    enabled: isOpen,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (draw.resultSource !== 'rng' || !draw.seed) return null;
  const value = verification.data;
  return (
    <div className="lottery-verify">
      <button type="button" className="link-button" aria-expanded={isOpen} onClick={() => setOpen((open) => !open)}>
        {t('board.verify')}
      </button>
      {isOpen && (
        <div className="lottery-verify__body" role="status">
          {verification.isPending && <p>{t('loading')}</p>}
          {verification.isError && <p className="lottery-error">{t('board.verifyError')}</p>}
          {value && (
            <>
              <p>{value.isCommitmentValid && value.isResultValid ? t('board.verified') : t('board.notVerified')}</p>
              <dl className="lottery-verify__facts">
                <dt>{t('board.commitment')}</dt>
                <dd>{value.seedCommitment}</dd>
                <dt>{t('board.seed')}</dt>
                <dd>{value.seed}</dd>
              </dl>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The results of one draw by tier (DB, then G1..G8 as the region has them), with the draw history
 * as a row of draw numbers to pick from, newest first.
 */
export function ResultsBoard({ draws, isPending, isError }: { draws: LotteryDraw[] | undefined; isPending: boolean; isError: boolean }) {
  const { t } = useLotteryTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = draws ?? [];
  const draw = list.find((d) => d.numero === chosen) ?? list[0];
  return (
    <section className="lottery-card lottery-board" aria-labelledby="lottery-board-title">
      <h2 id="lottery-board-title" className="lottery-card__title">
        {t('board.title')}
      </h2>
      {isPending && <p className="lottery-state">{t('loading')}</p>}
      {isError && <p className="lottery-state lottery-error">{t('board.error')}</p>}
      {!isPending && !isError && !draw && <p className="lottery-state">{t('board.empty')}</p>}
      {draw && (
        <>
          <p className="lottery-board__numero">
            {t('board.numero', { numero: draw.numero })}
            {draw.status === 'voided' && <span className="lottery-pill lottery-pill--voided">{t('status.voided')}</span>}
          </p>
          {draw.result ? (
            <table className="lottery-board__table" data-numero={draw.numero}>
              <caption className="visually-hidden">{t('board.caption', { numero: draw.numero })}</caption>
              <tbody>
                {LOTTERY_PRIZE_TIERS.filter((tier) => draw.result?.[tier]).map((tier) => (
                  <tr key={tier} data-tier={tier}>
                    <th scope="row">{tier === 'DB' ? t('board.special') : tier}</th>
                    <td>
                      <ul className="lottery-board__numbers">
                        {keyedNumbers(draw.result?.[tier] ?? []).map(({ number, key }) => (
                          <li key={key} className={tier === 'DB' ? 'is-special' : undefined}>
                            {number}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="lottery-state">{t('board.noResult')}</p>
          )}
          <VerifyDraw draw={draw} />
        </>
      )}
      {list.length > 1 && (
        <nav className="lottery-history" aria-label={t('board.history')}>
          <ScrollRow count={list.length} label={t('board.history')}>
            <ul className="lottery-history__list">
              {list.map((d) => (
                <li key={d.numero}>
                  <button
                    type="button"
                    className="lottery-chip"
                    aria-pressed={d.numero === draw?.numero}
                    onClick={() => setChosen(d.numero)}
                  >
                    {d.numero}
                  </button>
                </li>
              ))}
            </ul>
          </ScrollRow>
        </nav>
      )}
    </section>
  );
}
