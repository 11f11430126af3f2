import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { customerServiceEn } from './en.ts';
import { customerServiceVi } from './vi.ts';

/** Customer service's texts, in their own namespace; English fills in for other languages. */
const CUSTOMER_SERVICE_NS = 'customerService';

function registerCustomerServiceTranslations(): void {
  if (!i18next.hasResourceBundle('vi', CUSTOMER_SERVICE_NS)) i18next.addResourceBundle('vi', CUSTOMER_SERVICE_NS, customerServiceVi);
  if (!i18next.hasResourceBundle('en', CUSTOMER_SERVICE_NS)) i18next.addResourceBundle('en', CUSTOMER_SERVICE_NS, customerServiceEn);
}

export function useCustomerServiceTranslation() {
  registerCustomerServiceTranslations();
  return useTranslation(CUSTOMER_SERVICE_NS);
}
