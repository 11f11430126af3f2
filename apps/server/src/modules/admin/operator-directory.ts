import * as repo from './admin.repository.ts';

/**
 * The admin module owns `admin_users`. Other modules' repositories that need an operator's merchant
 * join this sub-query (`id`, `merchant_id`) rather than the table (ADR 0013).
 */
export const operatorMerchants = repo.operatorMerchants;
