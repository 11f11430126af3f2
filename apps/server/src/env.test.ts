import { describe, expect, it } from 'vitest';
import {
  EnvError,
  parseEnv,
  publicUrlOf,
  replaysPublishedResults,
  SANDBOX_GATEWAY_DEVELOPMENT_SECRET,
  sandboxGatewayConfig,
  shouldSeedDemoData,
} from './env.ts';

/** Production needs the key of authenticator secrets at rest (ADR 0022). */
const PRODUCTION = { NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: '11'.repeat(32) } as const;

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
    expect(shouldSeedDemoData(parseEnv({ ...PRODUCTION }))).toBe(false);
    expect(shouldSeedDemoData(parseEnv({ ...PRODUCTION, SEED_DEMO_DATA: 'true' }))).toBe(true);
    expect(shouldSeedDemoData(parseEnv({ SEED_DEMO_DATA: 'false' }))).toBe(false);
  });

  it('replays published lottery sheets in development only, and never over a real feed', () => {
    expect(replaysPublishedResults(parseEnv({}))).toBe(true);
    expect(replaysPublishedResults(parseEnv({ NODE_ENV: 'test' }))).toBe(false);
    expect(replaysPublishedResults(parseEnv({ ...PRODUCTION }))).toBe(false);
    expect(replaysPublishedResults(parseEnv({ LOTTERY_RESULTS_FEED_URL: 'https://results.example/feed' }))).toBe(false);
    expect(replaysPublishedResults(parseEnv({ NODE_ENV: 'test', LOTTERY_RESULTS_REPLAY: 'true' }))).toBe(true);
  });

  it('runs the sandbox payment gateway outside production on port 8090 with the development secret', () => {
    expect(sandboxGatewayConfig(parseEnv({}))).toEqual({
      port: 8090,
      secret: SANDBOX_GATEWAY_DEVELOPMENT_SECRET,
      url: 'http://127.0.0.1:8090',
      publicUrl: 'http://localhost:8090',
    });
    expect(publicUrlOf(parseEnv({ PORT: '9000' }))).toBe('http://localhost:9000');
  });

  it('keeps the sandbox gateway off in production, and refuses to turn it on there without a secret', () => {
    expect(sandboxGatewayConfig(parseEnv({ ...PRODUCTION }))).toBeNull();
    expect(() => sandboxGatewayConfig(parseEnv({ ...PRODUCTION, SANDBOX_GATEWAY_ENABLED: 'true' }))).toThrow(/SANDBOX_GATEWAY_SECRET/);
    const secret = 'a-production-sandbox-secret';
    expect(sandboxGatewayConfig(parseEnv({ ...PRODUCTION, SANDBOX_GATEWAY_ENABLED: 'true', SANDBOX_GATEWAY_SECRET: secret }))?.secret).toBe(
      secret,
    );
    expect(() => parseEnv({ SANDBOX_GATEWAY_SECRET: 'short' })).toThrow(/SANDBOX_GATEWAY_SECRET/);
  });
});
