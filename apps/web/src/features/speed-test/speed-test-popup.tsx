import i18next from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { usePopupStore } from '../../state/popup-store.ts';
import { speedTestEn } from './en.ts';
import { fastestLine, type LineResult, linesOf, median, throughputMbps } from './speed-test-rules.ts';
import { speedTestVi } from './vi.ts';
import './speed-test.css';

export const SPEED_TEST_NS = 'speedTest';
/** Round trips timed per line; the median counts. */
const PINGS = 5;
/** Bytes downloaded per line to time the speed. */
const DOWNLOAD_BYTES = 262_144;

function registerTranslations(): void {
  if (!i18next.hasResourceBundle('vi', SPEED_TEST_NS)) i18next.addResourceBundle('vi', SPEED_TEST_NS, speedTestVi);
  if (!i18next.hasResourceBundle('en', SPEED_TEST_NS)) i18next.addResourceBundle('en', SPEED_TEST_NS, speedTestEn);
}

async function timed(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
}

/** Times one line: a few round trips, then one download. */
async function measure(origin: string): Promise<LineResult> {
  try {
    const rounds: number[] = [];
    for (let i = 0; i < PINGS; i += 1) rounds.push((await timed(`${origin}/wps/system/speedtest/ping`)).ms);
    const download = await timed(`${origin}/wps/system/speedtest/download?size=${DOWNLOAD_BYTES}`);
    return { origin, latencyMs: median(rounds), mbps: throughputMbps(download.bytes, download.ms), isReachable: true };
  } catch {
    return { origin, latencyMs: null, mbps: null, isReachable: false };
  }
}

/**
 * The right bar's speed test: each of the operator's addresses (the domain list) timed from this
 * browser, the fastest marked, and a way to move to another line keeping the page.
 */
export function SpeedTestPopup() {
  registerTranslations();
  const { t } = useTranslation(SPEED_TEST_NS);
  const close = usePopupStore((s) => s.close);
  const [results, setResults] = useState<LineResult[]>([]);
  const [lines, setLines] = useState<string[]>([]);
  const [isRunning, setRunning] = useState(false);

  const run = useCallback(async () => {
    setRunning(true);
    setResults([]);
    let domainList: string[] = [];
    try {
      domainList = (await apiGet<{ domainList: string[] }>('/wps/system/domainRoute')).domainList;
    } catch {
      // Without the list, this address alone is measured.
    }
    const toMeasure = linesOf(domainList, window.location);
    setLines(toMeasure);
    const measured: LineResult[] = [];
    for (const origin of toMeasure) {
      measured.push(await measure(origin));
      setResults([...measured]);
    }
    setRunning(false);
  }, []);

  useEffect(() => {
    void run();
  }, [run]);

  const fastest = isRunning ? null : fastestLine(results);
  const format = (value: number, digits: number) =>
    value.toLocaleString(i18next.language === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: digits });
  return (
    <ModalDialog title={t('title')} onClose={close}>
      <p className="dialog__text">{t('intro')}</p>
      <table className="speed-test" data-testid="speed-test">
        <caption className="visually-hidden">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('line')}</th>
            <th scope="col">{t('latency')}</th>
            <th scope="col">{t('download')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('use')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((origin) => {
            const result = results.find((r) => r.origin === origin);
            const isCurrent = origin === window.location.origin;
            return (
              <tr key={origin} data-line={origin} data-latency={result?.latencyMs ?? ''}>
                <th scope="row">
                  {new URL(origin).host}
                  {origin === fastest && <span className="speed-test__badge">{t('fastest')}</span>}
                </th>
                <td>
                  {!result
                    ? t('measuring')
                    : result.isReachable && result.latencyMs !== null
                      ? t('ms', { value: format(result.latencyMs, 0) })
                      : t('unreachable')}
                </td>
                <td>{result?.mbps != null ? t('mbps', { value: format(result.mbps, 1) }) : result ? '–' : ''}</td>
                <td>
                  {isCurrent ? (
                    <span className="speed-test__current">{t('current')}</span>
                  ) : (
                    result?.isReachable && (
                      <a className="button button--ghost" href={`${origin}${window.location.pathname}${window.location.search}`}>
                        {t('use')}
                      </a>
                    )
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="visually-hidden" aria-live="polite">
        {isRunning ? t('measuring') : t('done', { count: results.length })}
      </p>
      <div className="form__actions">
        <button type="button" className="button button--primary" disabled={isRunning} onClick={() => void run()}>
          {isRunning ? t('measuring') : t('again')}
        </button>
      </div>
    </ModalDialog>
  );
}
