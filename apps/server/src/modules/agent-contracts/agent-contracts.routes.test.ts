import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import { errorMessage } from '@platform/contracts/errors';
import type { SettingsTreeNode } from '@platform/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { DEFAULT_SETTINGS_TREE, settingsTreeSetting } from '../system/system.settings.ts';

const BASE = '/wps/agent/contracts';
const ADMIN_BASE = '/admin-api/agent-contracts';
const CONSOLIDATED = '/wps/member/info/funds/consolidated';

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let op: Awaited<ReturnType<typeof loginAdmin>>;
let support: Awaited<ReturnType<typeof loginAdmin>>;
/** top -> mid -> low -> bottom; mid -> player; top -> mid2; top2 -> stranger. */
let top: Member;
let mid: Member;
let mid2: Member;
let low: Member;
let bottom: Member;
let player: Member;
let top2: Member;
let stranger: Member;
const tokens = new Map<number, string>();

const tier = (minBet: number, rateBasisPoints: number, minActiveMembers = 0): ContractTierInput => ({
  minBet,
  minActiveMembers,
  minNetLoss: 0,
  rateBasisPoints,
});
const HIGH = [tier(0, 50), tier(100_000_000, 100, 5)];
const MIDDLE = [tier(0, 40), tier(100_000_000, 80, 5)];
const LOW = [tier(0, 20)];

function call(method: 'GET' | 'POST', url: string, who: Member, payload?: object, lang: 'en' | 'vi' = 'en') {
  const token = tokens.get(who.id);
  if (!token) throw new Error(`no token for ${who.username}`);
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp(), lang },
  });
}

function adminCall(method: 'GET' | 'PUT', url: string, payload?: object, headers = op.headers) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...headers, lang: 'en' } });
}

async function expectOk(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: Record<string, never> }).value as never;
}

function expectRefused(
  res: { statusCode: number; body: string; json: () => unknown },
  status: number,
  code: Parameters<typeof errorMessage>[0],
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { success: boolean; code: string; message: string };
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  expect(body.message).toBe(errorMessage(code, 'en'));
}

type ChangeValue = {
  contract: { id: number; status: string; endReason: string | null };
  request: { id: number } | null;
  endedContractIds: number[];
};

async function setTop(holder: Member, tiers: ContractTierInput[], kind = 'dailyWage', confirm = false) {
  return (await expectOk(
    await adminCall('PUT', `${ADMIN_BASE}/top-level`, { kind, holderUsername: holder.username, tiers, confirm }),
  )) as ChangeValue;
}

async function offer(from: Member, to: Member, tiers: ContractTierInput[], extra: object = {}) {
  return call('POST', `${BASE}/MCS2_offerContract`, from, { kind: 'dailyWage', holderUsername: to.username, tiers, ...extra });
}

async function offerOk(from: Member, to: Member, tiers: ContractTierInput[], extra: object = {}) {
  return (await expectOk(await offer(from, to, tiers, extra))) as ChangeValue;
}

async function signOk(who: Member, requestId: number, confirm = false) {
  return (await expectOk(await call('POST', `${BASE}/MCS2_signContract`, who, { requestId, confirm }))) as ChangeValue;
}

async function myDaily(who: Member) {
  return (await expectOk(await call('GET', `${BASE}/MCSFE_getDailySalaryContract`, who))) as {
    active: { id: number; tiers: ContractTierInput[] } | null;
    pending: { id: number } | null;
    requests: { id: number; type: string; contractId: number }[];
    isPaused: boolean;
  };
}

async function consolidated(who: Member) {
  return (await expectOk(await call('GET', CONSOLIDATED, who))) as Record<string, unknown>;
}

async function auditActions(contractId: number): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select(['action'])
    .where('subject_type', '=', 'agent_contract')
    .where('subject_id', '=', String(contractId))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  await createMerchant(t.database.db);
  const merchant = await t.app.services.merchants.current();
  const db = t.database.db;
  top = await createMember(db, merchant, { accountType: 1 });
  mid = await createMember(db, merchant, { accountType: 2, parentId: top.id });
  mid2 = await createMember(db, merchant, { accountType: 2, parentId: top.id });
  low = await createMember(db, merchant, { accountType: 41, parentId: mid.id });
  bottom = await createMember(db, merchant, { accountType: 42, parentId: low.id });
  player = await createMember(db, merchant, { parentId: mid.id });
  top2 = await createMember(db, merchant, { accountType: 1 });
  stranger = await createMember(db, merchant, { accountType: 2, parentId: top2.id });
  for (const m of [top, mid, mid2, low, bottom, player, top2, stranger])
    tokens.set(m.id, (await t.app.services.sessions.create(m.id)).token);
  op = await loginAdmin(t.app, 'finance');
  support = await loginAdmin(t.app, 'support');
});

