import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** The profile columns a member edits in the member centre. */
type ProfileColumns = Omit<Updateable<DB['member_profiles']>, 'member_id' | 'contacts' | 'created_at'>;

export async function findProfile(db: Executor, memberId: number) {
  return db.selectFrom('member_profiles').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** The member's registration contacts, with the profile row locked for the rest of the transaction. */
export async function lockProfileContacts(trx: Transaction<DB>, memberId: number) {
  return trx.selectFrom('member_profiles').select('contacts').where('member_id', '=', memberId).forUpdate().executeTakeFirst();
}

export async function updateProfile(db: Executor, memberId: number, columns: ProfileColumns, contacts: string): Promise<void> {
  await db
    .updateTable('member_profiles')
    .set({ ...columns, contacts })
    .where('member_id', '=', memberId)
    .execute();
}

/** Creates the profile row (a member registered before profiles existed has none). */
export async function insertProfile(db: Executor, memberId: number, columns: ProfileColumns, contacts: string): Promise<void> {
  await db
    .insertInto('member_profiles')
    .values({ member_id: memberId, contacts, ...columns })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...columns, contacts }))
    .execute();
}

export async function findAvatar(db: Executor, memberId: number) {
  return db.selectFrom('member_avatars').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

export async function upsertAvatar(
  db: Executor,
  memberId: number,
  row: { builtin: string | null; image: Buffer | null; content_type: string | null; updated_at: Date },
): Promise<void> {
  await db
    .insertInto('member_avatars')
    .values({ member_id: memberId, ...row })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(row))
    .execute();
}
