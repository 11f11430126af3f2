import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';
import * as repo from './audit.repository.ts';

/**
 * The audit log is written in the same transaction as the change it records, without touching any
 * shared row: `record` only inserts. A sealing job later chains the rows in id order, each hash
 * covering the previous hash and the row's content, so an edited or deleted row breaks the chain.
 */

export type AuditEntry = {
  actorType: 'member' | 'visitor' | 'admin' | 'system' | 'vendor';
  actorId?: string | number | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
  /**
   * The merchant the row belongs to. Left out, it is the merchant of the member the row is about,
   * else of the operator or member who acted; a row with none of these is the platform's own.
   */
  merchantId?: number | null;
};

const numericId = (value: string | number | null | undefined): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : null;
  return id !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

function merchantOf(entry: AuditEntry): repo.MerchantSource {
  if (entry.merchantId != null) return { merchantId: entry.merchantId };
  const member = entry.subjectType === 'member' ? numericId(entry.subjectId) : null;
  if (member !== null) return { memberId: member };
  const actor = numericId(entry.actorId);
  if (actor !== null && entry.actorType === 'admin') return { operatorId: actor };
  if (actor !== null && entry.actorType === 'member') return { memberId: actor };
  return null;
}

function toRow(entry: AuditEntry) {
  return {
    actor_type: entry.actorType,
    actor_id: entry.actorId == null ? null : String(entry.actorId),
    action: entry.action,
    subject_type: entry.subjectType ?? null,
    subject_id: entry.subjectId == null ? null : String(entry.subjectId),
    data: JSON.stringify(entry.data ?? {}),
    ip: entry.ip ?? null,
    merchantOf: merchantOf(entry),
  };
}

export type ChainVerification =
  | { isValid: true; rowsChecked: number }
  | { isValid: false; rowsChecked: number; brokenAtId: number; reason: 'hash_mismatch' | 'prev_hash_mismatch' };

export type AuditVerification =
  | { ok: true; checked: number }
  | {
      ok: false;
      checked: number;
      brokenAt: { id: number; expectedHash: string; actualHash: string };
      reason: 'hash_mismatch' | 'prev_hash_mismatch';
    };

export const AUDIT_SEAL_JOB_NAME = 'audit-seal';
export const AUDIT_SEAL_CRON = '* * * * *';
/** Rows sealed per transaction; a backlog is sealed in several batches. */
export const AUDIT_SEAL_BATCH_SIZE = 1000;
const VERIFY_PAGE_SIZE = 1000;
/** The chain's first row links to this value. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);
/** Serialises sealing across nodes; waiting is fine because sealing reads after taking it. */
const AUDIT_SEAL_LOCK_KEY = 7_310_002;

export type AuditRow = {
  id: number;
  created_at: Date | string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  data: Record<string, unknown>;
  ip: string | null;
  prev_hash: string | null;
  hash: string | null;
};

/** Inserts one audit row in the caller's transaction (or on the database directly). */
export async function recordAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await repo.insertRow(db, toRow(entry));
}

/**
 * The insert of one audit row, not run: a repository that writes in the same transaction runs it as
 * a data-modifying common table expression of its own statement (`WITH audit AS (INSERT ...)`), so
 * the row costs no round trip of its own. Same row as `recordAudit`.
 */
export function auditRowInsert(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): AuditRowInsert {
  return repo.insertRowQuery(db, toRow(entry));
}

export type AuditRowInsert = ReturnType<typeof repo.insertRowQuery>;

/** Inserts many audit rows in one statement, in the caller's transaction, in the order given. */
export async function recordAudits(db: Kysely<DB> | Transaction<DB>, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await repo.insertRows(db, entries.map(toRow));
}

/** JSON with object keys sorted at every depth, so equal content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function auditRowHash(prevHash: string, row: AuditRow): string {
  const content = canonicalJson({
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    actor_type: row.actor_type,
    actor_id: row.actor_id,
    action: row.action,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    data: row.data,
    ip: row.ip,
  });
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}

/**
 * Audit rows newest first, `limit` at most, before the id given; `nextBefore` pages to older ones.
 * Another module reads its own family of rows about one subject with it (a member's
 * responsible-gaming history: `subjectType: 'member'`, `actionPrefix: 'rg.'`).
 */
