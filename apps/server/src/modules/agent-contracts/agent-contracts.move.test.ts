import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let op: Awaited<ReturnType<typeof loginAdmin>>;
let merchantId: number;

const tier = (rateBasisPoints: number): ContractTierInput => ({ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints });

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  await createMerchant(t.database.db);
  merchantId = (await t.app.services.merchants.current()).id;
  op = await loginAdmin(t.app, 'support');
});

afterAll(async () => {
  await t.close();
});

const operator = () => ({ adminId: op.adminId, merchantId, ip: null });

async function setTop(holder: Member, kind: ContractKind, rate: number) {
  return t.app.services.agentContracts.admin.setTopLevel(operator(), {
    kind,
    holderUsername: holder.username,
    tiers: [tier(rate)],
    confirm: false,
  });
}

async function offer(from: Member, to: Member, kind: ContractKind, rate: number) {
  return t.app.services.agentContracts.offer(
    { memberId: from.id, merchantId },
    { kind, holderUsername: to.username, tiers: [tier(rate)], confirm: false },
    { ip: null },
  );
}

async function offerAndSign(from: Member, to: Member, kind: ContractKind, rate: number) {
  const offered = await offer(from, to, kind, rate);
  await t.app.services.agentContracts.sign(
    { memberId: to.id, merchantId },
    { requestId: offered.request?.id ?? 0, confirm: false },
    { ip: null },
  );
  return offered.contract.id;
}

async function moveUnder(member: Member, upline: Member) {
  return t.app.inject({
    method: 'POST',
    url: `/admin-api/members/${member.id}/upline`,
    payload: { uplineUsername: upline.username },
    headers: { ...op.headers, 'x-forwarded-for': nextIp() },
  });
}

async function contractsById(ids: number[]) {
  const rows = await t.database.db.selectFrom('agent_contracts').select(['id', 'status', 'end_reason']).where('id', 'in', ids).execute();
  return Object.fromEntries(rows.map((r) => [Number(r.id), { status: r.status, endReason: r.end_reason }]));
}

async function inboxTitles(memberId: number): Promise<string[]> {
  const token = (await t.app.services.sessions.create(memberId)).token;
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/member/inbox',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.list as { title: string }[]).map((m) => m.title);
}

describe('an agent moved under another upline', () => {
  it("ends the contracts whose offerer is no longer its direct upline, with their subtrees', and withdraws pending offers, in the move", async () => {
    const db = t.database.db;
    const merchant = await t.app.services.merchants.current();
    // top -> mid -> low; top -> sibling; otherTop. mid moves under otherTop.
    const top = await createMember(db, merchant, { accountType: 1 });
    const mid = await createMember(db, merchant, { accountType: 2, parentId: top.id });
    const low = await createMember(db, merchant, { accountType: 41, parentId: mid.id });
    const sibling = await createMember(db, merchant, { accountType: 2, parentId: top.id });
    const otherTop = await createMember(db, merchant, { accountType: 1 });

    const topDaily = (await setTop(top, 'dailyWage', 100)).contract.id;
    const midDaily = await offerAndSign(top, mid, 'dailyWage', 50);
    const lowDaily = await offerAndSign(mid, low, 'dailyWage', 20);
    const siblingDaily = await offerAndSign(top, sibling, 'dailyWage', 40);
    await setTop(top, 'dividend', 4_000);
    const midDividendOffer = await offer(top, mid, 'dividend', 3_000);
    await setTop(otherTop, 'hourlyWage', 100);

    const moved = await moveUnder(mid, otherTop);
    expect(moved.statusCode, moved.body).toBe(200);

    const after = await contractsById([topDaily, midDaily, lowDaily, siblingDaily, midDividendOffer.contract.id]);
    expect(after[midDaily]).toEqual({ status: 'terminated', endReason: 'upline_changed' });
    expect(after[lowDaily]).toEqual({ status: 'terminated', endReason: 'upline_ended' });
    expect(after[midDividendOffer.contract.id]).toEqual({ status: 'terminated', endReason: 'upline_changed' });
    // The old upline's own contract and its other downlines' stand.
    expect(after[topDaily]).toEqual({ status: 'active', endReason: null });
    expect(after[siblingDaily]).toEqual({ status: 'active', endReason: null });

    // The pending offer's request is void; the ends are audited as the operator's, with the move.
    const request = await db
      .selectFrom('agent_contract_requests')
      .select('status')
      .where('id', '=', midDividendOffer.request?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('void');
    const audits = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id', 'subject_id', 'data'])
      .where('subject_type', '=', 'agent_contract')
      .where('action', '=', 'agent_contract.end')
      .where('subject_id', 'in', [String(midDaily), String(lowDaily), String(midDividendOffer.contract.id)])
      .execute();
    expect(audits).toHaveLength(3);
    for (const a of audits) expect(a).toMatchObject({ actor_type: 'admin', actor_id: String(op.adminId) });

    // mid and low are told; top is not.
    expect(await inboxTitles(mid.id)).toEqual(
      expect.arrayContaining([
        'Hợp đồng lương ngày đã chấm dứt / Your daily wage contract has ended',
        'Hợp đồng chia cổ tức đã chấm dứt / Your dividend contract has ended',
      ]),
    );
    expect(await inboxTitles(low.id)).toEqual(['Hợp đồng lương ngày đã chấm dứt / Your daily wage contract has ended']);
    expect(await inboxTitles(top.id)).toEqual([]);

    // Under its new upline, mid can be offered terms of the new upline's kinds.
    const fresh = await offer(otherTop, mid, 'hourlyWage', 60);
    expect(fresh.contract.status).toBe('pending');
  });

  it('ends nothing when a move is refused, and the subtree of a member without contracts keeps its own', async () => {
    const db = t.database.db;
    const merchant = await t.app.services.merchants.current();
    const top = await createMember(db, merchant, { accountType: 1 });
    const mid = await createMember(db, merchant, { accountType: 2, parentId: top.id });
    const low = await createMember(db, merchant, { accountType: 41, parentId: mid.id });
    const otherTop = await createMember(db, merchant, { accountType: 1 });
    await setTop(top, 'dailyWage', 100);
    const midDaily = await offerAndSign(top, mid, 'dailyWage', 50);

    // A cycle is refused: nothing ends.
    const refused = await moveUnder(mid, low);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('downline_cycle');
    expect((await contractsById([midDaily]))[midDaily]).toEqual({ status: 'active', endReason: null });

    // low holds nothing: moving it ends nothing above or beside it.
    const moved = await moveUnder(low, otherTop);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await contractsById([midDaily]))[midDaily]).toEqual({ status: 'active', endReason: null });
  });
});
