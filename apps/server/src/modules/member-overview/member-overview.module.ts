import type { MemberFileService } from '../accounts/member-file.service.ts';
import type { BankCardsService } from '../bank-cards/bank-cards.service.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { DepositsService } from '../deposits/deposits.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MemberLabelsService } from '../member-labels/member-labels.service.ts';
import type { PlatformModule } from '../module.ts';
import type { ResponsibleGamingService } from '../responsible-gaming/responsible-gaming.service.ts';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.ts';
import { memberOverviewAdminRoutes } from './member-overview.admin-routes.ts';
import { createMemberOverviewService, type MemberOverviewService } from './member-overview.service.ts';

/** The back office's member search and member file, put together from the modules that own each part. */
export function createMemberOverviewModule(deps: {
  memberFile: MemberFileService;
  ledger: LedgerService;
  bankCards: BankCardsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  betRecords: BetRecordService;
  kyc: KycService;
  labels: Pick<MemberLabelsService, 'labelsOf'>;
  responsibleGaming: Pick<ResponsibleGamingService, 'state'>;
  gameWallets: (member: {
    memberId: number;
    username: string;
    currency: string;
  }) => Promise<{ vendorCode: string; balance: number | null }[]>;
}): PlatformModule<'memberOverview', MemberOverviewService> {
  const overview = createMemberOverviewService(deps);
  return { name: 'memberOverview', service: overview, adminRoutes: memberOverviewAdminRoutes(overview, deps.memberFile) };
}
