import type { AppDownloadTranslation } from './vi.ts';

/** English, complete: the type makes a missing key a build error. Other languages fall back to it. */
export const appDownloadEn: AppDownloadTranslation = {
  intro: 'Play Lotus on your phone: install the app for iOS or Android, or add the site to your home screen with iOS lite.',
  scan: 'Scan with your phone camera',
  qrLabel: 'QR code to download the {{name}}',
  notAvailable: 'Not available yet',
  loading: 'Loading the app links…',
  loadError: 'The app links could not be loaded. iOS lite still works; try again later to download the apps.',
  retry: 'Try again',
  installNow: 'Install now',
  installed: 'Lotus is installed on this device.',
  seeGuide: 'See the guide',
  platforms: {
    ios: {
      name: 'iOS app',
      description: 'For iPhone and iPad.',
      download: 'Download for iOS',
      missing: 'The iOS app is on its way. Meanwhile, use iOS lite next to it.',
    },
    android: {
      name: 'Android app',
      description: 'The APK installer for Android phones.',
      download: 'Download for Android',
      missing: 'The Android app is on its way. Meanwhile, you can add the site to your home screen (see the guide).',
    },
    iosLite: {
      name: 'iOS lite',
      description: 'Add the site to your home screen: light, nothing to install, always the latest version.',
    },
  },
  guide: {
    title: 'Installation guide',
    ios: [
      'Tap “Download for iOS” or scan the QR code with the iPhone camera.',
      'When asked, choose “Install” and wait for the Lotus icon on the home screen.',
      'If you see “Untrusted Enterprise Developer”, go to Settings › General › VPN & Device Management, choose Lotus’s developer and tap “Trust”.',
      'Open the Lotus app and log in with your account.',
    ],
    android: [
      'Tap “Download for Android” or scan the QR code, then download the APK file.',
      'Open the downloaded file. If the phone asks, allow your browser to “Install unknown apps” and come back.',
      'Tap “Install” and wait until it is done.',
      'Open the Lotus app and log in with your account.',
    ],
    iosLite: [
      'Open this page in Safari on the iPhone (scan the QR code with the camera).',
      'Tap the Share button (the square with an arrow pointing up) in the bottom bar.',
      'Choose “Add to Home Screen”, then tap “Add”.',
      'Open Lotus from the home screen: the site runs full screen like an app.',
    ],
    otherBrowsers:
      'On Android or a computer, Chrome and Edge can install the site too: open the ⋮ menu and choose “Install app”, or tap “Install now” when that button shows.',
    safety: 'Only download the app from this page. Lotus never asks for your password by message or call.',
  },
};
