/**
 * The spec's system status: 1 if maintenance, else 2 if region restricted, else 0. Kept apart from
 * the schemas so the web app can use the values without bundling the schema library.
 */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;
export type SystemStatus = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];
