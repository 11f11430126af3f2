import { createHouseGames } from './house-games.ts';

/**
 * Runs the house game server on its own: `npm start -w @platform/house-games`. `npm start` of the
 * server runs it in-process instead (HOUSE_GAMES_ENABLED); either way it reaches the platform over
 * HTTP only.
 */
const port = Number(process.env.HOUSE_GAMES_PORT ?? 8092);
const platformUrl = process.env.PLATFORM_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const optionalNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const crash = {
  bettingMs: optionalNumber('HOUSE_CRASH_BETTING_MS'),
  pauseMs: optionalNumber('HOUSE_CRASH_PAUSE_MS'),
  ratePerMs: optionalNumber('HOUSE_CRASH_RATE_PER_MS'),
  rootSeed: process.env.HOUSE_CRASH_ROOT_SEED,
  salt: process.env.HOUSE_CRASH_SALT,
  chainLength: optionalNumber('HOUSE_CRASH_CHAIN_LENGTH'),
};
const baccarat = {
  bettingMs: optionalNumber('HOUSE_BACCARAT_BETTING_MS'),
  revealStepMs: optionalNumber('HOUSE_BACCARAT_REVEAL_STEP_MS'),
  pauseMs: optionalNumber('HOUSE_BACCARAT_PAUSE_MS'),
};
const fishing = {
  batchMs: optionalNumber('HOUSE_FISHING_BATCH_MS'),
  waveMs: optionalNumber('HOUSE_FISHING_WAVE_MS'),
};
const solo = { idleMs: optionalNumber('HOUSE_SOLO_IDLE_MS') };
// Several game-server nodes (ADR 0048): each relays every table's channel through Redis; one of them
// runs the shared rounds, the others set HOUSE_GAMES_RUNS_TABLES=false and ask it.
const channels = {
  redisUrl: process.env.HOUSE_GAMES_REDIS_URL || undefined,
  prefix: process.env.HOUSE_GAMES_CHANNEL_PREFIX || undefined,
  runsTables: process.env.HOUSE_GAMES_RUNS_TABLES ? process.env.HOUSE_GAMES_RUNS_TABLES !== 'false' : undefined,
};
const house = createHouseGames({
  platformUrl,
  secret: process.env.HOUSE_GAMES_SECRET ?? 'dev-only-house-games-secret',
  dataDir: process.env.HOUSE_GAMES_DATA_DIR ?? './house-games-data',
  siteOrigins: (process.env.SITE_ORIGINS ?? `http://localhost:${process.env.PORT ?? 8080} http://127.0.0.1:${process.env.PORT ?? 8080}`)
    .split(/[\s,]+/)
    .filter(Boolean),
  crash: Object.fromEntries(Object.entries(crash).filter(([, v]) => v !== undefined)),
  baccarat: Object.fromEntries(Object.entries(baccarat).filter(([, v]) => v !== undefined)),
  fishing: Object.fromEntries(Object.entries(fishing).filter(([, v]) => v !== undefined)),
  solo: Object.fromEntries(Object.entries(solo).filter(([, v]) => v !== undefined)),
  channels: Object.fromEntries(Object.entries(channels).filter(([, v]) => v !== undefined)),
  log: (message, data) => console.log(JSON.stringify({ houseGames: true, msg: message, ...data })),
});
const url = await house.listen(port, process.env.HOUSE_GAMES_HOST ?? '127.0.0.1');
await house.start();
console.log(JSON.stringify({ houseGames: true, msg: 'house game server listening', url, platformUrl }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    house.close().then(() => process.exit(0));
  });
}
