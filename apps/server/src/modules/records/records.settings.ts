import { z } from 'zod';
import { isValidTimeZone } from '../../lib/time-zone.ts';
import { defineSetting } from '../settings/settings.service.ts';

export const DEFAULT_MEMBER_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/**
 * The time zone members' dates are read in (records' date filters, profit days, limit periods).
 * Members have no time zone of their own yet, so it is the merchant's; `timeZoneOf` in the records
 * service is the one place to change when they do.
 */
export const memberTimeZoneSetting = defineSetting(
  'members.timeZone',
  z.string().refine(isValidTimeZone, 'an IANA time zone name'),
  DEFAULT_MEMBER_TIME_ZONE,
);
