import type { RoundNames } from './bet-records.names.ts';
import type { BetRecord } from './bet-records.service.ts';

const STATUS_OUT = { open: 'OPEN', settled: 'SETTLED', cancelled: 'CANCELLED' } as const;

export function resultOf(row: Pick<BetRecord, 'status' | 'stake' | 'payout'>): 'WIN' | 'LOSE' | 'TIE' | 'PENDING' | 'CANCELLED' {
  if (row.status === 'open') return 'PENDING';
  if (row.status === 'cancelled') return 'CANCELLED';
  if (row.payout > row.stake) return 'WIN';
  return row.payout === row.stake ? 'TIE' : 'LOSE';
}

/**
 * A round as the member reads it; `names` are the catalogue's (null where it has none); `detailBase`
 * the address where its vendor shows a round's detail and proof (`<base>/round/<game>/<round>`).
 */
export function presentBetRecord(
  row: BetRecord,
  names: RoundNames = { gameName: null, vendorName: null },
  detail?: { base: string; language: string },
) {
  return {
    id: row.id,
    roundId: row.roundId,
    vendorCode: row.vendorCode,
    gameCode: row.gameCode,
    gameName: names.gameName,
    vendorName: names.vendorName,
    gameCategory: row.gameCategory,
    currency: row.currency,
    stake: row.stake,
    validBet: row.validBet,
    payout: row.payout,
    winLoss: row.winLoss,
    status: STATUS_OUT[row.status],
    result: resultOf(row),
    isTrial: row.isTrial,
    betTime: new Date(row.openedAt).toISOString(),
    settleTime: row.settledAt ? new Date(row.settledAt).toISOString() : null,
    outcome: row.outcome ?? null,
    proofUrl: detail
      ? `${detail.base.replace(/\/+$/, '')}/round/${encodeURIComponent(row.gameCode)}/${encodeURIComponent(row.roundId)}?lang=${detail.language === 'vi' ? 'vi' : 'en'}`
      : null,
  };
}

/** Names on public boards follow the one masking rule. */
export { maskName } from '@platform/contracts/name-mask';
