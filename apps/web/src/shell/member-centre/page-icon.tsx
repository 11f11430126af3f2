import type { MemberCentrePage } from '../../state/member-centre-pages.ts';

/** One line icon per page, drawn like the shell's icons (stroke follows the text colour). */
const PATHS: Record<MemberCentrePage, string> = {
  securityCenter: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3zm-3 9l2 2 4-4',
  transferFund: 'M3 7h15a3 3 0 013 3v7a3 3 0 01-3 3H6a3 3 0 01-3-3V7zm0 0l12-3v3m2 7h.01',
  depositv2: 'M12 4v11m0 0l-4-4m4 4l4-4M5 20h14',
  withdraw: 'M12 20V9m0 0l-4 4m4-4l4 4M5 4h14',
  transferUpline: 'M7 17L17 7m0 0H9m8 0v8',
  personalHistoryCopy: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  transactionHistory: 'M4 7h16M4 12h16M4 17h10M18 15l2 2-2 2',
  personalProfit: 'M4 19h16M6 15l4-4 3 3 5-6',
  bonusDetails: 'M20 12a8 8 0 11-2.34-5.66M20 4v5h-5M12 8v8M9.5 10.5h4a1.5 1.5 0 010 3h-3a1.5 1.5 0 000 3h4',
  rewardCenter: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3-5-1s3 1 5 1zm0 0c1.5-3 5-3 5-1s-3 1-5 1z',
  referral: 'M9 11a3 3 0 100-6 3 3 0 000 6zM3 20a6 6 0 0112 0M18 8v6M15 11h6',
  missionLeaderboard: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0V4zM7 6H4a3 3 0 003 4M17 6h3a3 3 0 01-3 4',
  messageV2: 'M4 6h16v12H4zM4 7l8 6 8-6',
  manualRebate: 'M7 11V6a2 2 0 014 0v5m0-3a2 2 0 014 0v3m0-1a2 2 0 014 0v4a6 6 0 01-6 6h-2a6 6 0 01-5-2.7L3.5 13a1.8 1.8 0 013-2l.5.6',
  playerRank: 'M12 3l2.7 5.5 6 .9-4.4 4.2 1 6L12 16.8 6.7 19.6l1-6L3.3 9.4l6-.9L12 3z',
};

export function PageIcon({ page }: { page: MemberCentrePage }) {
  return (
    <svg
      className="icon member-centre__menu-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[page]} />
    </svg>
  );
}
