import { type Kysely, sql } from 'kysely';

/**
 * PGlite prepares each query, and a prepared statement holds one command, so a migration's DDL is
 * sent one statement at a time. Statements end with `;` at the end of a line. A function body with
 * `$$` quoting must be sent on its own with `sql`.
 */
export async function executeStatements(db: Kysely<unknown>, script: string): Promise<void> {
  if (script.includes('$$')) throw new Error('executeStatements cannot split dollar-quoted bodies');
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
