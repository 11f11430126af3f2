/**
 * The shared contracts build zod schemas when imported. Zod probes `new Function` to decide on its
 * compiled parsers, which the site's script policy (no eval) reports as a violation; the web never
 * parses with them, so the probe is switched off. Imported first by main.tsx, before any schema exists.
 *
 * Zod keeps its settings in one object on `globalThis` (`__zod_globalConfig`, what its `config()`
 * writes), so every copy of zod shares them. Setting the flag there rather than through `config()`
 * keeps zod itself out of the first load (about 3 KB gzipped of its core); `zod-jitless.test.ts`
 * checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