export async function listAuditRows(db: Kysely<DB> | Transaction<DB>, filter: repo.AuditFilter) {
  const rows = (await repo.findPage(db, filter)) as AuditRow[];
  return { rows, nextBefore: rows.length === filter.limit ? (rows[rows.length - 1]?.id ?? null) : null };
}

export type AuditService = {
  record: typeof recordAudit;
  /** Seals every unsealed row; returns how many it sealed. Safe to run on several nodes at once. */
  seal: () => Promise<number>;
  verifyChain: () => Promise<ChainVerification>;
  /** The chain walked in chunks; where it breaks, the row and the hash expected there. */
  verify: () => Promise<AuditVerification>;
  list: (filter: repo.AuditFilter) => Promise<{ rows: AuditRow[]; nextBefore: number | null }>;
  schedule: (jobs: JobRunner) => Promise<void>;
};

export function createAuditService(deps: { db: Kysely<DB>; logger: JobLogger }): AuditService {
  const { db, logger } = deps;

  async function sealBatch(): Promise<number> {
    return db.transaction().execute(async (trx) => {
      await repo.lockSealing(trx, AUDIT_SEAL_LOCK_KEY);
      // Read committed: these reads run after the lock, so they see the previous sealer's work.
      const head = await repo.findSealedHead(trx);
      // An insert whose transaction commits late may hold an id below the head: it is sealed next,
      // in the order it is found, and the chain records that order through prev_hash.
      const rows = (await repo.findUnsealed(trx, AUDIT_SEAL_BATCH_SIZE)) as AuditRow[];
      let prevHash = head?.hash ?? AUDIT_GENESIS_HASH;
      for (const row of rows) {
        const hash = auditRowHash(prevHash, row);
        await repo.seal(trx, row.id, prevHash, hash);
        prevHash = hash;
      }
      return rows.length;
    });
  }

  async function seal(): Promise<number> {
    let total = 0;
    for (;;) {
      const sealed = await sealBatch();
      total += sealed;
      if (sealed < AUDIT_SEAL_BATCH_SIZE) break;
    }
    if (total > 0) logger.info({ sealed: total }, 'audit rows sealed');
    return total;
  }

  /**
   * Walks the chain in id-ordered chunks. Rows are chained in the order they were sealed, which is id
   * order but for a row that committed late: such rows wait in a small buffer keyed by their
   * prev_hash until the chain reaches them, so memory stays bounded by the rows out of order.
   */
  async function verify(): Promise<AuditVerification> {
    const waiting = new Map<string, AuditRow>();
    let prevHash = AUDIT_GENESIS_HASH;
    let checked = 0;
    let afterId = 0;
    for (;;) {
      const page = (await repo.findSealedAfter(db, afterId, VERIFY_PAGE_SIZE)) as AuditRow[];
      for (const row of page) if (row.prev_hash) waiting.set(row.prev_hash, row);
      for (let row = waiting.get(prevHash); row; row = waiting.get(prevHash)) {
        waiting.delete(prevHash);
        const expectedHash = auditRowHash(prevHash, row);
        if (expectedHash !== row.hash) {
          return { ok: false, checked, brokenAt: { id: row.id, expectedHash, actualHash: row.hash ?? '' }, reason: 'hash_mismatch' };
        }
        checked += 1;
        prevHash = expectedHash;
      }
      if (page.length < VERIFY_PAGE_SIZE) break;
      afterId = page[page.length - 1]?.id ?? afterId;
    }
    if (waiting.size > 0) {
      // A sealed row the chain never reaches: the row it links to was deleted or its hash altered.
      const orphan = [...waiting.values()].sort((a, b) => a.id - b.id)[0] as AuditRow;
      return {
        ok: false,
        checked,
        brokenAt: { id: orphan.id, expectedHash: prevHash, actualHash: orphan.prev_hash ?? '' },
        reason: 'prev_hash_mismatch',
      };
    }
    return { ok: true, checked };
  }

  async function verifyChain(): Promise<ChainVerification> {
    const result = await verify();
    if (result.ok) return { isValid: true, rowsChecked: result.checked };
    return { isValid: false, rowsChecked: result.checked, brokenAtId: result.brokenAt.id, reason: result.reason };
  }

  return {
    record: recordAudit,
    seal,
    verifyChain,
    verify,
    list: (filter) => listAuditRows(db, filter),
    schedule: (jobs) =>
      jobs.schedule(AUDIT_SEAL_JOB_NAME, AUDIT_SEAL_CRON, async () => {
        await seal();
      }),
  };
}
