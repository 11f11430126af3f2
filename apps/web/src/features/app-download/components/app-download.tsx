import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../../api/home-queries.ts';
import { useInstallPrompt } from '../../../lib/install-prompt.ts';
import { type AppEntry, type AppPlatform, appEntries, devicePlatform, isAppPlatform } from '../app-entries.ts';
import { useAppDownloadTranslation } from '../i18n/register-translations.ts';
import { InstallGuide } from './install-guide.tsx';
import '../app-download.css';

const QR_SIZE = 148;

/** Opens the iOS lite guide and takes the reader there (the link alone would not open a closed section). */
function openLiteGuide() {
  const guide = document.getElementById('guide-iosLite');
  if (!(guide instanceof HTMLDetailsElement)) return;
  guide.open = true;
  guide.scrollIntoView({ block: 'start' });
  guide.querySelector('summary')?.focus();
}

function AppCard({ entry, canInstall, onInstall }: { entry: AppEntry; canInstall: boolean; onInstall: () => void }) {
  const { t } = useAppDownloadTranslation();
  const id = useId();
  const name = t(`platforms.${entry.platform}.name`);
  const qrLabel = t('qrLabel', { name });
  const isLite = entry.platform === 'iosLite';
  return (
    <li className={`app-card${entry.url ? '' : ' app-card--missing'}`} aria-labelledby={`${id}-name`} data-platform={entry.platform}>
      <div className="app-card__head">
        <img className="app-card__icon" src="/icons/icon.svg" alt="" width={48} height={48} />
        <div>
          <h2 id={`${id}-name`} className="app-card__name">
            {name}
          </h2>
          <p className="app-card__description">{t(`platforms.${entry.platform}.description`)}</p>
        </div>
      </div>
      {entry.url ? (
        <>
          <figure className="app-card__qr">
            {entry.qrImage ? (
              <img src={entry.qrImage} alt={qrLabel} width={QR_SIZE} height={QR_SIZE} />
            ) : (
              <QRCodeSVG
                value={entry.qrValue ?? entry.url}
                size={QR_SIZE}
                marginSize={2}
                bgColor="#ffffff"
                fgColor="#000000"
                title={qrLabel}
                role="img"
                aria-label={qrLabel}
              />
            )}
            <figcaption>{t('scan')}</figcaption>
          </figure>
          <div className="app-card__actions">
            {isLite && canInstall && (
              <button type="button" className="button button--primary" onClick={onInstall}>
                {t('installNow')}
              </button>
            )}
            {isLite ? (
              <button type="button" className={`button${canInstall ? ' button--ghost' : ' button--primary'}`} onClick={openLiteGuide}>
                {t('seeGuide')}
              </button>
            ) : (
              <a className="button button--primary" href={entry.url} target="_blank" rel="noopener noreferrer">
                {t(`platforms.${entry.platform}.download`)}
              </a>
            )}
          </div>
        </>
      ) : (
        <div className="app-card__missing">
          <span className="app-card__badge">{t('notAvailable')}</span>
          <p>{t(`platforms.${entry.platform}.missing`)}</p>
        </div>
      )}
    </li>
  );
}

/**
 * The app download page (/down, /download): the iOS and Android apps from the operator's resources
 * (permission.resources, types IOS and ANDROID), each with its QR code; iOS lite, which is this site
 * added to the home screen (an installable web app); and the installation guide of each, the one
 * named by `?platform=` (else the visitor's device) open first.
 */
export function AppDownload() {
  const { t } = useAppDownloadTranslation();
  const permission = usePermission();
  const install = useInstallPrompt();
  const [params] = useSearchParams();
  const asked = params.get('platform');
  const firstGuide: AppPlatform = isAppPlatform(asked) ? asked : (devicePlatform(window.navigator.userAgent) ?? 'ios');
  const entries = appEntries(permission.data?.resources ?? [], window.location.origin);

  return (
    <div className="app-download">
      <p className="app-download__intro">{t('intro')}</p>
      {permission.isPending && (
        <p className="app-download__state" role="status">
          {t('loading')}
        </p>
      )}
      {permission.isError && (
        <p className="app-download__state app-download__state--error" role="alert">
          {t('loadError')}{' '}
          <button type="button" className="link-button" onClick={() => void permission.refetch()}>
            {t('retry')}
          </button>
        </p>
      )}
      {install.isInstalled && (
        <p className="app-download__state" role="status">
          {t('installed')}
        </p>
      )}
      <ul className="app-download__cards">
        {entries.map((entry) =>
          permission.isPending && entry.platform !== 'iosLite' ? null : (
            <AppCard key={entry.platform} entry={entry} canInstall={install.canInstall} onInstall={() => void install.install()} />
          ),
        )}
      </ul>
      <InstallGuide open={firstGuide} />
    </div>
  );
}
