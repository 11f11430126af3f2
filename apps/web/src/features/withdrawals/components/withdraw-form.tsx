import { type BankCardValue, withdrawalFeeOf } from '@platform/contracts/withdrawals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRecallAll, useVendorWalletBalances, useWalletMode, vendorWalletsTotal } from '../../../api/vendor-wallets.ts';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { useSmsCountdown } from '../../../hooks/use-sms-countdown.ts';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { amountSchema } from '../../../lib/amount-schema.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { addFormIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useBankCards } from '../api/bank-cards.ts';
import { useCreateWithdrawal, useSendWithdrawalCode, useWithdrawalRules, type WithdrawalRules } from '../api/withdrawals.ts';
import { PageLink } from './page-link.tsx';

/** The fee the server will take, by the rules it sent and the same rule it charges by. */
export function withdrawalFee(rules: WithdrawalRules, amount: number): number {
  return withdrawalFeeOf(
    { freePerDay: rules.freePerDay, feeFixedMinor: rules.feeFixed, feePercentBasisPoints: rules.feePercentBasisPoints },
    amount,
    rules.usedToday,
  );
}

/** The request form with the rules shown, a confirmation, and the re-authentication the server may ask for. */
export function WithdrawForm() {
  const { t } = useTranslation(MONEY_NS);
  const rules = useWithdrawalRules();
  const cards = useBankCards();
  let body = <LoadingState />;
  const failed = rules.error ?? cards.error;
  if (failed)
    body = (
      <ErrorState
        error={failed}
        onRetry={() => {
          void rules.refetch();
          void cards.refetch();
        }}
      />
    );
  else if (rules.data && cards.data) {
    if (!rules.data.hasPaymentPassword) {
      body = (
        <p className="mm-notice" data-testid="withdraw-needs-password">
          {t('withdraw.needPassword')} <PageLink page="securityCenter">{t('withdraw.goSecurity')}</PageLink>
        </p>
      );
    } else if (cards.data.list.length === 0) {
      body = (
        <p className="mm-notice" data-testid="withdraw-needs-card">
          {t('withdraw.needCard')} <PageLink page="securityCenter">{t('withdraw.goSecurity')}</PageLink>
        </p>
      );
    } else body = <RequestForm rules={rules.data} cards={cards.data.list} />;
  }
  return (
    <SectionCard title={t('withdraw.formTitle')}>
      {rules.data && <RulesSummary rules={rules.data} />}
      <GameWalletsNotice />
      {body}
    </SectionCard>
  );
}

/**
 * Money in transfer-style vendors' wallets is the member's but not withdrawable until it is back in
 * the main wallet: the form says how much is out there and brings it all back in one tap.
 */
function GameWalletsNotice() {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const mode = useWalletMode();
  const balances = useVendorWalletBalances(mode.data ? !mode.data.isSingle : false);
  const recall = useRecallAll();
  if (recall.isSuccess && !recall.isPending && balances.data && vendorWalletsTotal(balances.data).total === 0) {
    return (
      <p className="mc-success" role="status">
        {t('withdraw.broughtBack')}
      </p>
    );
  }
  if (!balances.data) return null;
  const { total, isComplete } = vendorWalletsTotal(balances.data);
  if (total === 0 && isComplete) return null;
  return (
    <div className="mm-notice" data-testid="withdraw-game-wallets" role="status">
      <p>{total > 0 ? t('withdraw.inGames', { amount: money(total, balances.data.currency) }) : t('withdraw.inGamesUnknown')}</p>
      {total > 0 && !isComplete && <p>{t('withdraw.inGamesUnknown')}</p>}
      <button type="button" className="button button--ghost" disabled={recall.isPending} onClick={() => recall.mutate()}>
        {t('withdraw.bringBack')}
      </button>
      {recall.error && (
        <p className="form__error" role="alert">
          {errorText(recall.error)}
        </p>
      )}
    </div>
  );
}

