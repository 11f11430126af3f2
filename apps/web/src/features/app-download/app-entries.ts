import type { Resource } from '@platform/contracts/system';

export const APP_PLATFORMS = ['ios', 'android', 'iosLite'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/**
 * One entry of the download page. `url` is where the button leads; `qrImage` is the operator's own
 * QR image when the resource has one, else the page draws a code for `qrValue`. An app without a
 * link (`url` null) is shown as not available yet, without a button or a code.
 */
export type AppEntry = { platform: AppPlatform; url: string | null; qrValue: string | null; qrImage: string | null };

/** The operator's resource types for each platform (permission.resources, spec "codeUrl"). */
const RESOURCE_TYPES: Record<AppPlatform, readonly string[]> = {
  ios: ['IOS'],
  android: ['ANDROID', 'APK'],
  iosLite: ['IOSLITE', 'IOS_LITE'],
};

function resourceOf(resources: readonly Resource[], platform: AppPlatform): Resource | undefined {
  const types = RESOURCE_TYPES[platform];
  return resources.find((r) => types.includes(r.resourceType.trim().toUpperCase()) && r.url.trim() !== '');
}

/**
 * The three entries from the operator's resources. iOS lite is this site added to the home screen,
 * so it always exists: its code opens this page's iOS lite guide on the phone (or the operator's
 * own address for it, when one is set).
 */
export function appEntries(resources: readonly Resource[], origin: string): AppEntry[] {
  return APP_PLATFORMS.map((platform) => {
    const resource = resourceOf(resources, platform);
    const qrImage = resource?.qrCodeUrl.trim() || null;
    if (resource) return { platform, url: resource.url.trim(), qrValue: resource.url.trim(), qrImage };
    if (platform === 'iosLite') {
      const url = `${origin}/download?platform=iosLite`;
      return { platform, url, qrValue: url, qrImage: null };
    }
    return { platform, url: null, qrValue: null, qrImage: null };
  });
}

/** The platform of the visitor's device, to open its guide first; null on a computer. */
export function devicePlatform(userAgent: string): 'ios' | 'android' | null {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return null;
}

export function isAppPlatform(value: string | null): value is AppPlatform {
  return value !== null && (APP_PLATFORMS as readonly string[]).includes(value);
}