afterAll(async () => {
  await t.close();
});

describe('operator calls', () => {
  it('sets a top-level contract, active at once, and refuses an agent with an upline or tiers that do not grow', async () => {
    const set = await setTop(top, HIGH);
    expect(set.contract.status).toBe('active');
    expect(set.endedContractIds).toEqual([]);
    expect(await auditActions(set.contract.id)).toEqual(['agent_contract.set_top_level']);

    expectRefused(
      await adminCall('PUT', `${ADMIN_BASE}/top-level`, { kind: 'dailyWage', holderUsername: mid.username, tiers: HIGH }),
      400,
      'agent_contract_not_top_level',
    );
    expectRefused(
      await adminCall('PUT', `${ADMIN_BASE}/top-level`, {
        kind: 'dailyWage',
        holderUsername: top2.username,
        tiers: [tier(0, 50), tier(0, 60)],
      }),
      400,
      'agent_contract_tiers_invalid',
    );
    expectRefused(
      await adminCall('PUT', `${ADMIN_BASE}/top-level`, { kind: 'dailyWage', holderUsername: player.username, tiers: HIGH }),
      403,
      'not_an_agent',
    );
    // A loss rate belongs to a real-time salary only, and a real-time salary needs one.
    expectRefused(
      await adminCall('PUT', `${ADMIN_BASE}/top-level`, {
        kind: 'dailyWage',
        holderUsername: top2.username,
        tiers: [{ ...tier(0, 50), lossRateBasisPoints: 10 }],
      }),
      400,
      'agent_contract_tiers_invalid',
    );
    const realtime = await setTop(top2, [{ ...tier(0, 60), lossRateBasisPoints: 20 }], 'realtimeSalary');
    expect(realtime.contract.status).toBe('active');
    // Support may read the list but not set contracts.
    expect(
      (
        await adminCall(
          'PUT',
          `${ADMIN_BASE}/top-level`,
          { kind: 'dailyWage', holderUsername: top2.username, tiers: HIGH },
          support.headers,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('lists contracts with filters', async () => {
    const all = (await expectOk(await adminCall('GET', `${ADMIN_BASE}?kind=dailyWage&status=active`, undefined, support.headers))) as {
      list: { holderUsername: string; kind: string; status: string; offeredByUsername: string | null }[];
      totalCount: number;
    };
    expect(all.list.every((c) => c.kind === 'dailyWage' && c.status === 'active')).toBe(true);
    expect(all.list.map((c) => c.holderUsername)).toContain(top.username);
    const one = (await expectOk(await adminCall('GET', `${ADMIN_BASE}?holderUsername=${top2.username}`))) as {
      list: { kind: string }[];
      totalCount: number;
    };
    expect(one.list.map((c) => c.kind)).toEqual(['realtimeSalary']);
    expect(one.totalCount).toBe(1);
  });
});

describe('agent calls', () => {
  it('refuses a player, and answers the hourly and real-time reads on POST only', async () => {
    expectRefused(await call('GET', `${BASE}/MCSFE_getDailySalaryContract`, player), 403, 'forbidden');
    expect((await call('GET', `${BASE}/MCSFE_getHourSalaryContract`, top)).statusCode).toBe(404);
    const hourly = (await expectOk(await call('POST', `${BASE}/MCSFE_getHourSalaryContract`, top))) as { kind: string; active: unknown };
    expect(hourly).toMatchObject({ kind: 'hourlyWage', active: null });
    const realtime = (await expectOk(await call('POST', `${BASE}/MCSFE_getRealtimeSalaryContract`, top2))) as {
      active: { tiers: ContractTierInput[] };
    };
    expect(realtime.active.tiers).toEqual([{ ...tier(0, 60), lossRateBasisPoints: 20 }]);
    expect((await call('POST', `${BASE}/MCSFE_getHourSalaryDownlineContracts`, top, {})).statusCode).toBe(200);
  });

  it('refuses offers that break the rules, each with its code and a sentence, and changes nothing', async () => {
    expectRefused(await offer(top, mid, [tier(0, 60)]), 400, 'agent_contract_terms_too_good');
    // The second tier starts lower than the upline's and pays its rate there.
    expectRefused(await offer(top, mid, [tier(0, 40), tier(50_000_000, 90)]), 400, 'agent_contract_terms_too_good');
    expectRefused(await offer(top, low, MIDDLE), 400, 'agent_contract_not_direct_downline');
    expectRefused(await offer(mid, player, LOW), 400, 'agent_contract_not_direct_downline');
    expectRefused(await offer(top, stranger, MIDDLE), 404, 'not_in_team');
    expectRefused(await offer(mid, low, LOW), 409, 'agent_contract_upline_missing');
    expectRefused(await offer(top, mid, [tier(10, 40), tier(5, 50)]), 400, 'agent_contract_tiers_invalid');
    // In Vietnamese too.
    const vi = await call(
      'POST',
      `${BASE}/MCS2_offerContract`,
      top,
      { kind: 'dailyWage', holderUsername: mid.username, tiers: [tier(0, 60)] },
      'vi',
    );
    expect(vi.json()).toMatchObject({
      code: 'agent_contract_terms_too_good',
      message: errorMessage('agent_contract_terms_too_good', 'vi'),
    });
    expect((await myDaily(mid)).pending).toBeNull();
  });

  it('offers, shows the request in the consolidated keys, refuses a second offer, and signs', async () => {
    expect(await consolidated(mid)).toMatchObject({
      dailysalreqtype: null,
      divtypereq: null,
      contracthoursalreq: null,
      realtimesalreqtype: null,
    });
    const offered = await offerOk(top, mid, MIDDLE);
    expect(offered.contract.status).toBe('pending');
    expect(await consolidated(mid)).toMatchObject({ dailysalreqtype: 'new', divtypereq: null });
    expectRefused(await offer(top, mid, LOW), 409, 'agent_contract_offer_pending');

    const mine = await myDaily(mid);
    expect(mine.pending?.id).toBe(offered.contract.id);
    expect(mine.requests).toEqual([expect.objectContaining({ type: 'new', contractId: offered.contract.id })]);
    const downline = (await expectOk(await call('GET', `${BASE}/MCSFE_getDailySalaryDownlineContracts?pageSize=10`, top))) as {
      list: { username: string; pending: { id: number } | null; active: unknown }[];
      totalCount: number;
    };
    expect(downline.list.map((d) => d.username).sort()).toEqual([mid.username, mid2.username].sort());
    expect(downline.list.find((d) => d.username === mid.username)?.pending?.id).toBe(offered.contract.id);

    // Only the holder answers its requests.
    expectRefused(
      await call('POST', `${BASE}/MCS2_signContract`, top, { requestId: offered.request?.id }),
      404,
      'agent_contract_not_found',
    );
    const signed = await signOk(mid, offered.request?.id ?? 0);
    expect(signed.contract.status).toBe('active');
    expect(await consolidated(mid)).toMatchObject({ dailysalreqtype: null });
    expectRefused(
      await call('POST', `${BASE}/MCS2_signContract`, mid, { requestId: offered.request?.id }),
      409,
      'agent_contract_state_changed',
    );
    expect(await auditActions(signed.contract.id)).toEqual(['agent_contract.offer', 'agent_contract.sign']);
  });

  it('rejects an offer, and lets the offerer withdraw a pending one', async () => {
    const rejected = await offerOk(top, mid2, LOW);
    const value = (await expectOk(
      await call('POST', `${BASE}/MCS2_rejectContract`, mid2, { requestId: rejected.request?.id }),
    )) as ChangeValue;
    expect(value.contract.status).toBe('rejected');
    const withdrawn = await offerOk(top, mid2, LOW);
    // Someone else's contract is not found; the holder cannot end an offer it has not signed.
    expectRefused(
      await call('POST', `${BASE}/MCS2_terminateContract`, top2, { contractId: withdrawn.contract.id }),
      404,
      'agent_contract_not_found',
    );
    expectRefused(
      await call('POST', `${BASE}/MCS2_terminateContract`, mid2, { contractId: withdrawn.contract.id }),
      409,
      'agent_contract_state_changed',
    );
    const ended = (await expectOk(
      await call('POST', `${BASE}/MCS2_terminateContract`, top, { contractId: withdrawn.contract.id }),
    )) as ChangeValue;
    expect(ended.contract).toMatchObject({ status: 'terminated', endReason: 'withdrawn' });
    expect(await consolidated(mid2)).toMatchObject({ dailysalreqtype: null });
  });

  it('asks to confirm terms lower than a contract below, then ends it and its subtree in one step and tells the holders', async () => {
    const lowOffer = await offerOk(mid, low, MIDDLE);
    const lowContract = await signOk(low, lowOffer.request?.id ?? 0);
    const bottomOffer = await offerOk(low, bottom, LOW);
    const bottomContract = await signOk(bottom, bottomOffer.request?.id ?? 0);

    // mid holds MIDDLE; top offers it LOW, which low's MIDDLE is better than.
    expectRefused(await offer(top, mid, LOW), 409, 'agent_contract_lower_rate_confirm');
    expect((await myDaily(low)).active?.id).toBe(lowContract.contract.id);
    expect((await myDaily(mid)).pending).toBeNull();

    const confirmed = await offerOk(top, mid, LOW, { confirm: true });
    expect(confirmed.contract.status).toBe('pending');
    expect(confirmed.endedContractIds.sort()).toEqual([lowContract.contract.id, bottomContract.contract.id].sort());
    expect((await myDaily(low)).active).toBeNull();
    expect((await myDaily(bottom)).active).toBeNull();
    const open = await t.app.services.agentContracts.openContracts((await t.app.services.merchants.current()).id);
    expect(open.find((c) => c.id === lowContract.contract.id)).toBeUndefined();
    expect(await auditActions(lowContract.contract.id)).toEqual(['agent_contract.offer', 'agent_contract.sign', 'agent_contract.end']);

    for (const holder of [low, bottom]) {
      const inbox = (await expectOk(await call('GET', '/wps/member/inbox', holder))) as { list: { title: string }[] };
      expect(inbox.list[0]?.title).toBe('Hợp đồng lương ngày đã chấm dứt / Your daily wage contract has ended');
    }
    const midInbox = (await expectOk(await call('GET', '/wps/member/inbox', mid))) as { list: unknown[] };
    expect(midInbox.list).toEqual([]);

    // mid signs the lower terms; its earlier contract ends, replaced.
    const signed = await signOk(mid, confirmed.request?.id ?? 0);
    expect(signed.contract.status).toBe('active');
    expect((await myDaily(mid)).active?.tiers).toEqual(LOW);
  });

  it('ends a contract by agreement after a termination request, and the holder ends its own at once', async () => {
    const lowOffer = await offerOk(mid, low, LOW);
    const lowContract = await signOk(low, lowOffer.request?.id ?? 0);

    expectRefused(
      await call('POST', `${BASE}/MCS2_requestContractTermination`, top, { contractId: lowContract.contract.id }),
      404,
      'agent_contract_not_found',
    );
    const asked = (await expectOk(
      await call('POST', `${BASE}/MCS2_requestContractTermination`, mid, { contractId: lowContract.contract.id }),
    )) as ChangeValue;
    const again = (await expectOk(
      await call('POST', `${BASE}/MCS2_requestContractTermination`, mid, { contractId: lowContract.contract.id }),
    )) as ChangeValue;
    expect(again.request?.id).toBe(asked.request?.id);
    expect(await consolidated(low)).toMatchObject({ dailysalreqtype: 'termination' });

    const kept = (await expectOk(await call('POST', `${BASE}/MCS2_rejectContract`, low, { requestId: asked.request?.id }))) as ChangeValue;
    expect(kept.contract.status).toBe('active');
    expect(await consolidated(low)).toMatchObject({ dailysalreqtype: null });

    const askedAgain = (await expectOk(
      await call('POST', `${BASE}/MCS2_requestContractTermination`, mid, { contractId: lowContract.contract.id }),
    )) as ChangeValue;
    const agreed = await signOk(low, askedAgain.request?.id ?? 0);
    expect(agreed.contract).toMatchObject({ status: 'terminated', endReason: 'agreed' });

    // mid ends its own contract: gone at once.
    const midActive = (await myDaily(mid)).active;
    const ended = (await expectOk(await call('POST', `${BASE}/MCS2_terminateContract`, mid, { contractId: midActive?.id }))) as ChangeValue;
    expect(ended.contract).toMatchObject({ status: 'terminated', endReason: 'by_holder' });
    expectRefused(
      await call('POST', `${BASE}/MCS2_terminateContract`, mid, { contractId: midActive?.id }),
      409,
      'agent_contract_state_changed',
    );
  });

  it('refuses offers and signatures of a paused kind until it is resumed', async () => {
    const paused = (await expectOk(await adminCall('PUT', `${ADMIN_BASE}/kinds/dailyWage`, { isPaused: true }))) as {
      pausedKinds: string[];
    };
    expect(paused.pausedKinds).toEqual(['dailyWage']);
    expectRefused(await offer(top, mid, LOW), 403, 'agent_contract_kind_paused');
    expect((await myDaily(top)).isPaused).toBe(true);
    await expectOk(await adminCall('PUT', `${ADMIN_BASE}/kinds/dailyWage`, { isPaused: false }));
    const offered = await offerOk(top, mid, LOW);
    expect(offered.contract.status).toBe('pending');
  });

  it('refuses every agent call of a kind whose settings tree node is off, reads and actions, and changes nothing', async () => {
    const merchant = await t.app.services.merchants.current();
    const setTree = (tree: SettingsTreeNode[]) => t.app.services.settings.set(merchant.id, settingsTreeSetting, tree, 'test');
    const waiting = (await myDaily(mid)).requests.find((r) => r.type === 'new');
    expect(waiting).toBeDefined();
    const topActive = (await myDaily(top)).active;
    await setTree(withNode(DEFAULT_SETTINGS_TREE, 'DAILYSALARY', '0'));
    try {
      const refusals = [
        call('GET', `${BASE}/MCSFE_getDailySalaryContract`, top),
        call('GET', `${BASE}/MCSFE_getDailySalaryDownlineContracts?pageNo=1&pageSize=10`, top),
        call('GET', `${BASE}/MCSFE_getDailySalaryContractRecords?pageNo=1&pageSize=10`, top),
        offer(top, mid2, LOW),
        call('POST', `${BASE}/MCS2_signContract`, mid, { requestId: waiting?.id, confirm: true }),
        call('POST', `${BASE}/MCS2_rejectContract`, mid, { requestId: waiting?.id }),
        call('POST', `${BASE}/MCS2_terminateContract`, top, { contractId: waiting?.contractId }),
        call('POST', `${BASE}/MCS2_requestContractTermination`, top, { contractId: waiting?.contractId }),
      ];
      for (const res of await Promise.all(refusals)) expectRefused(res, 403, 'agent_contract_kind_off');
      // The consolidated funds key of the kind reports no request while its node is off.
      expect(await consolidated(mid)).toMatchObject({ dailysalreqtype: null });
      const vi = await call('GET', `${BASE}/MCSFE_getDailySalaryContract`, top, undefined, 'vi');
      expect(vi.json()).toMatchObject({ code: 'agent_contract_kind_off', message: errorMessage('agent_contract_kind_off', 'vi') });
      // The other kinds go on, and so do the operator's calls.
      await expectOk(await call('GET', `${BASE}/MCSFE_getDividendContract`, top));
      await expectOk(await call('POST', `${BASE}/MCSFE_getHourSalaryContract`, top, {}));
      await expectOk(await adminCall('GET', `${ADMIN_BASE}?kind=dailyWage&pageNo=1&pageSize=10`));

      // The contract area off (or the agent area) turns every kind off.
      await setTree(withNode(DEFAULT_SETTINGS_TREE, 'CONTRACT', '0'));
      expectRefused(await call('GET', `${BASE}/MCSFE_getDividendContract`, top), 403, 'agent_contract_kind_off');
      expectRefused(await call('POST', `${BASE}/MCSFE_getRealtimeSalaryContract`, top, {}), 403, 'agent_contract_kind_off');
      await setTree(withNode(DEFAULT_SETTINGS_TREE, 'AGENT', '0'));
      expectRefused(await call('POST', `${BASE}/MCSFE_getHourSalaryContract`, top, {}), 403, 'agent_contract_kind_off');
    } finally {
      await setTree(DEFAULT_SETTINGS_TREE);
    }
    // Nothing changed: the offer still waits (and the key reports it again), top's contract stands.
    expect((await consolidated(mid)).dailysalreqtype).not.toBeNull();
    expect((await myDaily(mid)).requests.map((r) => r.id)).toContain(waiting?.id);
    expect((await myDaily(top)).active?.id).toBe(topActive?.id);
  });
});

/** The tree with one node (found at any depth) switched on or off. */
function withNode(tree: readonly SettingsTreeNode[], modId: string, enabled: '0' | '1'): SettingsTreeNode[] {
  return tree.map((n) => ({
    ...n,
    enabled: n.modId === modId ? enabled : n.enabled,
    childrenNodes: withNode(n.childrenNodes, modId, enabled),
  }));
}
