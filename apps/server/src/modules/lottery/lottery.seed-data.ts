import { betTypesOf, defaultOddsMilli, LOTTERY_REGIONS, stakeMultiplier } from '@platform/games/lottery';
import type { LotteryRegionColumn } from './lottery.tables.ts';

/** The lottery vendor code of the catalogue and the spec. */
export const LOTTERY_VENDOR_CODE = 'TCG_LOTTO_VN';

export type LotteryGameSpec = {
  code: string;
  category: 'LOTT' | 'ELOTT';
  region: LotteryRegionColumn;
  province: string;
  name: { vi: string; en: string };
  menuTag: string;
  /** 1 = Sunday (Chủ nhật), 2 = Monday (Thứ 2) .. 7 = Saturday (Thứ 7). */
  drawDays: number[];
  drawTime: string | null;
  intervalSeconds: number | null;
  lockSeconds: number;
  resultSource: 'rng' | 'official';
};

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
/** Betting on a daily station closes this long before its draw. */
const STATION_LOCK_SECONDS = 15 * 60;
/** A fast game closes this long before its draw. */
const FAST_LOCK_SECONDS = 10;

function station(region: LotteryRegionColumn, code: string, province: string, vi: string, en: string, drawDays: number[]): LotteryGameSpec {
  const drawTime = region === 'north' ? '18:15' : region === 'central' ? '17:15' : '16:15';
  const menuTag = region === 'north' ? 'MB' : region === 'central' ? 'MT' : 'MN';
  return {
    code,
    category: 'LOTT',
    region,
    province,
    name: { vi, en },
    menuTag,
    drawDays,
    drawTime,
    intervalSeconds: null,
    lockSeconds: STATION_LOCK_SECONDS,
    resultSource: 'official',
  };
}

function fast(code: string, minutes: number): LotteryGameSpec {
  return {
    code,
    category: 'ELOTT',
    region: 'north',
    province: 'house',
    name: { vi: `Xổ số nhanh ${minutes} phút`, en: `Fast lottery ${minutes} min` },
    menuTag: 'EL',
    drawDays: ALL_DAYS,
    drawTime: null,
    intervalSeconds: minutes * 60,
    lockSeconds: FAST_LOCK_SECONDS,
    resultSource: 'rng',
  };
}

/**
 * The demo stations and their weekly schedule as published by the lottery companies (the
 * northern draw every day; the southern and central provinces on their days). Operators edit the
 * rows; provinces and days change, so none of this is code.
 */
export const DEMO_LOTTERY_GAMES: readonly LotteryGameSpec[] = [
  station('north', 'MB', 'Hà Nội', 'Miền Bắc', 'Northern draw', ALL_DAYS),
  // Southern provinces (16:15).
  station('south', 'TPHCM', 'TP. Hồ Chí Minh', 'TP. Hồ Chí Minh', 'Ho Chi Minh City', [2, 7]),
  station('south', 'DT', 'Đồng Tháp', 'Đồng Tháp', 'Dong Thap', [2]),
  station('south', 'CM', 'Cà Mau', 'Cà Mau', 'Ca Mau', [2]),
  station('south', 'BTR', 'Bến Tre', 'Bến Tre', 'Ben Tre', [3]),
  station('south', 'VT', 'Vũng Tàu', 'Vũng Tàu', 'Vung Tau', [3]),
  station('south', 'BL', 'Bạc Liêu', 'Bạc Liêu', 'Bac Lieu', [3]),
  station('south', 'DN', 'Đồng Nai', 'Đồng Nai', 'Dong Nai', [4]),
  station('south', 'CT', 'Cần Thơ', 'Cần Thơ', 'Can Tho', [4]),
  station('south', 'ST', 'Sóc Trăng', 'Sóc Trăng', 'Soc Trang', [4]),
  station('south', 'TN', 'Tây Ninh', 'Tây Ninh', 'Tay Ninh', [5]),
  station('south', 'AG', 'An Giang', 'An Giang', 'An Giang', [5]),
  station('south', 'BTH', 'Bình Thuận', 'Bình Thuận', 'Binh Thuan', [5]),
  station('south', 'VL', 'Vĩnh Long', 'Vĩnh Long', 'Vinh Long', [6]),
  station('south', 'BD', 'Bình Dương', 'Bình Dương', 'Binh Duong', [6]),
  station('south', 'TV', 'Trà Vinh', 'Trà Vinh', 'Tra Vinh', [6]),
  station('south', 'LA', 'Long An', 'Long An', 'Long An', [7]),
  station('south', 'BP', 'Bình Phước', 'Bình Phước', 'Binh Phuoc', [7]),
  station('south', 'HG', 'Hậu Giang', 'Hậu Giang', 'Hau Giang', [7]),
  station('south', 'TG', 'Tiền Giang', 'Tiền Giang', 'Tien Giang', [1]),
  station('south', 'KG', 'Kiên Giang', 'Kiên Giang', 'Kien Giang', [1]),
  station('south', 'DL', 'Đà Lạt', 'Đà Lạt', 'Da Lat', [1]),
  // Central provinces (17:15).
  station('central', 'TTH', 'Thừa Thiên Huế', 'Thừa Thiên Huế', 'Thua Thien Hue', [1, 2]),
  station('central', 'PY', 'Phú Yên', 'Phú Yên', 'Phu Yen', [2]),
  station('central', 'DLK', 'Đắk Lắk', 'Đắk Lắk', 'Dak Lak', [3]),
  station('central', 'QNM', 'Quảng Nam', 'Quảng Nam', 'Quang Nam', [3]),
  station('central', 'DNG', 'Đà Nẵng', 'Đà Nẵng', 'Da Nang', [4, 7]),
  station('central', 'KH', 'Khánh Hòa', 'Khánh Hòa', 'Khanh Hoa', [1, 4]),
  station('central', 'BDI', 'Bình Định', 'Bình Định', 'Binh Dinh', [5]),
  station('central', 'QT', 'Quảng Trị', 'Quảng Trị', 'Quang Tri', [5]),
  station('central', 'QB', 'Quảng Bình', 'Quảng Bình', 'Quang Binh', [5]),
  station('central', 'GL', 'Gia Lai', 'Gia Lai', 'Gia Lai', [6]),
  station('central', 'NT', 'Ninh Thuận', 'Ninh Thuận', 'Ninh Thuan', [6]),
  station('central', 'QNG', 'Quảng Ngãi', 'Quảng Ngãi', 'Quang Ngai', [7]),
  station('central', 'DNO', 'Đắk Nông', 'Đắk Nông', 'Dak Nong', [7]),
  station('central', 'KT', 'Kon Tum', 'Kon Tum', 'Kon Tum', [1]),
  // House fast e-lottery, drawn from the RNG.
  fast('EL1', 1),
  fast('EL3', 3),
  fast('EL5', 5),
];

/**
 * The operator's odds table to start from: the engine's default odds (thousandths) and stake
 * multipliers (points one unit costs) for every bet type each region offers. Operators change the
 * rows of lottery_odds afterwards.
 */
export function defaultOddsRows(merchantId: number) {
  return LOTTERY_REGIONS.flatMap((region) =>
    betTypesOf(region).map((betType) => ({
      merchant_id: merchantId,
      region,
      bet_type: betType,
      odds_milli: defaultOddsMilli(region, betType),
      stake_multiplier: stakeMultiplier(region, betType),
    })),
  );
}

/** Stake limits per unit (minor units) and the per-number risk limit of the demo games. */
export const DEMO_LIMITS = { minStake: 1_000, maxStake: 10_000_000, maxPayoutPerNumber: 2_000_000_000 } as const;
