import type { AdminJackpotView } from '@platform/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { jackpotsEn, jackpotsVi, jackpotsZh } from '../i18n/jackpots.ts';
import { dateTime, money } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('jackpots', { vi: jackpotsVi, en: jackpotsEn, zh: jackpotsZh });

type Pool = AdminJackpotView['pools'][number];
type RuleForm = { base: string; growth: string; tick: string; isRestarted: boolean };

/** Hundredths of the display unit as typed (group separators allowed, "," or "." before at most two decimals); NaN otherwise. */
export function hundredthsOf(text: string): number {
  const typed = text.trim().replace(/[\s_]/g, '');
  const match = /^(\d{1,3}(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(typed);
  if (!match) return Number.NaN;
  const whole = (match[1] ?? '0').replace(/[.,]/g, '');
  return Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The rule's form from the rule in force. */
export const ruleFormOf = (rule: AdminJackpotView['rule']): RuleForm => ({
  base: (rule.base / 100).toFixed(2),
  growth: (rule.growthPerTick / 100).toFixed(2),
  tick: String(rule.tickMs / 1000),
  isRestarted: false,
});

/** The body of `PUT /games/jackpot`, or the field to correct (a key of `jackpots.problems`); the server checks the same bounds. */
export function ruleBody(form: RuleForm): { problem: 'base' | 'growth' | 'tick' } | { body: object } {
  const base = hundredthsOf(form.base);
  if (!Number.isFinite(base) || base > 1e13) return { problem: 'base' };
  const growthPerTick = hundredthsOf(form.growth);
  if (!Number.isFinite(growthPerTick) || growthPerTick > 1e9) return { problem: 'growth' };
  const seconds = Number(form.tick.trim().replace(',', '.'));
  const tickMs = Math.round(seconds * 1000);
  if (!/^\d+([.,]\d{1,3})?$/.test(form.tick.trim()) || tickMs < 250 || tickMs > 3_600_000) return { problem: 'tick' };
  return { body: { base, growthPerTick, tickMs, isRestarted: form.isRestarted } };
}

/**
 * Jackpots (`game:read`; the rule `game:write`): the pools the house game server publishes, which of
 * them the home counter adds up, the counter as players see it now, and the counter's display rule.
 */
export default function JackpotsSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'game:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [form, setForm] = useState<RuleForm | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const view = useQuery({
    queryKey: ['queue', 'jackpots'],
    queryFn: () => adminGet<AdminJackpotView>('/games/jackpot/pools'),
    // The pools move with every stake; read them again while the screen is open.
    refetchInterval: 10_000,
  });
  const save = useDecision(
    (body: object) => adminCall('PUT', '/games/jackpot', body),
    () => {
      setNotice(t('jackpots.saved'));
      setForm(null);
    },
  );

  const display = (hundredths: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : i18n.language === 'zh' ? 'zh-CN' : 'vi-VN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(hundredths / 100);
  const columns: Column<Pool>[] = [
    {
      key: 'game',
      header: t('jackpots.game'),
      className: 'text',
      cell: (p) => (p.name ? `${p.name[i18n.language] ?? p.name.en ?? p.name.vi ?? p.gameCode} (${p.gameCode})` : p.gameCode),
    },
    { key: 'currency', header: t('jackpots.currency'), cell: (p) => p.currency },
    { key: 'amount', header: t('jackpots.amount'), numeric: true, cell: (p) => money(p.amount, p.currency, i18n.language) },
    {
      key: 'counted',
      header: t('jackpots.counted'),
      cell: (p) => (
        <span className={`badge${p.isCounted ? ' badge--ok' : ' badge--warn'}`}>{t(p.isCounted ? 'jackpots.yes' : 'jackpots.no')}</span>
      ),
    },
  ];
  const data = view.data;

  return (
    <section className="section" aria-labelledby="jackpots-title">
      <header className="section__head">
        <h1 id="jackpots-title">{t('jackpots.title')}</h1>
      </header>
      <Notice text={notice} />
      <QueueState isLoading={view.isLoading} error={view.error} isEmpty={false} onRetry={() => void view.refetch()}>
        {data ? (
          <div className="section-stack">
            <p className="muted">{t('jackpots.intro', { vendor: data.vendorCode })}</p>
            <div className="card" data-testid="jackpot-counter">
              <h2>{t('jackpots.counter')}</h2>
              <p className="jackpot-value">
                {display(data.counter.value)} {data.currency}
              </p>
              <p>
                {!data.isPublishing
                  ? t('jackpots.notPublishing')
                  : data.source === 'pools'
                    ? t('jackpots.fromPools', { currency: data.currency, time: data.readAt ? dateTime(data.readAt, i18n.language) : '' })
                    : t('jackpots.fromRule', { currency: data.currency })}
              </p>
            </div>
            <h2>{t('jackpots.pools')}</h2>
            {data.pools.length === 0 ? (
              <p className="empty">{t('jackpots.noPools')}</p>
            ) : (
              <DataTable
                columns={columns}
                rows={data.pools}
                rowKey={(p) => `${p.gameCode}-${p.currency}`}
                rowTestId={(p) => `pool-${p.gameCode}`}
              />
            )}
            <div className="card" data-testid="jackpot-rule">
              <header className="section__head">
                <h2>{t('jackpots.rule')}</h2>
                {mayWrite ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      save.clearError();
                      setProblem(null);
                      setForm(ruleFormOf(data.rule));
                    }}
                  >
                    {t('jackpots.edit')}
                  </button>
                ) : null}
              </header>
              <p className="muted">{t('jackpots.ruleHint')}</p>
              <dl className="facts">
                <div>
                  <dt>{t('jackpots.base')}</dt>
                  <dd>{display(data.rule.base)}</dd>
                </div>
                <div>
                  <dt>{t('jackpots.growth')}</dt>
                  <dd>{display(data.rule.growthPerTick)}</dd>
                </div>
                <div>
                  <dt>{t('jackpots.tick')}</dt>
                  <dd>{data.rule.tickMs / 1000}</dd>
                </div>
                <div>
                  <dt>{t('jackpots.startedAt')}</dt>
                  <dd>{dateTime(data.rule.startedAt, i18n.language)}</dd>
                </div>
              </dl>
            </div>
          </div>
        ) : null}
      </QueueState>
      {form ? (
        <DecisionDialog
          title={t('jackpots.editTitle')}
          hint={t('jackpots.ruleHint')}
          submitLabel={t('jackpots.save')}
          error={problem ?? save.error}
          isPending={save.isPending}
          onSubmit={() => {
            const checked = ruleBody(form);
            if ('problem' in checked) return setProblem(t(`jackpots.problems.${checked.problem}`));
            setProblem(null);
            return save.run(checked.body);
          }}
          onClose={() => setForm(null)}
        >
          {(['base', 'growth', 'tick'] as const).map((key) => (
            <label className="field" key={key}>
              {t(`jackpots.${key}`)}
              <input name={key} inputMode="decimal" value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
            </label>
          ))}
          <label className="check">
            <input type="checkbox" checked={form.isRestarted} onChange={(e) => setForm({ ...form, isRestarted: e.target.checked })} />{' '}
            {t('jackpots.restart')}
          </label>
        </DecisionDialog>
      ) : null}
    </section>
  );
}
