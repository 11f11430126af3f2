import { describe, expect, it } from 'vitest';
import './zod-jitless.ts';
import { config } from 'zod';
import { config as miniConfig } from 'zod/mini';

describe('zod without compiled parsers', () => {
  it("sets the flag zod's own config reads, for zod and zod/mini", () => {
    expect(config().jitless).toBe(true);
    expect(miniConfig().jitless).toBe(true);
  });
});
