import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * A scheduled job's slot (its name and minute) is claimed by one node; a claim left running for
 * longer than `abandonedAfterMinutes` may be taken over. Answers whether this node holds the slot.
 */
export async function claim(
  db: Kysely<DB>,
  slot: { name: string; slotAt: Date; node: string; abandonedAfterMinutes: number },
): Promise<boolean> {
  const claimed = await sql<{ name: string }>`
      INSERT INTO job_slots (name, slot_at, status, node)
      VALUES (${slot.name}, ${slot.slotAt}, 'running', ${slot.node})
      ON CONFLICT (name, slot_at) DO UPDATE SET node = excluded.node, started_at = now()
      WHERE job_slots.status = 'running'
        AND job_slots.started_at < now() - make_interval(mins => ${slot.abandonedAfterMinutes})
      RETURNING name`.execute(db);
  return claimed.rows.length === 1;
}

export async function release(db: Kysely<DB>, name: string, slotAt: Date): Promise<void> {
  await db.deleteFrom('job_slots').where('name', '=', name).where('slot_at', '=', slotAt).execute();
}

export async function complete(db: Kysely<DB>, name: string, slotAt: Date, at: Date): Promise<void> {
  await db
    .updateTable('job_slots')
    .set({ status: 'completed', finished_at: at })
    .where('name', '=', name)
    .where('slot_at', '=', slotAt)
    .execute();
}

/** Deletes the job's slots older than `retentionDays`. */
export async function prune(db: Kysely<DB>, name: string, retentionDays: number): Promise<void> {
  await sql`DELETE FROM job_slots WHERE name = ${name} AND slot_at < now() - make_interval(days => ${retentionDays})`.execute(db);
}
