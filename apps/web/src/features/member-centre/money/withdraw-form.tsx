import { type BankCardValue, withdrawalFeeOf } from '@platform/contracts/withdrawals';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useSmsCountdown } from '../../auth/hooks/use-sms-countdown.ts';
import { useBankCards } from '../api/bank-cards.ts';
import { useCreateWithdrawal, useSendWithdrawalCode, useWithdrawalRules, type WithdrawalRules } from '../api/withdrawals.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { MONEY_NS } from '../i18n/register-translations.ts';
import { SectionCard } from '../security/section-card.tsx';
import { parseAmountInput, useMoneyFormat } from './money-format.ts';
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
      {body}
    </SectionCard>
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
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; password?: string }>({});
  const [draft, setDraft] = useState<Draft | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const c = rules.currency;
  const card = cards.find((x) => x.id === cardId) ?? cards[0];

  function submit(event: FormEvent): void {
    event.preventDefault();
    setDone(null);
    const amount = parseAmountInput(text, c);
    const next: { amount?: string; password?: string } = {};
    if (text.trim() === '') next.amount = t('amount.required');
    else if (amount === null) next.amount = t('amount.invalid');
    else if (amount < rules.minAmount) next.amount = t('amount.tooSmall', { min: money(rules.minAmount, c) });
    else if (amount > rules.maxAmount) next.amount = t('amount.tooLarge', { max: money(rules.maxAmount, c) });
    else if (amount > rules.availableBalance) next.amount = t('amount.overBalance', { balance: money(rules.availableBalance, c) });
    if (password === '') next.password = t('withdraw.passwordRequired');
    setErrors(next);
    if (next.amount || next.password || amount === null || !card) return;
    setDraft({ card, amount, paymentPassword: password });
  }

  return (
    <>
      <form className="form mm-form" noValidate onSubmit={submit}>
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
        <FormField
          label={t('amount.label', { currency: c })}
          value={text}
          onValueChange={setText}
          inputMode="decimal"
          autoComplete="off"
          isRequired
          error={errors.amount ?? null}
        />
        <FormField
          label={t('withdraw.paymentPassword')}
          type="password"
          value={password}
          onValueChange={setPassword}
          inputMode="numeric"
          autoComplete="off"
          isRequired
          error={errors.password ?? null}
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
            setText('');
            setPassword('');
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
  const [loginPassword, setLoginPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const c = rules.currency;
  const fee = withdrawalFee(rules, draft.amount);

  function requestCode(): void {
    if (!countdown.claimSend()) return;
    setProblem(null);
    sendCode.mutate(undefined, {
      onSuccess: ({ expiredMinutes }) => countdown.start(expiredMinutes),
      onError: (error) => setProblem(errorText(error)),
    });
  }

  function confirm(event: FormEvent): void {
    event.preventDefault();
    setProblem(null);
    if (needsReauth && reauthBy === 'password' && loginPassword === '') {
      setProblem(t('reauth.passwordRequired'));
      return;
    }
    if (needsReauth && reauthBy === 'sms' && code.trim() === '') {
      setProblem(t('reauth.codeRequired'));
      return;
    }
    create.mutate(
      {
        bankCardId: draft.card.id,
        amount: draft.amount,
        paymentPassword: draft.paymentPassword,
        ...(needsReauth && reauthBy === 'password' ? { loginPassword } : {}),
        ...(needsReauth && reauthBy === 'sms' ? { verificationCode: code.trim() } : {}),
      },
      {
        onSuccess: (w) => onDone(t('withdraw.done', { amount: money(w.amount, w.currency) })),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'reauth_required') setNeedsReauth(true);
          setProblem(errorText(error));
        },
      },
    );
  }

  return (
    <ModalDialog title={t('confirm.title')} onClose={onClose} size="small">
      <form className="form mm-confirm" noValidate onSubmit={confirm}>
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
              <FormField
                label={t('reauth.loginPassword')}
                type="password"
                value={loginPassword}
                onValueChange={setLoginPassword}
                autoComplete="current-password"
                isRequired
              />
            ) : (
              <FormField
                label={t('reauth.code')}
                value={code}
                onValueChange={setCode}
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
