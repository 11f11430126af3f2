import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type TransferMember, TransferOutcomeUnknown, type TransferVendorAdapter } from './transfer-adapter.ts';
import type { IntegrationService } from './vendor-wallet.integrations.ts';
import * as repo from './vendor-wallet.repository.ts';
import type { VendorTransferDirection, VendorTransferStatus } from './vendor-wallet.tables.ts';

export const TRANSFER_RECHECK_JOB_NAME = 'vendor-transfer-recheck';
export const TRANSFER_SWEEP_JOB_NAME = 'vendor-transfer-sweep';
export const TRANSFER_SWEEP_CRON = '* * * * *';
/** A pending transfer is first re-checked this long after it was sent, past any request in flight. */
export const TRANSFER_RECHECK_DELAY_SECONDS = 15;
/** The sweep re-checks pending transfers older than this (those whose keyed job was lost). */
export const TRANSFER_SWEEP_AGE_SECONDS = 60;
export const TRANSFER_SWEEP_BATCH_SIZE = 100;
/** The main wallet in GCS_walletTransfer's from/to. */
export const MAIN_WALLET = 'MAIN';

export type TransferRequest = {
  memberId: number;
  merchantId: number;
  username: string;
  currency: string;
  fromWallet: string;
  toWallet: string;
  amount: number;
  requestId: string;
};

export type TransferView = {
  transferId: string;
  vendorCode: string;
  direction: VendorTransferDirection;
  amount: number;
  currency: string;
  status: VendorTransferStatus;
  createdAt: Date;
  settledAt: Date | null;
};

type Trx = Transaction<DB>;

function view(row: repo.WalletTransferRow): TransferView {
  return {
    transferId: row.transferId,
    vendorCode: row.vendorCode,
    direction: row.direction,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt,
    settledAt: row.settledAt,
  };
}

export function transferMemberOf(member: { memberId: number; username: string; currency: string }): TransferMember {
  return { playerId: member.username, username: member.username, currency: member.currency };
}

export type TransferWallets = ReturnType<typeof createTransferWallets>;

/**
 * Transfer-style vendor wallets. A move to the vendor reserves the stake-like amount from the main
 * wallet first, then asks the vendor; its answer posts the reservation to vendor_clearing or voids
 * it. A move back credits the main wallet from vendor_clearing once the vendor confirms. When the
 * vendor's answer is lost, the transfer stays pending and a job asks the vendor (`queryTransfer`)
 * and settles it exactly once.
 */
