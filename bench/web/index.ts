/**
 * The web app's first load at 390 px on an emulated phone connection, measured through Chromium's
 * DevTools protocol: JavaScript transferred (compressed bytes on the wire), Largest Contentful
 * Paint, and the time until the first listing card is on screen. Every run is a cold visit (new
 * browser context: empty cache, no service worker). Medians over BENCH_RUNS runs (default 5).
 *
 * Network: Chrome DevTools' "Fast 4G" preset (9 Mbps down, 1.5 Mbps up, 60 ms RTT with DevTools'
 * 2.75 latency factor, 90% of nominal throughput), alone and with a 4x CPU slowdown (a mid-range
 * phone). The server is the real one (`npm start` entry point, seeded demo gallery).
 */
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { median, table } from '../support/report';
import { startKitwright } from '../support/server-process';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4396);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CARD = process.env.BENCH_CARD_SELECTOR ?? '[data-testid="listing-card"]';
const FAST_4G = {
  latency: 60 * 2.75,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (1_500_000 / 8) * 0.9,
};

interface Sample {
  jsBytes: number;
  jsFiles: number;
  totalBytes: number;
  fcp: number;
  lcp: number;
  firstCard: number;
}

/**
 * Runs in the page before any of its scripts: records LCP and when the first card is on screen.
 * Plain JavaScript text, not a serialised function: tsx compiles functions with name helpers
 * (`__name`) that do not exist in the page.
 */
const observeScript = (selector: string) => `(() => {
  window.__lcp = 0;
  window.__firstCard = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (window.__firstCard) return;
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) return;
    const box = el.getBoundingClientRect();
    // Laid out (on the gallery the first card is in view at 390 px; on the home page it is below
    // the introduction, so there it is "rendered", not "seen").
    if (box.width > 0 && box.height > 0) {
      // Wait for the frame that paints it.
      requestAnimationFrame(() => {
        window.__firstCard ||= performance.now();
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function measure(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  cpuSlowdown: number,
): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    locale: 'en-GB',
  });
  // The consent question is answered, as for a returning visitor: the banner is not the content.
  await context.addInitScript(() => window.localStorage.setItem('kw_consent', 'denied'));
  await context.addInitScript({ content: observeScript(CARD) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    ...FAST_4G,
    connectionType: 'cellular4g',
  });
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const types = new Map<string, string>();
  let jsBytes = 0;
  let jsFiles = 0;
  let totalBytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    totalBytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') {
      jsBytes += e.encodedDataLength;
      jsFiles++;
    }
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // Polled with evaluate (a CDP call): waitForFunction evaluates its predicate with eval, which
  // the app's Content-Security-Policy (no 'unsafe-eval') rightly refuses.
  const deadline = Date.now() + 60_000;
  while (!((await page.evaluate('window.__firstCard')) as number)) {
    if (Date.now() > deadline) {
      const shot = path.join(os.tmpdir(), 'bench-web-no-card.png');
      await page.screenshot({ path: shot }).catch(() => {});
      throw new Error(`no listing card on ${url} within 60 s (screenshot ${shot})`);
    }
    await page.waitForTimeout(50);
  }
  // LCP settles once the page stops changing; input would end it, so none is sent.
  await page.waitForTimeout(1500);
  // An expression, not a function: see observeScript.
  const timings = (await page.evaluate(`({
    lcp: window.__lcp,
    firstCard: window.__firstCard,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  })`)) as { lcp: number; firstCard: number; fcp: number };
  await context.close();
  return { jsBytes, jsFiles, totalBytes, ...timings };
}

export async function benchWeb() {
  process.stdout.write(
    `bench/web: starting the server on port ${PORT} (builds the web app if it changed)...\n`,
  );
  const server = await startKitwright({
    PORT: String(PORT),
    PUBLIC_BASE_URL: `http://localhost:${PORT}`,
    SERVE_WEB: 'true',
    WEB_BUILD_ON_START: 'true',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const rows: Array<Array<string | number>> = [];
    for (const route of ['/gallery', '/']) {
      for (const cpu of [1, 4]) {
        const samples: Sample[] = [];
        // One unmeasured visit first, so the server's own caches are warm and only the client is measured.
        await measure(browser, `${server.url}${route}`, 1);
        for (let i = 0; i < RUNS; i++) samples.push(await measure(browser, `${server.url}${route}`, cpu));
        const m = (pick: (s: Sample) => number) => median(samples.map(pick));
        rows.push([
          route,
          cpu === 1 ? 'Fast 4G' : 'Fast 4G, 4x CPU',
          `${(m((s) => s.jsBytes) / 1024).toFixed(1)} KB`,
          m((s) => s.jsFiles),
          `${(m((s) => s.totalBytes) / 1024).toFixed(1)} KB`,
          `${Math.round(m((s) => s.fcp))} ms`,
          `${Math.round(m((s) => s.lcp))} ms`,
          `${Math.round(m((s) => s.firstCard))} ms`,
        ]);
      }
    }
    process.stdout.write(
      `\nFirst load at 390 px, cold cache, medians of ${RUNS} runs (${new Date().toISOString()}):\n${table(
        ['route', 'network', 'JS (wire)', 'JS files', 'all (wire)', 'FCP', 'LCP', 'first card'],
        rows,
      )}\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
