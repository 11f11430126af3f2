import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { bankCardsRoutes } from './bank-cards.routes.ts';
import { type BankCardsService, createBankCardsService } from './bank-cards.service.ts';
import { bankCardPolicySetting } from './bank-cards.settings.ts';
import type { PaymentPasswordService } from './payment-password.service.ts';

/** The bank list, the member's bound cards, and the payment password calls. */
export function createBankCardsModule(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  now: () => Date;
  paymentPasswords: PaymentPasswordService;
  /** True while a withdrawal still being processed uses the card (the withdrawals module answers). */
  isCardInUse: (cardId: number, trx: Transaction<DB>) => Promise<boolean>;
}): PlatformModule<'bankCards', BankCardsService> {
  const bankCards = createBankCardsService(deps);
  return {
    name: 'bankCards',
    service: bankCards,
    routes: bankCardsRoutes({ bankCards, paymentPasswords: deps.paymentPasswords }),
    settings: [bankCardPolicySetting],
  };
}
