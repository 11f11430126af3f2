import { config } from 'zod/mini';

/**
 * Zod probes `new Function` for its compiled parsers, which the site's script policy (no eval)
 * reports as a violation; the console's forms are small, so the probe is off. Imported first by main.tsx.
 */
config({ jitless: true });
