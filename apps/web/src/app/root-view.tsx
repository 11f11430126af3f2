import { SYSTEM_STATUS } from '@platform/contracts/system-status';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../api/get-system-status.ts';
import { usePermission } from '../api/home-queries.ts';
import { FullPageError } from '../components/full-page-error.tsx';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { preparePopupAnnouncements } from '../features/content/components/popup-announcement-launcher.tsx';
import { StatusPageCustomerService } from '../features/customer-service/components/customer-service-button.tsx';
import { DomainBlockedPage } from '../features/system/components/domain-blocked-page.tsx';
import { MaintenancePage } from '../features/system/components/maintenance-page.tsx';
import { RegionBlockedPage } from '../features/system/components/region-blocked-page.tsx';
import { NormalSite } from './normal-site.tsx';

/**
 * The spec's root views, chosen by the system status: normal, maintenance, region blocked; and a
 * host that is not one of the operator's domains (the permission call's `host.isAllowed`).
 */
export function RootView() {
  const status = useSystemStatus();
  const permission = usePermission();
  const isSiteOpen =
    status.data?.status !== SYSTEM_STATUS.maintenance &&
    status.data?.status !== SYSTEM_STATUS.regionRestricted &&
    permission.data?.host.isAllowed !== false;
  const isOpenNow = !status.isPending && !permission.isPending && !status.isError && isSiteOpen;
  // The answers arrive in a store update, which React draws at once; the whole site's first drawing
  // is instead a transition (drawn in slices, the loader staying until it is done), so the page's
  // start is not one long task (docs/web-shell.md, "First paint").
  const mayDrawSite = useDeferredValue(isOpenNow);
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (isOpenNow) void preparePopupAnnouncements(queryClient, i18n.language);
  }, [isOpenNow, queryClient, i18n]);
  // The site waits for the domain check too; if the check itself fails, the site shows as usual.
  if (status.isPending || permission.isPending) return <FullPageLoader />;
  if (status.isError) return <FullPageError error={status.error} onRetry={() => void status.refetch()} isRetrying={status.isFetching} />;
  switch (status.data.status) {
    case SYSTEM_STATUS.maintenance:
      return (
        <MaintenancePage
          status={status.data}
          customerService={<StatusPageCustomerService fallbackUrl={status.data.customerServiceUrl} />}
        />
      );
    case SYSTEM_STATUS.regionRestricted:
      return (
        <RegionBlockedPage
          status={status.data}
          customerService={<StatusPageCustomerService fallbackUrl={status.data.customerServiceUrl} />}
        />
      );
    default:
      if (permission.data?.host.isAllowed === false)
        return (
          <DomainBlockedPage
            host={permission.data.host.name}
            customerService={<StatusPageCustomerService fallbackUrl={status.data.customerServiceUrl} />}
          />
        );
      return mayDrawSite ? <NormalSite /> : <FullPageLoader />;
  }
}
