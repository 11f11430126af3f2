import { APP_PLATFORMS, type AppPlatform } from '../app-entries.ts';
import { useAppDownloadTranslation } from '../i18n/register-translations.ts';

/** The steps for each platform, one section each (closed except `open`), linkable as #guide-<platform>. */
export function InstallGuide({ open }: { open: AppPlatform }) {
  const { t } = useAppDownloadTranslation();
  return (
    <section className="install-guide" aria-labelledby="install-guide-title">
      <h2 id="install-guide-title" className="install-guide__title">
        {t('guide.title')}
      </h2>
      {APP_PLATFORMS.map((platform) => {
        const steps = t(`guide.${platform}`, { returnObjects: true }) as string[];
        return (
          <details key={platform} id={`guide-${platform}`} className="install-guide__platform" open={platform === open}>
            <summary>{t(`platforms.${platform}.name`)}</summary>
            <ol className="install-guide__steps">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        );
      })}
      <p className="install-guide__note">{t('guide.otherBrowsers')}</p>
      <p className="install-guide__note install-guide__note--safety">{t('guide.safety')}</p>
    </section>
  );
}
