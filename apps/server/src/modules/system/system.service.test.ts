import { describe, expect, it } from 'vitest';
import { checkRegion, compileRegionRules } from './region-rules.ts';
import { isHostAllowed, isMaintenanceActive } from './system.service.ts';
import { maintenanceSetting, regionRestrictionSettingSchema } from './system.settings.ts';

describe('the host check', () => {
  it('accepts a listed domain and its subdomains, ignoring port and case, and nothing that only looks alike', () => {
    const list = ['lotus.example'];
    expect(isHostAllowed(list, 'LOTUS.example:443')).toEqual({ name: 'lotus.example', isAllowed: true });
    expect(isHostAllowed(list, 'm.lotus.example').isAllowed).toBe(true);
    expect(isHostAllowed(list, 'evillotus.example').isAllowed).toBe(false);
    expect(isHostAllowed(list, 'lotus.example.evil.test').isAllowed).toBe(false);
    expect(isHostAllowed([], 'anything.test').isAllowed).toBe(true);
  });
});

describe('the maintenance window', () => {
  const on = { ...maintenanceSetting.defaultValue, enabled: true, startsAt: '2026-11-22T01:00:00Z', endsAt: '2026-11-22T03:00:00Z' };

  it('starts at startsAt and ends just before endsAt', () => {
    expect(isMaintenanceActive(on, new Date('2026-11-22T00:59:59.999Z'))).toBe(false);
    expect(isMaintenanceActive(on, new Date('2026-11-22T01:00:00Z'))).toBe(true);
    expect(isMaintenanceActive(on, new Date('2026-11-22T02:59:59.999Z'))).toBe(true);
    expect(isMaintenanceActive(on, new Date('2026-11-22T03:00:00Z'))).toBe(false);
    expect(isMaintenanceActive({ ...on, enabled: false }, new Date('2026-11-22T02:00:00Z'))).toBe(false);
  });

  it('refuses a window that ends before it starts', () => {
    const bad = maintenanceSetting.schema.safeParse({ ...on, endsAt: '2026-11-22T00:00:00Z' });
    expect(bad.success).toBe(false);
  });
});

describe('the region rules', () => {
  const rules = (value: unknown) => compileRegionRules(regionRestrictionSettingSchema.parse(value));
  const nowhere = () => null;

  it('match a range only against addresses of its own family', () => {
    const r = rules({ enabled: true, blockedCountries: [], blockedCidrs: ['0.0.0.0/0'], allowedCidrs: [] });
    expect(checkRegion(r, '198.51.100.1', nowhere).isRestricted).toBe(true);
    expect(checkRegion(r, '2001:db8::1', nowhere).isRestricted).toBe(false);
  });

  it('use the country the lookup gives for the plain IPv4 form of a mapped address', () => {
    const r = rules({ enabled: true, blockedCountries: ['VN'], blockedCidrs: [], allowedCidrs: [] });
    const seen: string[] = [];
    const verdict = checkRegion(r, '::ffff:14.160.0.1', (ip) => {
      seen.push(ip);
      return 'VN';
    });
    expect(verdict).toEqual({ isRestricted: true, countryCode: 'VN' });
    expect(seen).toEqual(['14.160.0.1']);
  });

  it('restrict what is not an address whenever anything is blocked, and only then', () => {
    const blocking = rules({ enabled: true, blockedCountries: ['GB'], blockedCidrs: [], allowedCidrs: [] });
    expect(checkRegion(blocking, 'not-an-ip', nowhere)).toEqual({ isRestricted: true, countryCode: null });
    const open = rules({ enabled: true, blockedCountries: [], blockedCidrs: [], allowedCidrs: ['10.0.0.0/8'] });
    expect(checkRegion(open, 'not-an-ip', nowhere).isRestricted).toBe(false);
    const off = rules({ enabled: false, blockedCountries: ['GB'], blockedCidrs: [], allowedCidrs: [] });
    expect(checkRegion(off, 'not-an-ip', nowhere).isRestricted).toBe(false);
  });
});
