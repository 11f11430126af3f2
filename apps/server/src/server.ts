import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { parseEnv } from './env.ts';
import { fundDemoMembers } from './seed/demo-funding.ts';
import { seedDemoDataAtStartup } from './seed/demo-seed.ts';

/** Starts one server node: database, migrations, the app, then listens until told to stop. */
async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', connectionString: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: `${env.DATA_DIR}/pglite` },
  );
  await migrateToLatest(database.db);
  const app = await buildApp({ env, database });
  await seedDemoDataAtStartup(database.db, env, app.log, { afterAccounts: fundDemoMembers(app.services.ledger) });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info({ signal }, 'stopping');
    // app.close() stops the job runner (an onClose hook) before the database goes away.
    await app.close();
    await database.close();
  });

  if (env.JOBS_ENABLED) await app.jobs.start();
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
