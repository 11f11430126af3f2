import type { SpeedTestTranslation } from './vi.ts';

/** English, complete; other languages fall back to it. */
export const speedTestEn: SpeedTestTranslation = {
  title: 'Line speed test',
  intro: "Measures the response time and download speed from your browser to each of the site's addresses.",
  caption: 'Results by line',
  line: 'Line',
  latency: 'Response',
  download: 'Download',
  ms: '{{value}} ms',
  mbps: '{{value}} Mbps',
  measuring: 'Measuring…',
  unreachable: 'Not reachable',
  current: 'In use',
  fastest: 'Fastest',
  use: 'Use this line',
  again: 'Test again',
  done: '{{count}} lines measured.',
};
