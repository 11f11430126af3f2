import { config } from 'zod';

/**
 * The shared contracts build zod schemas when imported. Zod probes `new Function` to decide on its
 * compiled parsers, which the site's script policy (no eval) reports as a violation; the web never
 * parses with them, so the probe is switched off. Imported first by main.tsx, before any schema exists.
 */
config({ jitless: true });
