import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, shouldSeedDemoData } from './env.ts';

describe('environment', () => {
  it('defaults to port 8080 and ./data with the embedded database', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('fails fast naming the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('seeds demo data outside production only, unless told otherwise', () => {
    expect(shouldSeedDemoData(parseEnv({}))).toBe(true);
    expect(shouldSeedDemoData(parseEnv({ NODE_ENV: 'production' }))).toBe(false);
    expect(shouldSeedDemoData(parseEnv({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }))).toBe(true);
    expect(shouldSeedDemoData(parseEnv({ SEED_DEMO_DATA: 'false' }))).toBe(false);
  });
});
