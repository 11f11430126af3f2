import { randomBytes } from 'node:crypto';
import { isAgentAccountType } from '@platform/contracts/account-types';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { Principal } from '../session/session.service.ts';
import * as repo from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.shared.ts';

const AFFILIATE_CODE_ATTEMPTS = 5;

export type Affiliates = ReturnType<typeof createAffiliates>;

/** Agents' invitation (affiliate) codes: checked at registration, made on an agent's first request. */
export function createAffiliates(deps: Pick<AccountsDeps, 'db' | 'merchants'>) {
  const { db, merchants } = deps;

  async function resolveAffiliate(merchantId: number, code: string) {
    const found = await repo.findActiveAffiliate(db, merchantId, code);
    if (found?.status !== 'active' || !isAgentAccountType(found.accountType)) throw new DomainError('invitation_code_error');
    return found;
  }

  async function checkAffiliate(code: string): Promise<{ code: string; valid: true }> {
    const merchant = await merchants.current();
    const found = await resolveAffiliate(merchant.id, code);
    return { code: found.code, valid: true };
  }

  /**
   * The agent's invitation code, made on first request: eight letters and digits that are easy to
   * read aloud (no 0/O or 1/I). A clash with another agent's code just draws again.
   */
  async function agentAffiliateCode(principal: Principal): Promise<{ code: string }> {
    const existing = await repo.findAffiliateCodeOf(db, principal.memberId);
    if (existing) return { code: existing };
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    for (let attempt = 0; attempt < AFFILIATE_CODE_ATTEMPTS; attempt++) {
      const code = Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
      try {
        await db.transaction().execute(async (trx) => {
          // Serialises two first requests of one agent, so it ends with one code, not two.
          await repo.lockAffiliateCodesOf(trx, principal.memberId);
          if (await repo.findAffiliateCodeOf(trx, principal.memberId)) return;
          await repo.insertAffiliateCode(trx, { merchantId: principal.merchantId, memberId: principal.memberId, code });
        });
        const stored = await repo.findAffiliateCodeOf(db, principal.memberId);
        if (stored) return { code: stored };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new DomainError('conflict', 'could not draw a free invitation code');
  }

  return { resolveAffiliate, checkAffiliate, agentAffiliateCode };
}
