import type { BankCardValue } from '@platform/contracts/withdrawals';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { addFormIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useBankCards, useBanks, useBindBankCard, useRemoveBankCard } from '../api/bank-cards.ts';

/** The member's bank cards (last four digits), binding a new one up to the operator's limit, and removal. */
export function BankCardsSection() {
  const { t } = useTranslation(MONEY_NS);
  const cards = useBankCards();
  let body = <LoadingState />;
  if (cards.error) body = <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />;
  else if (cards.data) {
    const { list, cardsMax, payeeName } = cards.data;
    body = (
      <>
        {list.length === 0 ? (
          <p className="mc-note">{t('cards.empty')}</p>
        ) : (
          <ul className="mm-cards" data-testid="bank-cards">
            {list.map((card) => (
              <CardRow key={card.id} card={card} />
            ))}
          </ul>
        )}
        <p className="mc-note">{t('cards.limit', { count: list.length, max: cardsMax })}</p>
        {list.length < cardsMax ? <BindForm payeeName={payeeName} /> : <p className="mm-notice">{t('cards.full')}</p>}
      </>
    );
  }
  return <SectionCard title={t('cards.title')}>{body}</SectionCard>;
}

function CardRow({ card }: { card: BankCardValue }) {
  const { t } = useTranslation(MONEY_NS);
  const remove = useRemoveBankCard();
  const [isAsking, setAsking] = useState(false);
  return (
    <li className="mm-card">
      <div className="mm-card__main">
        <span className="mm-card__bank">{card.bankName}</span>
        <span className="mm-card__number">{card.maskedAccountNumber}</span>
        <span className="mc-note">
          {card.accountName} · {t('cards.added', { time: formatDateTime(card.createdAt) })}
        </span>
      </div>
      <span className={`mc-pill${card.isVerified ? ' mc-pill--on' : ''}`}>{card.isVerified ? t('cards.verified') : t('cards.new')}</span>
      {isAsking ? (
        <span className="mc-actions">
          <button type="button" className="button button--primary" disabled={remove.isPending} onClick={() => remove.mutate(card.id)}>
            {t('cards.removeConfirm')}
          </button>
          <button type="button" className="button" onClick={() => setAsking(false)}>
            {t('confirm.cancel')}
          </button>
        </span>
      ) : (
        <button type="button" className="button" onClick={() => setAsking(true)}>
          {t('cards.remove')}
        </button>
      )}
      {remove.error && (
        <p className="form__error mm-card__error" role="alert">
          {errorText(remove.error)}
        </p>
      )}
    </li>
  );
}

function BindForm({ payeeName }: { payeeName: string | null }) {
  const { t } = useTranslation(MONEY_NS);
  const [isOpen, setOpen] = useState(false);
  const banks = useBanks(isOpen);
  const bind = useBindBankCard();
  const selectId = useId();
  const [done, setDone] = useState<string | null>(null);
  // One message above the buttons when anything is missing; the name and number are sent trimmed.
  const schema = z
    .object({ bankCode: z.string(), accountName: z.string().trim(), accountNumber: z.string().trim() })
    .superRefine((values, ctx) => {
      if (values.bankCode === '' || values.accountName === '' || values.accountNumber === '') addFormIssue(ctx, t('cards.allRequired'));
    });
  const form = useZodForm(schema, { defaultValues: { bankCode: '', accountName: payeeName ?? '', accountNumber: '' } });
  const problem = form.formState.errors.root?.message;

  if (!isOpen) {
    return (
      <div className="mc-actions">
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          {t('cards.add')}
        </button>
        {done && (
          <p className="mc-success" role="status">
            {done}
          </p>
        )}
      </div>
    );
  }

  const submit = form.handleSubmit((request) => {
    bind.mutate(request, {
      onSuccess: (card) => {
        form.setValue('accountNumber', '');
        setOpen(false);
        setDone(t('cards.bound', { bank: card.bankName, number: card.maskedAccountNumber }));
      },
      onError: (error) => form.setError('root', { message: errorText(error) }),
    });
  });

  return (
    <form className="form mc-narrow" noValidate onSubmit={(event) => void submit(event)} aria-label={t('cards.add')}>
      {banks.error ? (
        <ErrorState error={banks.error} onRetry={() => void banks.refetch()} />
      ) : (
        <div className="form-field">
          <div className="form-field__label-row">
            <label className="form-field__label" htmlFor={selectId}>
              {t('cards.bank')}
            </label>
            <span className="form-field__required" aria-hidden="true">
              *
            </span>
          </div>
          <select id={selectId} className="form-field__input" aria-required disabled={!banks.data} {...form.register('bankCode')}>
            <option value="">{banks.data ? t('cards.chooseBank') : t('loading')}</option>
            {banks.data?.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <FormFieldControl
        control={form.control}
        name="accountName"
        label={t('cards.accountName')}
        autoComplete="name"
        hint={t('cards.accountNameHint')}
        isRequired
        readOnly={payeeName !== null}
      />
      <FormFieldControl
        control={form.control}
        name="accountNumber"
        label={t('cards.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        isRequired
      />
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="mc-actions">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          {t('confirm.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={bind.isPending}>
          {bind.isPending ? t('working') : t('cards.bind')}
        </button>
      </div>
    </form>
  );
}
