import type { AmountMinor } from '@platform/contracts/money-format';
import {
  RG_BREAK_DAYS_MAX,
  RG_BREAK_DAYS_MIN,
  RG_EXCLUSION_MONTHS_MAX,
  RG_EXCLUSION_MONTHS_MIN,
  RG_LIMIT_KINDS,
  RG_PERIODS,
  RG_REALITY_CHECK_MINUTES_MAX,
  RG_REALITY_CHECK_MINUTES_MIN,
  type RgLimit,
  type RgStateValue,
} from '@platform/contracts/responsible-gaming';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import {
  useConsolidatedFunds,
  useResponsibleGaming,
  useSelfExclude,
  useSetRealityCheck,
  useSetRgLimits,
  useTakeBreak,
} from '../api/records-api.ts';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { amountInputOf, formatInZone, positiveAmountSchema, useMoney } from '../records/format.ts';
import '../records/records.css';
import { SectionCard } from '../../../components/section-card.tsx';

/**
 * Responsible gaming: deposit, loss and wager limits per day, week and month (a lower limit applies
 * at once, a higher one or a removal after 24 hours, shown as pending), a break, self-exclusion and
 * the reality-check reminder.
 */
export function ResponsibleGamingSection() {
  const { t } = useTranslation(MC_RECORDS_NS);
  const state = useResponsibleGaming();
  const funds = useConsolidatedFunds();
  let body = <LoadingState />;
  if (state.error) body = <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  else if (state.data) {
    const currency = funds.data?.currency ?? 'VND';
    body = (
      <div className="mc-stack">
        <p className="mc-note">{t('rg.intro')}</p>
        <LimitsTable state={state.data} currency={currency} />
        <RealityCheck minutes={state.data.realityCheckMinutes} />
        <BreakForm state={state.data} />
        <SelfExclusionForm state={state.data} />
      </div>
    );
  }
  return <SectionCard title={t('rg.title')}>{body}</SectionCard>;
}

function LimitsTable({ state, currency }: { state: RgStateValue; currency: string }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  return (
    <div className="rc-rg-limits">
      {RG_LIMIT_KINDS.map((kind) => (
        <fieldset key={kind} className="rc-rg-kind" data-kind={kind}>
          <legend className="rc-subtitle">{t(`rg.kinds.${kind}`)}</legend>
          <p className="mc-note">{t(`rg.kindHints.${kind}`)}</p>
          {RG_PERIODS.map((period) => {
            const limit = state.limits.find((l) => l.kind === kind && l.period === period);
            return limit ? <LimitRow key={period} limit={limit} currency={currency} timeZone={state.timeZone} /> : null;
          })}
        </fieldset>
      ))}
    </div>
  );
}

