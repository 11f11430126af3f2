import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmsCountdown } from '../../../hooks/use-sms-countdown.ts';
import { errorText } from '../../../lib/api-client.ts';

type SmsSendButtonProps = {
  /** Checks the number first; returns null to cancel with the form showing why. */
  send: () => Promise<{ expiredMinutes: number }> | null;
  onError: (message: string) => void;
  /** A code went out: the form clears what an earlier send (or a missing number) left on screen. */
  onSent: () => void;
};

/** Sends a code and counts down until another may be asked for. */
export function SmsSendButton({ send, onError, onSent }: SmsSendButtonProps) {
  const { t } = useTranslation();
  const countdown = useSmsCountdown();
  const [isSending, setSending] = useState(false);
  return (
    <button
      type="button"
      className="button button--ghost form-field__addon"
      disabled={countdown.isCounting || isSending}
      onClick={async () => {
        if (!countdown.claimSend()) return;
        const pending = send();
        if (!pending) return;
        setSending(true);
        try {
          const { expiredMinutes } = await pending;
          countdown.start(expiredMinutes);
          onSent();
        } catch (error) {
          onError(errorText(error));
        } finally {
          setSending(false);
        }
      }}
    >
      {countdown.isCounting ? t('auth.resendIn', { seconds: countdown.remaining }) : t('auth.sendCode')}
    </button>
  );
}
