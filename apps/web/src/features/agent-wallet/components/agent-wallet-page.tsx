import { AGENT_WALLET_MOVE_DIRECTIONS, type AgentWalletMoveDirection } from '@platform/contracts/agents/agent-network';
import { amountMinor } from '@platform/contracts/money-format';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { errorText } from '../../../lib/api-client.ts';
import { parseAmountInput, useMoneyFormat } from '../../../lib/money-format.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useAgentWallet, useAgentWalletMove } from '../api/agent-wallet-api.ts';
import { AGENT_WALLET_NS } from '../i18n/register-translations.ts';
import './agent-wallet.css';

/**
 * The agent wallet page of the agent centre: the main and agent wallet balances, and moves between
 * them either way. Downline transfers are paid from the agent wallet, and the page says so.
 */
export function AgentWalletPage() {
  const { t } = useTranslation(AGENT_WALLET_NS);
  const wallet = useAgentWallet();
  const money = useMoneyFormat();
  let body = <LoadingState />;
  if (wallet.error) body = <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />;
  else if (wallet.data) {
    const w = wallet.data;
    body = (
      <dl className="aw-balances">
        <div className="aw-balances__item" data-wallet="main">
          <dt>{t('main')}</dt>
          <dd>{money(w.mainBalance, w.currency)}</dd>
        </div>
        <div className="aw-balances__item" data-wallet="agent">
          <dt>{t('agent')}</dt>
          <dd>{money(w.agentBalance, w.currency)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <div className="mc-sections">
      <SectionCard
        title={t('balances')}
        aside={
          <button type="button" className="button" disabled={wallet.isFetching} onClick={() => void wallet.refetch()}>
            {t('refresh')}
          </button>
        }
      >
        {body}
        <p className="mc-note">{t('mainHint')}</p>
        <p className="mc-note" data-testid="agent-wallet-downline-note">
          {t('agentHint')}
        </p>
      </SectionCard>
      {wallet.data && (
        <SectionCard title={t('moveTitle')}>
          <MoveForm currency={wallet.data.currency} mainBalance={wallet.data.mainBalance} agentBalance={wallet.data.agentBalance} />
        </SectionCard>
      )}
    </div>
  );
}

function MoveForm({ currency, mainBalance, agentBalance }: { currency: string; mainBalance: number; agentBalance: number }) {
  const { t } = useTranslation(AGENT_WALLET_NS);
  const move = useAgentWalletMove();
  const { requestId, settle } = useRequestId();
  const [done, setDone] = useState<string | null>(null);
  const schema = z.object({ amount: z.string(), direction: z.enum(AGENT_WALLET_MOVE_DIRECTIONS) }).transform((values, ctx) => {
    const minor = parseAmountInput(values.amount, currency);
    if (minor === null) {
      addFieldIssue(ctx, 'amount', t('amountInvalid'));
      return z.NEVER;
    }
    const available = values.direction === 'toAgent' ? mainBalance : agentBalance;
    if (minor > available) {
      addFieldIssue(ctx, 'amount', t(values.direction === 'toAgent' ? 'overMain' : 'overAgent'));
      return z.NEVER;
    }
    return { amount: minor, direction: values.direction };
  });
  const form = useZodForm(schema, { defaultValues: { amount: '', direction: 'toAgent' } });

  const submit = form.handleSubmit(({ amount, direction }) => {
    move.mutate(
      { amount: amountMinor(amount), direction, requestId },
      {
        onSuccess: (result) => {
          setDone(result.message);
          form.reset({ amount: '', direction: 'toAgent' });
          settle();
        },
        onError: settle,
      },
    );
  });

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    // Which button sent the form picks the direction; Enter in the amount field moves to the agent wallet.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    const direction = (submitter?.dataset.direction as AgentWalletMoveDirection | undefined) ?? 'toAgent';
    form.setValue('direction', direction);
    setDone(null);
    void submit(event);
  }

  return (
    <form className="form mc-narrow" noValidate onSubmit={onSubmit}>
      <FormFieldControl control={form.control} name="amount" label={t('amount', { currency })} inputMode="decimal" isRequired />
      {move.error && (
        <p className="form__error" role="alert">
          {errorText(move.error)}
        </p>
      )}
      {done && (
        <p className="mc-success" role="status">
          {done}
        </p>
      )}
      <div className="mc-actions">
        <button type="submit" className="button button--primary" data-direction="toAgent" disabled={move.isPending}>
          {move.isPending ? t('working') : t('toAgent')}
        </button>
        <button type="submit" className="button" data-direction="toMain" disabled={move.isPending}>
          {move.isPending ? t('working') : t('toMain')}
        </button>
      </div>
    </form>
  );
}
