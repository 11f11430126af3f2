import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The team reads of the agent centre's management page that `member-directory.repository.ts` does
 * not have: a search by username inside a team, the size of several members' teams at once and
 * their last logins. Other modules call them through `team-directory.ts` (ADR 0013).
 */

type TeamRoot = { id: number; merchantId: number; uplinePath: string };

/** A LIKE pattern matching the text anywhere, with LIKE's own characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

function prefixPattern(path: string): string {
  return `${path.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Members of the agent's team (every level, never the agent) whose username contains `text`, any case. */
export async function searchTeam(db: Executor, agent: TeamRoot, text: string, page: { limit: number; offset: number }) {
  const base = db
    .selectFrom('members')
    .where('members.merchant_id', '=', agent.merchantId)
    .where('members.upline_path', 'like', prefixPattern(agent.uplinePath))
    .where('members.id', '<>', agent.id)
    .where(sql<boolean>`lower(members.username) like lower(${containsPattern(text)})`);
  const [rows, total] = await Promise.all([
    base
      .select([
        'members.id as id',
        'members.merchant_id as merchantId',
        'members.username as username',
        'members.nickname as nickname',
        'members.account_type as accountType',
        'members.parent_id as parentId',
        'members.upline_path as uplinePath',
        'members.currency as currency',
        'members.status as status',
        'members.created_at as createdAt',
      ])
      .orderBy(sql`length(members.username)`)
      .orderBy('members.username')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * The size of each member's own team (every level below it). Paths hold only digits and '/', so a
 * team is the range [path, path || '~') in byte order, which the text_pattern_ops index answers.
 */
export async function teamSizesOf(db: Executor, merchantId: number, members: readonly { id: number; uplinePath: string }[]) {
  if (members.length === 0) return [];
  const ids = members.map((m) => m.id);
  const paths = members.map((m) => m.uplinePath);
  const result = await sql<{ id: string; n: string }>`
    select r.id, (
      select count(*) from members t
      where t.merchant_id = ${merchantId}
        and t.upline_path ~>=~ r.path and t.upline_path ~<~ (r.path || '~')
        and t.id <> r.id
    ) as n
    from unnest(${ids}::bigint[], ${paths}::text[]) as r(id, path)`.execute(db);
  return result.rows.map((r) => ({ id: Number(r.id), teamSize: Number(r.n) }));
}

/** When each member last logged in (members who never did are left out). */
export async function findLastLogins(db: Executor, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('member_security')
    .select(['member_id', 'last_login_at'])
    .where('member_id', 'in', [...memberIds])
    .where('last_login_at', 'is not', null)
    .execute();
  return rows.map((r) => ({ memberId: Number(r.member_id), lastLoginAt: r.last_login_at as Date }));
}
