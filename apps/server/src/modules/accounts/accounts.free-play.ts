import { randomBytes } from 'node:crypto';
import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import type { SessionValues } from '@platform/contracts/accounts';
import { DomainError } from '../../lib/domain-error.ts';
import { whitelabelSetting } from '../system/system.settings.ts';
import { presentSessionValues } from './accounts.presenter.ts';
import * as repo from './accounts.repository.ts';
import { freePlaySetting } from './accounts.settings.ts';
import { type AccountsDeps, labelsReaderOf, type RequestMeta, toUplineReaderOf } from './accounts.shared.ts';
import { writeAccountAudit } from './accounts-audit.ts';
import { placeNewMember } from './downline.service.ts';

/** Free play: a trial account with play money and its session, made in one step. */
export function createFreePlay(deps: AccountsDeps) {
  const { db, settings, merchants, sessions, ledger, now } = deps;
  const labelsOf = labelsReaderOf(deps);

  /**
   * Free play (FREEPLAY3): a new trial account (type 4) with play money, and its session. Trial
   * accounts have no password, cannot log in again and are refused real-account actions by the
   * guards. Their money comes from the play_money system account, never from real money's accounts.
   */
  async function freePlayLogin(input: { os?: string | undefined; random?: string | undefined }, meta: RequestMeta): Promise<SessionValues> {
    const merchant = await merchants.current();
    const flags = await settings.get(merchant.id, whitelabelSetting);
    if (!flags.FREEPLAY3) throw new DomainError('freeplay_disabled');
    const username = `trial${randomBytes(6).toString('hex')}`;
    // Read before the transaction: inside it, only `trx` may touch the database.
    const { playMoneyMinor } = await settings.get(merchant.id, freePlaySetting);
    const memberId = await db.transaction().execute(async (trx) => {
      const parent = await placeNewMember(trx, {
        merchantId: merchant.id,
        parentId: null,
        accountType: ACCOUNT_TYPE.trial,
        opener: { kind: 'free-play' },
      });
      const created = await repo.insertMember(trx, {
        merchantId: merchant.id,
        username,
        accountType: ACCOUNT_TYPE.trial,
        parent,
        nickname: null,
        payeeName: null,
        mobileNum: null,
        email: null,
        currency: merchant.currency,
        passwordHash: null,
        paymentPasswordHash: null,
      });
      await repo.recordLogin(trx, created.id, now(), meta.ip);
      if (playMoneyMinor > 0) {
        const source = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'play_money', currency: merchant.currency }, trx);
        const wallets = await ledger.ensureMemberAccounts(
          { merchantId: merchant.id, memberId: created.id, currency: merchant.currency },
          trx,
        );
        const main = wallets.player_main;
        if (!main) throw new Error('trial main wallet missing after creation');
        await ledger.transfer(
          {
            fromAccountId: source.id,
            toAccountId: main.id,
            amount: playMoneyMinor,
            code: 'trial_credit',
            idempotencyKey: `trial-credit:${created.id}`,
          },
          trx,
        );
      }
      await writeAccountAudit(trx, {
        action: 'member.trial_created',
        actorType: 'visitor',
        actorId: null,
        subjectId: created.id,
        data: { os: input.os ?? null, random: input.random ?? null },
        ip: meta.ip,
      });
      return created.id;
    });
    const row = await repo.findById(db, memberId);
    if (!row) throw new Error('trial account vanished after insert');
    const session = await sessions.create(memberId, meta);
    return presentSessionValues(session.token, merchant, row, await labelsOf(memberId), await toUplineReaderOf(deps)(memberId));
  }

  return { freePlayLogin };
}
