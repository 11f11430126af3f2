import { createRequire } from 'node:module';

/** ISO 3166-1 alpha-2 code of an IP address's country, or null when the address has none. */
export type CountryLookup = (ip: string) => string | null;

type GeoipCountry = { lookup: (ip: string) => { country: string } | null };

let geoip: GeoipCountry | undefined;

/**
 * Offline lookup with the `geoip-country` package (MaxMind GeoLite2 country data, IPv4 and IPv6,
 * shipped inside the npm package: no download at install or run time). Its data (about 8 MB) is
 * read on the first lookup rather than at import, so processes that never check a region skip it.
 * This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com.
 */
export const lookupCountry: CountryLookup = (ip) => {
  if (!geoip) geoip = createRequire(import.meta.url)('geoip-country') as GeoipCountry;
  return geoip.lookup(ip)?.country ?? null;
};
