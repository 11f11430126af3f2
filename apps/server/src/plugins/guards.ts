import { isAgentAccountType, isTrialAccountType } from '@platform/contracts/account-types';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../lib/domain-error.ts';
import { accessGuard, noSessionError } from './auth.ts';

/**
 * Route guards by role (spec section 6). Each one implies a session: no session is 401 before any
 * role is looked at, so a visitor is always told to log in. They run before the body is validated
 * (plugins/request-edge.ts).
 */

/** A logged-in account that is not a trial account: deposits, withdrawals, chat and the like. */
export const requireRealAccount: preHandlerAsyncHookHandler = accessGuard(async (request) => {
  if (!request.principal) throw noSessionError(request);
  if (isTrialAccountType(request.principal.accountType)) throw new DomainError('in_need_true_account');
});

/** An agent (types 1, 2, 41, 42): the agent centre and transfers along the downline. */
export const requireAgent: preHandlerAsyncHookHandler = accessGuard(async (request) => {
  if (!request.principal) throw noSessionError(request);
  if (!isAgentAccountType(request.principal.accountType)) throw new DomainError('forbidden');
});

/** Only the listed account types; trial accounts get the real-account warning, others 403. */
export function requireAccountTypes(types: readonly number[]): preHandlerAsyncHookHandler {
  return accessGuard(async (request) => {
    if (!request.principal) throw noSessionError(request);
    const { accountType } = request.principal;
    if (types.includes(accountType)) return;
    throw new DomainError(isTrialAccountType(accountType) ? 'in_need_true_account' : 'forbidden');
  });
}
