import { SYSTEM_STATUS } from '@platform/contracts/system-status';
import { FullPageError } from '../components/full-page-error.tsx';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { useSystemStatus } from '../features/system/api/get-system-status.ts';
import { MaintenancePage } from '../features/system/components/maintenance-page.tsx';
import { RegionBlockedPage } from '../features/system/components/region-blocked-page.tsx';
import { NormalSite } from './normal-site.tsx';

/** The spec's root views, chosen by the system status: normal, maintenance, region blocked. */
export function RootView() {
  const status = useSystemStatus();
  if (status.isPending) return <FullPageLoader />;
  if (status.isError) return <FullPageError error={status.error} onRetry={() => void status.refetch()} isRetrying={status.isFetching} />;
  switch (status.data.status) {
    case SYSTEM_STATUS.maintenance:
      return <MaintenancePage status={status.data} />;
    case SYSTEM_STATUS.regionRestricted:
      return <RegionBlockedPage status={status.data} />;
    default:
      return <NormalSite />;
  }
}