function RulesSummary({ rules }: { rules: WithdrawalRules }) {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const c = rules.currency;
  const percent = (rules.feePercentBasisPoints / 100).toLocaleString();
  const fee =
    rules.feeFixed === 0 && rules.feePercentBasisPoints === 0
      ? t('rules.feeNone')
      : t('rules.fee', { fixed: money(rules.feeFixed, c), percent, free: rules.freePerDay });
  const facts = [
    { key: 'balance', label: t('rules.available'), value: money(rules.availableBalance, c) },
    {
      key: 'limits',
      label: t('rules.limits'),
      value: t('rules.range', { min: money(rules.minAmount, c), max: money(rules.maxAmount, c) }),
    },
    { key: 'count', label: t('rules.count'), value: t('rules.countValue', { used: rules.usedToday, max: rules.dailyCountMax }) },
    { key: 'fee', label: t('rules.feeLabel'), value: fee },
    {
      key: 'wagering',
      label: t('rules.wagering'),
      value: rules.wageringRemaining > 0 ? money(rules.wageringRemaining, c) : t('rules.wageringDone'),
    },
  ];
  return (
    <dl className="mm-rules" data-testid="withdraw-rules">
      {facts.map((f) => (
        <div key={f.key} className="mm-rules__item">
          <dt>{f.label}</dt>
          <dd data-fact={f.key}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Draft = { card: BankCardValue; amount: number; paymentPassword: string };

function RequestForm({ rules, cards }: { rules: WithdrawalRules; cards: BankCardValue[] }) {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const [cardId, setCardId] = useState(cards[0]?.id ?? 0);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const c = rules.currency;
  const card = cards.find((x) => x.id === cardId) ?? cards[0];
  const schema = z.object({
    amount: amountSchema(t, money, { currency: c, min: rules.minAmount, max: rules.maxAmount, available: rules.availableBalance }),
    password: z.string().min(1, t('withdraw.passwordRequired')),
  });
  const form = useZodForm(schema, { defaultValues: { amount: '', password: '' } });

  const submit = form.handleSubmit(({ amount, password }) => {
    if (card) setDraft({ card, amount, paymentPassword: password });
  });

  return (
    <>
      <form
        className="form mm-form"
        noValidate
        onSubmit={(event) => {
          setDone(null);
          void submit(event);
        }}
      >
        <fieldset className="mm-channels">
          <legend className="mm-legend">{t('withdraw.card')}</legend>
          {cards.map((x) => (
            <label key={x.id} className={`mm-channel${x.id === card?.id ? ' mm-channel--on' : ''}`}>
              <input type="radio" name="withdraw-card" checked={x.id === card?.id} onChange={() => setCardId(x.id)} />
              <span className="mm-channel__name">{x.bankName}</span>
              <span className="mm-channel__type">
                {x.maskedAccountNumber} · {x.accountName}
              </span>
            </label>
          ))}
        </fieldset>
        <p className="mc-note">
          <PageLink page="securityCenter">{t('withdraw.manageCards')}</PageLink>
        </p>
        <FormFieldControl
          control={form.control}
          name="amount"
          label={t('amount.label', { currency: c })}
          inputMode="decimal"
          autoComplete="off"
          isRequired
        />
        <FormFieldControl
          control={form.control}
          name="password"
          label={t('withdraw.paymentPassword')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          isRequired
        />
        <div className="mc-actions">
          <button type="submit" className="button button--primary">
            {t('withdraw.submit')}
          </button>
        </div>
        {done && (
          <p className="mc-success" role="status">
            {done}
          </p>
        )}
      </form>
      {draft && (
        <ConfirmDialog
          rules={rules}
          draft={draft}
          onClose={() => setDraft(null)}
          onDone={(message) => {
            setDraft(null);
            form.reset();
            setDone(message);
          }}
        />
      )}
    </>
  );
}

/** The withdrawal to confirm: card, amount, fee and what arrives; the login password or an SMS code when the card is new. */
function ConfirmDialog({
  rules,
  draft,
  onClose,
  onDone,
}: {
  rules: WithdrawalRules;
  draft: Draft;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const create = useCreateWithdrawal();
  const sendCode = useSendWithdrawalCode();
  const countdown = useSmsCountdown();
  const [needsReauth, setNeedsReauth] = useState(!draft.card.isVerified);
  const [reauthBy, setReauthBy] = useState<'password' | 'sms'>('password');
  // One id per confirmation (the card and amount cannot change in it): a double tap, a retry after a
  // lost answer or after re-authenticating makes one withdrawal.
  const { requestId } = useRequestId();
  const c = rules.currency;
  const fee = withdrawalFee(rules, draft.amount);
  // The re-authentication's messages show above the buttons, as the server's refusals do.
  const schema = z.object({ loginPassword: z.string(), code: z.string().trim() }).superRefine((values, ctx) => {
    if (needsReauth && reauthBy === 'password' && values.loginPassword === '') addFormIssue(ctx, t('reauth.passwordRequired'));
    else if (needsReauth && reauthBy === 'sms' && values.code === '') addFormIssue(ctx, t('reauth.codeRequired'));
  });
  const form = useZodForm(schema, { defaultValues: { loginPassword: '', code: '' } });
  const problem = form.formState.errors.root?.message;
  const showProblem = (message: string) => form.setError('root', { message });

  function requestCode(): void {
    if (!countdown.claimSend()) return;
    form.clearErrors('root');
    sendCode.mutate(undefined, {
      onSuccess: ({ expiredMinutes }) => countdown.start(expiredMinutes),
      onError: (error) => showProblem(errorText(error)),
    });
  }

  const confirm = form.handleSubmit(({ loginPassword, code }) => {
    create.mutate(
      {
        bankCardId: draft.card.id,
        amount: draft.amount,
        paymentPassword: draft.paymentPassword,
        requestId,
        ...(needsReauth && reauthBy === 'password' ? { loginPassword } : {}),
        ...(needsReauth && reauthBy === 'sms' ? { verificationCode: code } : {}),
      },
      {
        onSuccess: (w) => onDone(t('withdraw.done', { amount: money(w.amount, w.currency) })),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'reauth_required') setNeedsReauth(true);
          showProblem(errorText(error));
        },
      },
    );
  });

  return (
    <ModalDialog title={t('confirm.title')} onClose={onClose} size="small">
      <form className="form mm-confirm" noValidate onSubmit={(event) => void confirm(event)}>
        <dl className="mm-details">
          <div className="mm-details__row">
            <dt>{t('confirm.card')}</dt>
            <dd>
              {draft.card.bankName} {draft.card.maskedAccountNumber}
            </dd>
          </div>
          <div className="mm-details__row">
            <dt>{t('confirm.amount')}</dt>
            <dd>{money(draft.amount, c)}</dd>
          </div>
          <div className="mm-details__row">
            <dt>{t('confirm.fee')}</dt>
            <dd>{money(fee, c)}</dd>
          </div>
          <div className="mm-details__row mm-details__row--key">
            <dt>{t('confirm.net')}</dt>
            <dd>{money(Math.max(0, draft.amount - fee), c)}</dd>
          </div>
        </dl>
        {needsReauth && (
          <fieldset className="mm-reauth">
            <legend className="mm-legend">{t('reauth.title')}</legend>
            <p className="mc-note">{t('reauth.text')}</p>
            <div className="mm-segments">
              <label>
                <input type="radio" name="reauth" checked={reauthBy === 'password'} onChange={() => setReauthBy('password')} />{' '}
                {t('reauth.byPassword')}
              </label>
              <label>
                <input type="radio" name="reauth" checked={reauthBy === 'sms'} onChange={() => setReauthBy('sms')} /> {t('reauth.bySms')}
              </label>
            </div>
            {reauthBy === 'password' ? (
              <FormFieldControl
                control={form.control}
                name="loginPassword"
                label={t('reauth.loginPassword')}
                type="password"
                autoComplete="current-password"
                isRequired
              />
            ) : (
              <FormFieldControl
                control={form.control}
                name="code"
                label={t('reauth.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                isRequired
                addon={
                  <button type="button" className="button" disabled={sendCode.isPending || countdown.isCounting} onClick={requestCode}>
                    {countdown.isCounting ? t('reauth.resendIn', { seconds: countdown.remaining }) : t('reauth.sendCode')}
                  </button>
                }
              />
            )}
          </fieldset>
        )}
        {problem && (
          <p className="form__error" role="alert">
            {problem}
          </p>
        )}
        <div className="mc-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('confirm.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? t('working') : t('confirm.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
