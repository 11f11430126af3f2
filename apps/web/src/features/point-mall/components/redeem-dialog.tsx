import type { MallItem, MallOrderStatusName } from '@platform/contracts/points';
import { MALL_ADDRESS_LENGTH_MAX } from '@platform/contracts/points';
import { PAYMENT_PASSWORD_LENGTH_MAX } from '@platform/contracts/transfers';
import { useState } from 'react';
import { z } from 'zod';
import { useMemberInfo } from '../../../api/get-member-info.ts';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useMemberCentreNavigation } from '../../../state/use-member-centre-navigation.ts';
import { useRedeem } from '../api/point-mall-api.ts';
import { usePointMallTranslation } from '../i18n/register-translations.ts';

const MOBILE_PATTERN = /^\+?[0-9 ]{6,20}$/;

/**
 * Redeeming one item: the quantity, the withdrawal password, and for a gift where and to whom it is
 * delivered. The server checks the password, the stock, the member's limit and the points; its
 * sentence is shown as it is. A double tap sends the same request id, so the item is taken once.
 */
export function RedeemDialog({
  item,
  balance,
  currency,
  quantityMax,
  onClose,
  onRedeemed,
}: {
  item: MallItem;
  balance: number;
  currency: string | null;
  quantityMax: number;
  onClose: () => void;
  onRedeemed: (status: MallOrderStatusName) => void;
}) {
  const { t, i18n } = usePointMallTranslation();
  const money = useMoneyFormat();
  const redeem = useRedeem();
  const { requestId, settle } = useRequestId();
  const [done, setDone] = useState<string | null>(null);
  const memberInfo = useMemberInfo();
  const { openPage } = useMemberCentreNavigation();
  const number = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB');
  const isGift = item.kind === 'gift';

  const schema = z
    .object({ quantity: z.string(), password: z.string().max(PAYMENT_PASSWORD_LENGTH_MAX), address: z.string(), mobile: z.string() })
    .transform((values, ctx) => {
      const quantity = /^\d+$/.test(values.quantity.trim()) ? Number(values.quantity.trim()) : Number.NaN;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > quantityMax)
        addFieldIssue(ctx, 'quantity', t('redeem.quantityInvalid', { max: quantityMax }));
      if (values.password === '') addFieldIssue(ctx, 'password', t('redeem.passwordRequired'));
      const address = values.address.trim();
      const mobile = values.mobile.trim();
      if (isGift && address === '') addFieldIssue(ctx, 'address', t('redeem.addressRequired'));
      if (isGift && !MOBILE_PATTERN.test(mobile)) addFieldIssue(ctx, 'mobile', t('redeem.mobileInvalid'));
      return { quantity, paymentPassword: values.password, ...(isGift ? { address, mobile } : {}) };
    });
  const form = useZodForm(schema, { defaultValues: { quantity: '1', password: '', address: '', mobile: '' } });
  const quantityText = form.watch('quantity');
  const quantity = /^\d+$/.test(quantityText.trim()) ? Number(quantityText.trim()) : 1;
  const needed = item.pointsCost * Math.max(1, quantity);

  const submit = form.handleSubmit((values) => {
    setDone(null);
    redeem.mutate(
      { ...values, itemId: item.id, requestId, kind: item.kind },
      {
        onSuccess: (result) => {
          settle();
          const no = result.record.transactionNo;
          setDone(isGift ? t('redeem.doneGift', { no }) : item.hasWagering ? t('redeem.doneBonus', { no }) : t('redeem.doneGame', { no }));
          onRedeemed(result.record.status);
        },
        onError: (error) => settle(error),
      },
    );
  });

  return (
    <ModalDialog title={t('redeem.title', { name: item.name })} onClose={onClose} size="small">
      {done ? (
        <div className="pm-done">
          <p className="pm-success" role="status" data-testid="redeem-done">
            {done}
          </p>
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            {t('redeem.close')}
          </button>
        </div>
      ) : (
        <form className="form pm-form" noValidate onSubmit={(event) => void submit(event)} data-testid="redeem-form">
          <FormFieldControl control={form.control} name="quantity" label={t('redeem.quantity')} inputMode="numeric" isRequired />
          <p className={`pm-form__total${needed > balance ? ' pm-form__total--short' : ''}`}>
            {t('redeem.total', { points: number.format(needed) })}
            {item.cashAmount !== null && (
              <>
                {' · '}
                {t('redeem.totalCash', { amount: money(item.cashAmount * Math.max(1, quantity), currency ?? item.currency) })}
              </>
            )}
          </p>
          {isGift && (
            <>
              <FormFieldControl
                control={form.control}
                name="address"
                label={t('redeem.address')}
                maxLength={MALL_ADDRESS_LENGTH_MAX}
                autoComplete="street-address"
                isRequired
              />
              <FormFieldControl
                control={form.control}
                name="mobile"
                label={t('redeem.mobile')}
                inputMode="tel"
                autoComplete="tel"
                isRequired
              />
            </>
          )}
          {memberInfo.data?.hasPaymentPassword === false ? (
            <div className="pm-form__notice" role="note">
              <p>{t('redeem.noPassword')}</p>
              <button type="button" className="button" onClick={() => openPage('securityCenter')}>
                {t('redeem.setPassword')}
              </button>
            </div>
          ) : (
            <FormFieldControl
              control={form.control}
              name="password"
              label={t('redeem.password')}
              type="password"
              autoComplete="off"
              maxLength={PAYMENT_PASSWORD_LENGTH_MAX}
              isRequired
            />
          )}
          {redeem.error && (
            <p className="form__error" role="alert">
              {errorText(redeem.error)}
            </p>
          )}
          <div className="pm-form__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('redeem.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={redeem.isPending || memberInfo.data?.hasPaymentPassword === false}
            >
              {t('redeem.submit')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
