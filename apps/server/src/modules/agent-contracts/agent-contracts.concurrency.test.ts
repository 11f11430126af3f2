import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import { isNoBetterThan } from '@platform/contracts/agents/contract-tiers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

const BASE = '/wps/agent/contracts';

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let op: Awaited<ReturnType<typeof loginAdmin>>;
let merchant: { id: number; currency: string };
const tokens = new Map<number, string>();
const parentOf = new Map<number, number | null>();

const tier = (minBet: number, rateBasisPoints: number): ContractTierInput => ({
  minBet,
  minActiveMembers: 0,
  minNetLoss: 0,
  rateBasisPoints,
});
/** Terms from best to worst: each no better than the one before. */
const TERMS = [[tier(0, 80)], [tier(0, 60)], [tier(0, 40)], [tier(0, 20)]];

function call(url: string, who: Member, payload: object) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${tokens.get(who.id)}`, 'x-forwarded-for': nextIp(), lang: 'en' },
  });
}

async function member(accountType: number, parent: Member | null): Promise<Member> {
  const m = await createMember(t.database.db, merchant, { accountType, parentId: parent?.id ?? null });
  tokens.set(m.id, (await t.app.services.sessions.create(m.id)).token);
  parentOf.set(m.id, parent?.id ?? null);
  return m;
}

/**
 * The chain rule over every open contract of the merchant: a contract offered by an upline (pending
 * or active) hangs from an active contract of the same kind held by the holder's parent, and is no
 * better than it; each holder has at most one active and one pending contract of a kind.
 */
async function expectChainHolds(): Promise<void> {
  const open = await t.app.services.agentContracts.openContracts(merchant.id);
  const activeOf = new Map(open.filter((c) => c.status === 'active').map((c) => [`${c.holderId}:${c.kind}`, c]));
  for (const status of ['active', 'pending'] as const) {
    const keys = open.filter((c) => c.status === status).map((c) => `${c.holderId}:${c.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
  }
  for (const c of open) {
    if (c.offeredByUsername === null) continue;
    const parent = parentOf.get(c.holderId);
    const upline = parent == null ? undefined : activeOf.get(`${parent}:${c.kind}`);
    expect(upline, `contract ${c.id} hangs from nothing`).toBeDefined();
    if (upline)
      expect(isNoBetterThan({ kind: c.kind, tiers: c.tiers }, { kind: upline.kind, tiers: upline.tiers }), `contract ${c.id}`).toBe(true);
  }
}

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  await createMerchant(t.database.db);
  merchant = await t.app.services.merchants.current();
  op = await loginAdmin(t.app, 'finance');
});

afterAll(async () => {
  await t.close();
});

/** One thing an agent of the chain may do: offer its direct downline some terms, sign what waits for it, or end its contract. */
type Action =
  | { type: 'offer'; level: number; terms: number; confirm: boolean }
  | { type: 'sign'; level: number; confirm: boolean }
  | { type: 'terminate'; level: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    type: fc.constant('offer' as const),
    level: fc.integer({ min: 0, max: 2 }),
    terms: fc.integer({ min: 0, max: 3 }),
    confirm: fc.boolean(),
  }),
  fc.record({ type: fc.constant('sign' as const), level: fc.integer({ min: 1, max: 3 }), confirm: fc.boolean() }),
  fc.record({ type: fc.constant('terminate' as const), level: fc.integer({ min: 1, max: 3 }) }),
);

