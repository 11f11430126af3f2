import ipaddr from 'ipaddr.js';
import type { CountryLookup } from './ip-country.ts';
import type { RegionRestrictionSetting } from './system.settings.ts';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export type RegionRules = {
  isEnabled: boolean;
  blockedCountries: ReadonlySet<string>;
  blockedRanges: readonly Range[];
  allowedRanges: readonly Range[];
};

/** Parses the ranges once; the settings cache hands back the same object, so this is per change. */
const compiled = new WeakMap<RegionRestrictionSetting, RegionRules>();

export function compileRegionRules(setting: RegionRestrictionSetting): RegionRules {
  const hit = compiled.get(setting);
  if (hit) return hit;
  const rules: RegionRules = {
    isEnabled: setting.enabled,
    blockedCountries: new Set(setting.blockedCountries),
    blockedRanges: setting.blockedCidrs.map((c) => ipaddr.parseCIDR(c)),
    allowedRanges: setting.allowedCidrs.map((c) => ipaddr.parseCIDR(c)),
  };
  compiled.set(setting, rules);
  return rules;
}

/**
 * The caller's address in its plain form: an IPv4 address that arrives mapped into IPv6
 * (`::ffff:203.0.113.5`, as a dual-stack socket reports it) is treated as the IPv4 address, so
 * IPv4 rules apply to it. Null for anything that is not an address.
 */
export function normaliseIp(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const withoutZone = raw.split('%')[0] ?? raw;
  if (!ipaddr.isValid(withoutZone)) return null;
  return ipaddr.process(withoutZone);
}

function inAny(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: readonly Range[]): boolean {
  return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

export type RegionVerdict = { isRestricted: boolean; countryCode: string | null };

function hasBlockRules(rules: RegionRules): boolean {
  return rules.blockedRanges.length > 0 || rules.blockedCountries.size > 0;
}

/**
 * Allowed ranges win; then a blocked range or a blocked country restricts. An address that cannot
 * be parsed (a forged forwarding header, say) cannot prove where it is from, so it is restricted
 * whenever anything is blocked: region blocking fails closed.
 */
export function checkRegion(rules: RegionRules, ip: string, countryOf: CountryLookup): RegionVerdict {
  const address = normaliseIp(ip);
  if (!address) return { isRestricted: rules.isEnabled && hasBlockRules(rules), countryCode: null };
  const countryCode = countryOf(address.toString());
  if (!rules.isEnabled || inAny(address, rules.allowedRanges)) return { isRestricted: false, countryCode };
  const isRestricted = inAny(address, rules.blockedRanges) || (countryCode !== null && rules.blockedCountries.has(countryCode));
  return { isRestricted, countryCode };
}