function LimitRow({ limit, currency, timeZone }: { limit: RgLimit; currency: string; timeZone: string }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const money = useMoney();
  const setLimits = useSetRgLimits();
  const id = useId();
  const [saved, setSaved] = useState<string | null>(null);
  const schema = z.object({ amount: positiveAmountSchema(currency, t('amountInvalid')) });
  const form = useZodForm(schema, { defaultValues: { amount: limit.amount === null ? '' : amountInputOf(limit.amount, currency) } });
  const problem = form.formState.errors.amount?.message;

  function save(amount: AmountMinor | null) {
    setSaved(null);
    form.clearErrors('amount');
    setLimits.mutate(
      { limits: [{ kind: limit.kind, period: limit.period, amount }] },
      {
        onSuccess: (state) => {
          const after = state.limits.find((l) => l.kind === limit.kind && l.period === limit.period);
          setSaved(after?.pending ? t('rg.savedPending') : t('rg.saved'));
          form.reset({ amount: after?.amount == null ? '' : amountInputOf(after.amount, currency) });
        },
      },
    );
  }

  const submit = form.handleSubmit(({ amount }) => save(amount as AmountMinor));

  return (
    <form className="rc-rg-row" noValidate onSubmit={(event) => void submit(event)} data-period={limit.period}>
      <label className="rc-rg-row__label" htmlFor={id}>
        {t(`rg.periods.${limit.period}`)}
      </label>
      <div className="rc-rg-row__now">
        <span>{limit.amount === null ? t('rg.noLimit') : t('rg.limitNow', { amount: money(limit.amount, currency) })}</span>
        <span className="mc-note">{t('rg.used', { amount: money(limit.used, currency) })}</span>
        {limit.pending && (
          <span className="rc-rg-pending" data-testid="rg-pending">
            {limit.pending.amount === null
              ? t('rg.pendingRemoval', { time: formatInZone(limit.pending.effectiveAt, timeZone) })
              : t('rg.pending', { amount: money(limit.pending.amount, currency), time: formatInZone(limit.pending.effectiveAt, timeZone) })}
          </span>
        )}
      </div>
      <div className="rc-rg-row__edit">
        <input
          id={id}
          className="form-field__input"
          inputMode="decimal"
          placeholder={t('amount')}
          aria-invalid={problem ? true : undefined}
          {...form.register('amount')}
        />
        <button type="submit" className="button button--primary" disabled={setLimits.isPending}>
          {t('rg.set')}
        </button>
        {(limit.amount !== null || limit.pending?.amount != null) && (
          <button type="button" className="button" disabled={setLimits.isPending} onClick={() => save(null)}>
            {t('rg.remove')}
          </button>
        )}
      </div>
      {(problem || setLimits.error) && (
        <p className="form__error rc-rg-row__message" role="alert">
          {problem ?? errorText(setLimits.error)}
        </p>
      )}
      {saved && (
        <p className="mc-success rc-rg-row__message" role="status">
          {saved}
        </p>
      )}
    </form>
  );
}

const REALITY_CHOICES = [15, 30, 60, 120];

