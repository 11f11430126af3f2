import { useEffect } from 'react';
import { LotteryPage } from '../features/lottery/components/lottery-page.tsx';
import { useLotteryTranslation } from '../features/lottery/i18n/register-translations.ts';

/** `/lottery`: the Vietnamese lottery and the fast e-lottery (vendor TCG_LOTTO_VN). */
export function LotteryRoutePage() {
  const { t } = useLotteryTranslation();
  useEffect(() => {
    document.title = `${t('title')} · Lotus`;
  }, [t]);
  return <LotteryPage />;
}
