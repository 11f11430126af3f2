import { PlayerRank } from '../../../features/vip/components/player-rank.tsx';

/** Player rank (`playerRank`): the member's VIP level, its progress to the next and the ladder (docs/vip-and-rebates.md). */
export function PlayerRankPage() {
  return <PlayerRank />;
}