function RealityCheck({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const save = useSetRealityCheck();
  const id = useId();
  const [saved, setSaved] = useState(false);
  // '' turns the reminder off; otherwise every so many minutes.
  const schema = z.object({ minutes: z.string().transform((value) => (value === '' ? null : Number(value))) });
  const form = useZodForm(schema, { defaultValues: { minutes: minutes === null ? '' : String(minutes) } });
  const submit = form.handleSubmit((value) => save.mutate(value, { onSuccess: () => setSaved(true) }));
  const choices =
    minutes !== null && !REALITY_CHOICES.includes(minutes) ? [...REALITY_CHOICES, minutes].sort((a, b) => a - b) : REALITY_CHOICES;
  return (
    <form
      className="rc-rg-block"
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        void submit(event);
      }}
    >
      <h5 className="rc-subtitle">{t('rg.realityTitle')}</h5>
      <p className="mc-note">{t('rg.realityText', { min: RG_REALITY_CHECK_MINUTES_MIN, max: RG_REALITY_CHECK_MINUTES_MAX })}</p>
      <div className="mc-actions">
        <label className="visually-hidden" htmlFor={id}>
          {t('rg.realityTitle')}
        </label>
        <select id={id} className="form-field__input rc-select" {...form.register('minutes')}>
          <option value="">{t('rg.realityOff')}</option>
          {choices.map((m) => (
            <option key={m} value={String(m)}>
              {t('rg.everyMinutes', { n: m })}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('rg.save')}
        </button>
      </div>
      {save.error && (
        <p className="form__error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      {saved && (
        <p className="mc-success" role="status">
          {t('rg.saved')}
        </p>
      )}
    </form>
  );
}

const BREAK_CHOICES = [1, 7, 30, RG_BREAK_DAYS_MAX].filter((d) => d >= RG_BREAK_DAYS_MIN);

/** A two-step action: the first click asks, the second does it; both end every session. */
function BreakForm({ state }: { state: RgStateValue }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const takeBreak = useTakeBreak();
  const signOut = useSessionStore((s) => s.signOut);
  const id = useId();
  const [days, setDays] = useState(String(BREAK_CHOICES[0]));
  const [isAsking, setAsking] = useState(false);
  return (
    <div className="rc-rg-block">
      <h5 className="rc-subtitle">{t('rg.breakTitle')}</h5>
      <p className="mc-note">{t('rg.breakText')}</p>
      {state.breakUntil && <p className="mc-note">{t('rg.breakUntil', { time: formatInZone(state.breakUntil, state.timeZone) })}</p>}
      <div className="mc-actions">
        <label className="visually-hidden" htmlFor={id}>
          {t('rg.breakTitle')}
        </label>
        <select id={id} className="form-field__input rc-select" value={days} onChange={(event) => setDays(event.target.value)}>
          {BREAK_CHOICES.map((d) => (
            <option key={d} value={String(d)}>
              {t('rg.days', { n: d })}
            </option>
          ))}
        </select>
        {!isAsking && (
          <button type="button" className="button" onClick={() => setAsking(true)}>
            {t('rg.breakButton')}
          </button>
        )}
      </div>
      {isAsking && (
        <ConfirmBox
          text={t('rg.breakConfirm', { n: Number(days) })}
          isPending={takeBreak.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => takeBreak.mutate({ days: Number(days) }, { onSuccess: signOut })}
        />
      )}
      {takeBreak.error && (
        <p className="form__error" role="alert">
          {errorText(takeBreak.error)}
        </p>
      )}
    </div>
  );
}

const EXCLUSION_CHOICES = [RG_EXCLUSION_MONTHS_MIN, 12, 24, 60, RG_EXCLUSION_MONTHS_MAX];

function SelfExclusionForm({ state }: { state: RgStateValue }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const exclude = useSelfExclude();
  const signOut = useSessionStore((s) => s.signOut);
  const id = useId();
  const [choice, setChoice] = useState(String(RG_EXCLUSION_MONTHS_MIN));
  const [isAsking, setAsking] = useState(false);
  const isPermanent = choice === 'permanent';
  return (
    <div className="rc-rg-block rc-rg-block--danger">
      <h5 className="rc-subtitle">{t('rg.exclusionTitle')}</h5>
      <p className="mc-note">{t('rg.exclusionText')}</p>
      {state.selfExcludedUntil && (
        <p className="mc-note">{t('rg.excludedUntil', { time: formatInZone(state.selfExcludedUntil, state.timeZone) })}</p>
      )}
      <div className="mc-actions">
        <label className="visually-hidden" htmlFor={id}>
          {t('rg.exclusionTitle')}
        </label>
        <select id={id} className="form-field__input rc-select" value={choice} onChange={(event) => setChoice(event.target.value)}>
          {EXCLUSION_CHOICES.map((m) => (
            <option key={m} value={String(m)}>
              {t('rg.months', { n: m })}
            </option>
          ))}
          <option value="permanent">{t('rg.permanent')}</option>
        </select>
        {!isAsking && (
          <button type="button" className="button" onClick={() => setAsking(true)}>
            {t('rg.exclusionButton')}
          </button>
        )}
      </div>
      {isAsking && (
        <ConfirmBox
          text={isPermanent ? t('rg.exclusionConfirmPermanent') : t('rg.exclusionConfirm', { n: Number(choice) })}
          isPending={exclude.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => exclude.mutate(isPermanent ? { permanent: true } : { months: Number(choice) }, { onSuccess: signOut })}
        />
      )}
      {exclude.error && (
        <p className="form__error" role="alert">
          {errorText(exclude.error)}
        </p>
      )}
    </div>
  );
}

function ConfirmBox({
  text,
  isPending,
  onCancel,
  onConfirm,
}: {
  text: string;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation(MC_RECORDS_NS);
  return (
    <div className="rc-confirm" role="alertdialog" aria-label={t('rg.confirmTitle')}>
      <p>{text}</p>
      <div className="mc-actions">
        <button type="button" className="button button--primary rc-danger" disabled={isPending} onClick={onConfirm}>
          {isPending ? t('working') : t('rg.confirm')}
        </button>
        <button type="button" className="button" disabled={isPending} onClick={onCancel}>
          {t('rg.cancel')}
        </button>
      </div>
    </div>
  );
}
