import type { PlatformModule } from '../module.ts';
import { reportsAdminRoutes } from './reports.admin-routes.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

/** The back office's reports and their streamed CSV exports, read through the modules that own each figure. */
export function createReportsModule(deps: Parameters<typeof createReportsService>[0]): PlatformModule<'reports', ReportsService> {
  const reports = createReportsService(deps);
  return { name: 'reports', service: reports, adminRoutes: reportsAdminRoutes(reports) };
}
