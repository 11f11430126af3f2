import type { ContractTierInput, OfferContractRequest } from '@platform/contracts/agents/agent-contracts';
import { CONTRACT_TIERS_MAX, type ContractKind, RATE_BASIS_POINTS_MAX } from '@platform/contracts/agents/contract-tiers';
import { currencyScale } from '@platform/contracts/money-format';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { parseAmountInput } from '../../../lib/money-format.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useContractAction } from '../api/agent-contracts-api.ts';
import { useAgentContractsTranslation } from '../i18n/register-translations.ts';
import { LOWER_RATE_CONFIRM } from './my-contract.tsx';

type TierText = { minBet: string; minActiveMembers: string; minNetLoss: string; rate: string; lossRate: string };

/** A threshold typed in major units: 0 (or nothing) is no threshold. */
function thresholdOf(text: string, currency: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || /^0+([.,]0*)?$/.test(trimmed)) return 0;
  return parseAmountInput(trimmed, currency);
}

/** A percentage with at most two decimals, as basis points (0.5 → 50). */
function basisPointsOf(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value <= RATE_BASIS_POINTS_MAX ? value : null;
}

function majorText(minor: number, currency: string): string {
  return String(minor / 10 ** currencyScale(currency));
}

function tierText(tier: ContractTierInput, currency: string): TierText {
  return {
    minBet: majorText(tier.minBet, currency),
    minActiveMembers: String(tier.minActiveMembers),
    minNetLoss: majorText(tier.minNetLoss, currency),
    rate: String(tier.rateBasisPoints / 100),
    lossRate: String((tier.lossRateBasisPoints ?? 0) / 100),
  };
}

const EMPTY_TIER: TierText = { minBet: '0', minActiveMembers: '0', minNetLoss: '0', rate: '', lossRate: '' };

/**
 * The offer to a direct downline agent: a tiers editor (thresholds and rates of the kind), filled
 * in with the agent's own terms, the most it may offer. The server checks the tiers grow and are no
 * better than the agent's own, and answers a sentence; when the offer is lower than a contract
 * below the downline, its sentence asks, and "offer anyway" sends it again with `confirm`.
 */
export function OfferForm({
  kind,
  holderUsername,
  currency,
  ownTiers,
  onDone,
  onCancel,
}: {
  kind: ContractKind;
  holderUsername: string;
  currency: string;
  ownTiers: readonly ContractTierInput[];
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useAgentContractsTranslation();
  const action = useContractAction(kind);
  const [asked, setAsked] = useState<OfferContractRequest | null>(null);
  const schema = z.object({
    tiers: z
      .array(z.object({ minBet: z.string(), minActiveMembers: z.string(), minNetLoss: z.string(), rate: z.string(), lossRate: z.string() }))
      .min(1)
      .max(CONTRACT_TIERS_MAX)
      .transform((tiers, ctx): ContractTierInput[] =>
        tiers.map((tier, index) => {
          const issue = (field: keyof TierText, message: string) => ctx.addIssue({ code: 'custom', path: [index, field], message });
          const minBet = thresholdOf(tier.minBet, currency);
          const members = /^\d{1,7}$/.test(tier.minActiveMembers.trim()) ? Number(tier.minActiveMembers.trim()) : null;
          const minNetLoss = kind === 'dividend' ? thresholdOf(tier.minNetLoss, currency) : 0;
          const rate = basisPointsOf(tier.rate);
          const lossRate = kind === 'realtimeSalary' ? basisPointsOf(tier.lossRate) : 0;
          if (minBet === null) issue('minBet', t('offer.amountInvalid'));
          if (members === null) issue('minActiveMembers', t('offer.countInvalid'));
          if (minNetLoss === null) issue('minNetLoss', t('offer.amountInvalid'));
          if (rate === null) issue('rate', t('offer.rateInvalid'));
          if (lossRate === null) issue('lossRate', t('offer.rateInvalid'));
          return {
            minBet: minBet ?? 0,
            minActiveMembers: members ?? 0,
            minNetLoss: minNetLoss ?? 0,
            rateBasisPoints: rate ?? 0,
            ...(kind === 'realtimeSalary' ? { lossRateBasisPoints: lossRate ?? 0 } : {}),
          };
        }),
      ),
  });
  const form = useZodForm(schema, {
    defaultValues: { tiers: ownTiers.length > 0 ? ownTiers.map((tier) => tierText(tier, currency)) : [EMPTY_TIER] },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  // A changed offer is a new question: the server's last answer (and its confirmation) no longer holds.
  const { reset } = action;
  useEffect(() => {
    const watching = form.watch(() => reset());
    return () => watching.unsubscribe();
  }, [form, reset]);

  const send = (body: OfferContractRequest) => {
    setAsked(body);
    action.mutate({ action: 'offer', body }, { onSuccess: () => onDone(t('offer.sent', { name: holderUsername })) });
  };
  const submit = form.handleSubmit((values) => send({ kind, holderUsername, tiers: values.tiers, confirm: false }));
  const needsConfirm = action.error instanceof ApiError && action.error.code === LOWER_RATE_CONFIRM && asked !== null;

  return (
    <form
      className="form ac-offer"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('offer.title', { name: holderUsername })}
    >
      <h4 className="ac-offer__title">{t('offer.title', { name: holderUsername })}</h4>
      <p className="ac-note">{t('offer.intro')}</p>
      {tiers.fields.map((field, index) => (
        <fieldset key={field.id} className="ac-tier" data-tier={index + 1}>
          <legend>{t('offer.tier', { n: index + 1 })}</legend>
          <div className="ac-tier__fields">
            <FormFieldControl
              control={form.control}
              name={`tiers.${index}.minBet`}
              label={t('offer.minBet', { currency })}
              inputMode="decimal"
            />
            <FormFieldControl
              control={form.control}
              name={`tiers.${index}.minActiveMembers`}
              label={t('offer.minActiveMembers')}
              inputMode="numeric"
            />
            {kind === 'dividend' && (
              <FormFieldControl
                control={form.control}
                name={`tiers.${index}.minNetLoss`}
                label={t('offer.minNetLoss', { currency })}
                inputMode="decimal"
              />
            )}
            <FormFieldControl
              control={form.control}
              name={`tiers.${index}.rate`}
              label={kind === 'realtimeSalary' ? t('offer.profitRate') : t('offer.rate')}
              inputMode="decimal"
              isRequired
            />
            {kind === 'realtimeSalary' && (
              <FormFieldControl
                control={form.control}
                name={`tiers.${index}.lossRate`}
                label={t('offer.lossRate')}
                inputMode="decimal"
                isRequired
              />
            )}
          </div>
          {tiers.fields.length > 1 && (
            <div className="mc-actions">
              <button type="button" className="button button--ghost" onClick={() => tiers.remove(index)}>
                {t('offer.removeTier', { n: index + 1 })}
              </button>
            </div>
          )}
        </fieldset>
      ))}
      {tiers.fields.length < CONTRACT_TIERS_MAX && (
        <div className="mc-actions">
          <button type="button" className="button" onClick={() => tiers.append(EMPTY_TIER)}>
            {t('offer.addTier')}
          </button>
        </div>
      )}
      {action.error && (
        <p className="form__error" role="alert">
          {errorText(action.error)}
        </p>
      )}
      <div className="mc-actions">
        {needsConfirm ? (
          <button
            type="button"
            className="button button--primary"
            disabled={action.isPending}
            onClick={() => send({ ...asked, confirm: true })}
          >
            {action.isPending ? t('working') : t('offer.confirm')}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={action.isPending}>
            {action.isPending ? t('working') : t('offer.submit')}
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