export function createTransferWallets(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  integrations: IntegrationService;
  adapterOf: (vendorCode: string) => Promise<TransferVendorAdapter | undefined>;
  jobs: JobRunner;
  logger: JobLogger;
  now: () => Date;
}) {
  const { db, ledger, integrations, jobs, logger, now } = deps;

  async function adapterOrThrow(vendorCode: string): Promise<TransferVendorAdapter> {
    const integration = await integrations.find(vendorCode);
    if (!integration?.isEnabled || integration.walletStyle !== 'transfer') throw new DomainError('not_found', `vendor ${vendorCode}`);
    const adapter = await deps.adapterOf(vendorCode);
    if (!adapter) throw new DomainError('not_found', `vendor ${vendorCode}`);
    return adapter;
  }

  async function mainAccountId(member: { merchantId: number; memberId: number; currency: string }, trx?: Trx): Promise<number> {
    const accounts = await ledger.ensureMemberAccounts({ ...member, kinds: ['player_main'] }, trx);
    const id = accounts.player_main?.id;
    if (id === undefined) throw new Error('main wallet missing after creation');
    return id;
  }

  async function clearingAccountId(row: { merchantId: number; currency: string }, trx: Trx): Promise<number> {
    return (await ledger.ensureSystemAccount({ merchantId: row.merchantId, kind: 'vendor_clearing', currency: row.currency }, trx)).id;
  }

  /** Settles a pending transfer once: the row is locked, and only a pending row changes. */
  async function complete(transferId: string, outcome: 'succeeded' | 'failed', reason: string | null): Promise<repo.WalletTransferRow> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.findTransferById(trx, transferId, { isForUpdate: true });
      if (!row) throw new Error(`transfer ${transferId} vanished`);
      if (row.status !== 'pending') return row;
      const at = now();
      if (row.direction === 'to_vendor') {
        if (row.reservationId === null) throw new Error(`transfer ${transferId} has no reservation`);
        if (outcome === 'succeeded') {
          await ledger.post(
            {
              reservationId: row.reservationId,
              toAccountId: await clearingAccountId(row, trx),
              code: 'vendor_transfer_out',
              idempotencyKey: `vendor-transfer:${transferId}:post`,
            },
            trx,
          );
        } else {
          await ledger.voidReservation({ reservationId: row.reservationId, idempotencyKey: `vendor-transfer:${transferId}:void` }, trx);
        }
      } else if (outcome === 'succeeded') {
        await ledger.transfer(
          {
            fromAccountId: await clearingAccountId(row, trx),
            toAccountId: await mainAccountId(row, trx),
            amount: row.amount,
            code: 'vendor_transfer_in',
            idempotencyKey: `vendor-transfer:${transferId}`,
            reference: { type: 'vendor_transfer', id: transferId },
          },
          trx,
        );
      }
      await repo.updateTransfer(trx, row.id, { status: outcome, settledAt: at, lastError: reason, at });
      await recordAudit(trx, {
        actorType: 'system',
        action: `vendor_transfer.${outcome}`,
        subjectType: 'vendor_transfer',
        subjectId: transferId,
        data: { memberId: row.memberId, vendorCode: row.vendorCode, direction: row.direction, amount: row.amount, reason },
      });
      return { ...row, status: outcome, settledAt: at, lastError: reason };
    });
  }

  async function scheduleRecheck(transferId: string): Promise<void> {
    if (!jobs.isStarted) return; // the sweep picks it up once jobs run
    try {
      await jobs.send(
        TRANSFER_RECHECK_JOB_NAME,
        { transferId },
        { singletonKey: transferId, startAfterSeconds: TRANSFER_RECHECK_DELAY_SECONDS },
      );
    } catch (err) {
      logger.warn({ err, transferId }, 'could not queue a transfer re-check; the sweep will do it');
    }
  }

  /** Asks the vendor about a pending transfer and settles it when the answer is definite. */
  async function resolvePending(transferId: string): Promise<VendorTransferStatus> {
    const row = await repo.findTransferById(db, transferId, { isForUpdate: false });
    if (!row) throw new DomainError('not_found', 'transferId');
    if (row.status !== 'pending') return row.status;
    const adapter = await deps.adapterOf(row.vendorCode);
    if (!adapter) throw new Error(`no adapter for ${row.vendorCode}`);
    let answer: Awaited<ReturnType<TransferVendorAdapter['queryTransfer']>>;
    try {
      answer = await adapter.queryTransfer(transferId);
    } catch (err) {
      await repo.updateTransfer(db, row.id, { isChecked: true, lastError: err instanceof Error ? err.message : String(err), at: now() });
      return 'pending';
    }
    await repo.updateTransfer(db, row.id, { isChecked: true, at: now() });
    const settled = await complete(
      transferId,
      answer.state === 'succeeded' ? 'succeeded' : 'failed',
      answer.state === 'succeeded' ? null : `vendor: ${answer.state}`,
    );
    return settled.status;
  }

  async function sweepPending(): Promise<number> {
    const rows = await repo.findPendingTransfers(db, {
      createdBefore: new Date(now().getTime() - TRANSFER_SWEEP_AGE_SECONDS * 1000),
      limit: TRANSFER_SWEEP_BATCH_SIZE,
    });
    for (const row of rows) {
      try {
        await resolvePending(row.transferId);
      } catch (err) {
        logger.warn({ err, transferId: row.transferId }, 'pending transfer re-check failed');
      }
    }
    return rows.length;
  }

  async function transfer(request: TransferRequest): Promise<TransferView> {
    const isToVendor = request.fromWallet === MAIN_WALLET;
    const vendorCode = isToVendor ? request.toWallet : request.fromWallet;
    if ((request.fromWallet === MAIN_WALLET) === (request.toWallet === MAIN_WALLET))
      throw new DomainError('bad_request', 'one side is MAIN');
    const adapter = await adapterOrThrow(vendorCode);
    const direction: VendorTransferDirection = isToVendor ? 'to_vendor' : 'from_vendor';
    const requestKey = `${request.memberId}:${request.requestId}`;
    const requestHash = hashRequest([direction, vendorCode, request.amount]);
    const existing = await repo.findTransferByRequestKey(db, requestKey);
    if (existing) {
      if (existing.requestHash !== requestHash) throw new DomainError('idempotency_conflict', 'requestId');
      return view(existing);
    }
    const transferId = randomUUID();
    const isNew = await db
      .transaction()
      .execute(async (trx) => {
        let reservationId: number | null = null;
        if (isToVendor) {
          const reserved = await ledger.reserve(
            {
              accountId: await mainAccountId(request, trx),
              amount: request.amount,
              code: 'vendor_transfer_out',
              idempotencyKey: `vendor-transfer:${transferId}`,
              reference: { type: 'vendor_transfer', id: transferId },
            },
            trx,
          );
          reservationId = reserved.reservationId;
        }
        const inserted = await repo.insertTransferIfMissing(trx, {
          transferId,
          requestKey,
          requestHash,
          merchantId: request.merchantId,
          memberId: request.memberId,
          vendorCode,
          direction,
          amount: request.amount,
          currency: request.currency,
          reservationId,
          createdAt: now(),
        });
        if (!inserted) throw new DuplicateRequest();
        // Who this player id is, for the vendor's bet feed and the member's total balance.
        const player = transferMemberOf(request);
        await repo.insertPlayerIfMissing(
          trx,
          {
            vendorCode,
            playerId: player.playerId,
            merchantId: request.merchantId,
            memberId: request.memberId,
            username: request.username,
            currency: request.currency,
          },
          now(),
        );
        await recordAudit(trx, {
          actorType: 'member',
          actorId: request.memberId,
          action: 'vendor_transfer.requested',
          subjectType: 'vendor_transfer',
          subjectId: transferId,
          data: { vendorCode, direction, amount: request.amount },
        });
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof DuplicateRequest) return false;
        throw err;
      });
    if (!isNew) {
      const twin = await repo.findTransferByRequestKey(db, requestKey);
      if (!twin || twin.requestHash !== requestHash) throw new DomainError('idempotency_conflict', 'requestId');
      return view(twin);
    }
    const member = transferMemberOf(request);
    try {
      const outcome = isToVendor
        ? await adapter.deposit(member, request.amount, transferId)
        : await adapter.withdraw(member, request.amount, transferId);
      const settled = await complete(transferId, outcome.state, outcome.state === 'failed' ? outcome.reason : null);
      return view(settled);
    } catch (err) {
      if (!(err instanceof TransferOutcomeUnknown)) {
        // A definite refusal of ours (a bad signature, say) before the vendor acted: nothing moved there.
        logger.error({ err, transferId }, 'vendor transfer call failed');
      }
      const row = await repo.findTransferById(db, transferId, { isForUpdate: false });
      await scheduleRecheck(transferId);
      if (!row) throw new Error(`transfer ${transferId} vanished`);
      return view(row);
    }
  }

  /** Each enabled transfer-style vendor's balance of the member (only those in `only` when given); null: no answer. */
  async function balances(member: { memberId: number; username: string; currency: string }, only?: ReadonlySet<string>) {
    const list = (await integrations.list()).filter(
      (i) => i.isEnabled && i.walletStyle === 'transfer' && (!only || only.has(i.vendorCode)),
    );
    return Promise.all(
      list.map(async (integration) => {
        const adapter = await deps.adapterOf(integration.vendorCode);
        if (!adapter) return { vendorCode: integration.vendorCode, balance: null };
        try {
          return { vendorCode: integration.vendorCode, balance: await adapter.balance(transferMemberOf(member)) };
        } catch (err) {
          logger.warn({ err, vendorCode: integration.vendorCode }, 'vendor balance unavailable');
          return { vendorCode: integration.vendorCode, balance: null };
        }
      }),
    );
  }

  /**
   * The money a member holds at transfer-style vendors, for the total balance: the balances of the
   * vendors the member has moved money into (no other vendor can hold any of theirs). `isComplete`
   * is false when a vendor did not answer; its wallet then counts nothing.
   */
  async function heldBalance(member: { memberId: number; username: string; currency: string }) {
    const codes = new Set(await repo.findVendorsOfMember(db, member.memberId));
    if (codes.size === 0) return { total: 0, isComplete: true };
    const list = await balances(member, codes);
    return {
      total: list.reduce((sum, entry) => sum + (entry.balance ?? 0), 0),
      isComplete: list.every((entry) => entry.balance !== null),
    };
  }

  /** The balance at each transfer-style vendor the member has moved money into (null: the vendor did not answer). */
  async function walletsOfMember(member: { memberId: number; username: string; currency: string }) {
    const codes = new Set(await repo.findVendorsOfMember(db, member.memberId));
    return codes.size === 0 ? [] : balances(member, codes);
  }

  /** "Return all to main wallet": every vendor wallet with money in it is emptied into the main wallet. */
  async function recallAll(member: { memberId: number; merchantId: number; username: string; currency: string }, requestId: string) {
    const results: TransferView[] = [];
    for (const entry of await balances(member)) {
      if (entry.balance === null || entry.balance <= 0) continue;
      results.push(
        await transfer({
          ...member,
          fromWallet: entry.vendorCode,
          toWallet: MAIN_WALLET,
          amount: entry.balance,
          requestId: `${requestId}:${entry.vendorCode}`,
        }),
      );
    }
    return results;
  }

  async function registerJobs(): Promise<void> {
    await jobs.work<{ transferId: string }>(TRANSFER_RECHECK_JOB_NAME, async (job) => {
      const status = await resolvePending(job.data.transferId);
      // Still unknown: fail the job so pg-boss retries it; the sweep is the backstop.
      if (status === 'pending') throw new Error(`transfer ${job.data.transferId} is still pending`);
    });
    await jobs.schedule(TRANSFER_SWEEP_JOB_NAME, TRANSFER_SWEEP_CRON, async () => {
      await sweepPending();
    });
  }

  return {
    transfer,
    resolvePending,
    sweepPending,
    balances,
    heldBalance,
    walletsOfMember,
    recallAll,
    registerJobs,
    findTransfer: (id: string) => repo.findTransferById(db, id, { isForUpdate: false }),
  };
}

class DuplicateRequest extends Error {}