describe('agent contracts under concurrent offers and signatures', () => {
  it('a lowering signature and an offer below it, in either order or racing, never leave a contract better than its upline', async () => {
    // On PGlite the two transactions run one after the other in the order they reach the database;
    // on PostgreSQL they race for the kind's lock. Both orders are also forced one after the other.
    for (const order of ['race', 'offerFirst', 'signFirst', 'race', 'race'] as const) {
      const top = await member(1, null);
      const mid = await member(2, top);
      const low = await member(41, mid);
      await t.app.inject({
        method: 'PUT',
        url: '/admin-api/agent-contracts/top-level',
        headers: op.headers,
        payload: { kind: 'dailyWage', holderUsername: top.username, tiers: TERMS[0] },
      });
      const first = (
        await call(`${BASE}/MCS2_offerContract`, top, { kind: 'dailyWage', holderUsername: mid.username, tiers: TERMS[1] })
      ).json();
      await call(`${BASE}/MCS2_signContract`, mid, { requestId: first.value.request.id });
      // top offers mid lower terms; nothing below mid yet, so no confirmation is asked.
      const lower = (
        await call(`${BASE}/MCS2_offerContract`, top, { kind: 'dailyWage', holderUsername: mid.username, tiers: TERMS[3] })
      ).json();
      expect(lower.success).toBe(true);
      // mid signs them (agreeing to end what is better below) and offers low terms its current contract allows.
      const sign = () => call(`${BASE}/MCS2_signContract`, mid, { requestId: lower.value.request.id, confirm: true });
      const offerBelow = () =>
        call(`${BASE}/MCS2_offerContract`, mid, { kind: 'dailyWage', holderUsername: low.username, tiers: TERMS[2] });
      let signed: Awaited<ReturnType<typeof sign>>;
      let offered: Awaited<ReturnType<typeof sign>>;
      if (order === 'race') [signed, offered] = await Promise.all([sign(), offerBelow()]);
      else if (order === 'offerFirst') {
        offered = await offerBelow();
        signed = await sign();
      } else {
        signed = await sign();
        offered = await offerBelow();
      }
      expect(signed.statusCode, signed.body).toBe(200);
      // Either the offer came first (and the signature ended it) or after (and was refused as too good).
      if (offered.statusCode === 200) expect(signed.json().value.endedContractIds).toContain(offered.json().value.contract.id);
      else expect(offered.json().code).toBe('agent_contract_terms_too_good');
      if (order === 'offerFirst') expect(offered.statusCode).toBe(200);
      if (order === 'signFirst') expect(offered.statusCode).toBe(400);
      await expectChainHolds();
    }
  });

  it('random batches of concurrent offers, signatures and terminations along a chain keep the chain rule', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(actionArb, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        const top = await member(1, null);
        const chain = [top];
        for (const type of [2, 41, 42]) {
          const last = chain.at(-1);
          if (!last) throw new Error('chain broken');
          chain.push(await member(type, last));
        }
        await t.app.inject({
          method: 'PUT',
          url: '/admin-api/agent-contracts/top-level',
          headers: op.headers,
          payload: { kind: 'dailyWage', holderUsername: top.username, tiers: TERMS[0] },
        });
        const at = (level: number) => {
          const m = chain[level];
          if (!m) throw new Error('no such level');
          return m;
        };
        for (const batch of batches) {
          const pendingIds = await Promise.all(
            chain.map(
              async (m) =>
                (await t.app.services.agentContracts.myContract({ memberId: m.id, merchantId: merchant.id }, 'dailyWage')).requests[0]?.id,
            ),
          );
          const activeIds = await Promise.all(
            chain.map(
              async (m) =>
                (await t.app.services.agentContracts.myContract({ memberId: m.id, merchantId: merchant.id }, 'dailyWage')).active?.id,
            ),
          );
          const results = await Promise.all(
            batch.map((a) => {
              if (a.type === 'offer') {
                return call(`${BASE}/MCS2_offerContract`, at(a.level), {
                  kind: 'dailyWage',
                  holderUsername: at(a.level + 1).username,
                  tiers: TERMS[a.terms],
                  confirm: a.confirm,
                });
              }
              if (a.type === 'sign')
                return call(`${BASE}/MCS2_signContract`, at(a.level), { requestId: pendingIds[a.level] ?? 1, confirm: a.confirm });
              return call(`${BASE}/MCS2_terminateContract`, at(a.level), { contractId: activeIds[a.level] ?? 1 });
            }),
          );
          // Refusals are expected (a rule, a state another call changed); a server error never.
          for (const res of results) expect(res.statusCode, res.body).toBeLessThan(500);
          await expectChainHolds();
        }
      }),
      { numRuns: 12 },
    );
  });
});
