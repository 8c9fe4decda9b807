/**
 * bench/web: the web app's first load on an emulated phone, measured through Chromium's DevTools
 * protocol: First and Largest Contentful Paint, when the app's own screen is on view, layout shift,
 * and the bytes on the wire (JavaScript and all). Every run is a cold visit (new browser context:
 * empty cache, no service worker) at 390 px. Medians over BENCH_RUNS runs (default 5).
 * Run: npm run bench -- web
 *
 * Profiles (BENCH_PROFILES, comma-separated; default "slow-phone"):
 *   slow-phone  1.6 Mbps down, 750 kbps up, 150 ms round trip, 4x CPU slowdown (issue 11: LCP < 2.5 s)
 *   fast-4g     DevTools' Fast 4G: 9 Mbps down, 1.5 Mbps up, 165 ms, no CPU slowdown
 * Pages (BENCH_PAGES, default "listing,gallery"): listing (BENCH_LISTING, default the seeded
 * stanford-bunny), gallery, home.
 * BENCH_BASELINE=<checkout> also runs every row against that checkout's server (the code before a
 * change, e.g. `git worktree add --detach ../base main` + npm ci), alternating visit by visit, so
 * both are measured in one run on the same machine load.
 * The servers are the real ones (`npm start` entry point, fresh seeded demo gallery each), or
 * BENCH_SERVER_URL=<url> measures a server that is already running instead.
 */
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { median, table } from '../support/report';
import { ROOT, type ServerProcess, startKitwright } from '../support/server-process';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4396);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASELINE = process.env.BENCH_BASELINE ?? null;
const LISTING = process.env.BENCH_LISTING ?? 'stanford-bunny';

interface Profile {
  name: string;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpu: number;
}

const PROFILES: Record<string, Profile> = {
  'slow-phone': {
    name: '1.6 Mbps, 150 ms, 4x CPU',
    network: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
    cpu: 4,
  },
  'fast-4g': {
    name: 'Fast 4G',
    network: {
      latency: 60 * 2.75,
      downloadThroughput: (9_000_000 / 8) * 0.9,
      uploadThroughput: (1_500_000 / 8) * 0.9,
    },
    cpu: 1,
  },
};

/** Each page, and what shows that the app (not the server's static copy) has drawn it. */
const PAGES: Record<string, { path: string; ready: string }> = {
  listing: { path: `/listing/${LISTING}`, ready: '[data-testid="listing-title"]' },
  gallery: { path: '/gallery', ready: '[data-testid="listing-card"]' },
  home: { path: '/', ready: '[data-testid="home-screen"]' },
};

interface Sample {
  /** When the page's first byte arrived (the server's time plus the emulated network's). */
  ttfb: number;
  fcp: number;
  lcp: number;
  lcpElement: string;
  appReady: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
}

/**
 * Runs in the page before any of its scripts: records LCP (and its element), layout shifts, and
 * when the app's element for this page is laid out and visible. Plain JavaScript text, not a
 * serialised function: tsx compiles functions with name helpers (`__name`) the page does not have.
 */
const observeScript = (selector: string) => `(() => {
  window.__lcp = 0;
  window.__lcpElement = '';
  window.__cls = 0;
  window.__appReady = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__lcp = entry.startTime;
      const el = entry.element;
      window.__lcpElement = el ? el.tagName.toLowerCase() + (el.closest('#kw-static') ? ' (static)' : ' (app)') : '?';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const check = () => {
    if (window.__appReady) return;
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return;
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) {
      // Wait for the frame that paints it.
      requestAnimationFrame(() => {
        window.__appReady ||= performance.now();
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function measure(browser: Browser, url: string, ready: string, profile: Profile): Promise<Sample> {
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
  await context.addInitScript({ content: observeScript(ready) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    ...profile.network,
    connectionType: 'cellular4g',
  });
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const types = new Map<string, string>();
  let jsBytes = 0;
  let totalBytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    totalBytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // Polled with evaluate (a CDP call): waitForFunction evaluates its predicate with eval, which
  // the app's Content-Security-Policy (no 'unsafe-eval') rightly refuses.
  const deadline = Date.now() + 90_000;
  while (!((await page.evaluate('window.__appReady')) as number)) {
    if (Date.now() > deadline) {
      const shot = path.join(os.tmpdir(), 'bench-web-not-ready.png');
      await page.screenshot({ path: shot }).catch(() => {});
      throw new Error(`the app did not show ${ready} on ${url} within 90 s (screenshot ${shot})`);
    }
    await page.waitForTimeout(50);
  }
  // LCP settles once the page stops changing; input would end it, so none is sent.
  await page.waitForTimeout(2000);
  // An expression, not a function: see observeScript.
  const timings = (await page.evaluate(`({
    lcp: window.__lcp,
    lcpElement: window.__lcpElement,
    appReady: window.__appReady,
    cls: window.__cls,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    ttfb: performance.getEntriesByType('navigation')[0]?.responseStart ?? 0,
  })`)) as Pick<Sample, 'lcp' | 'lcpElement' | 'appReady' | 'cls' | 'fcp' | 'ttfb'>;
  await context.close();
  return { jsBytes, totalBytes, ...timings };
}

const mostCommon = (values: string[]) =>
  [...values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<string, number>())].sort(
    (a, b) => b[1] - a[1],
  )[0]?.[0] ?? '';

export async function benchWeb() {
  const profiles = (process.env.BENCH_PROFILES ?? 'slow-phone').split(',').map((name) => {
    const profile = PROFILES[name.trim()];
    if (!profile) throw new Error(`Unknown profile "${name}". Known: ${Object.keys(PROFILES).join(', ')}`);
    return profile;
  });
  const pages = (process.env.BENCH_PAGES ?? 'listing,gallery').split(',').map((name) => {
    const page = PAGES[name.trim()];
    if (!page) throw new Error(`Unknown page "${name}". Known: ${Object.keys(PAGES).join(', ')}`);
    return { name: name.trim(), ...page };
  });
  const servers: Array<{ label: string; server: ServerProcess }> = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    if (process.env.BENCH_SERVER_URL) {
      // A server already running (e.g. `npm start`), measured as it is.
      const url = process.env.BENCH_SERVER_URL.replace(/\/$/, '');
      servers.push({ label: url, server: { url, child: null as never, stop: async () => {} } });
    }
    for (const [i, [label, root]] of (process.env.BENCH_SERVER_URL
      ? []
      : [['this checkout', ROOT], ...(BASELINE ? [['baseline', path.resolve(BASELINE)]] : [])]
    ).entries()) {
      process.stdout.write(`bench/web: starting ${label}'s server (builds its web app if it changed)...\n`);
      const port = String(PORT + i);
      const server = await startKitwright(
        {
          PORT: port,
          PUBLIC_BASE_URL: `http://localhost:${port}`,
          SERVE_WEB: 'true',
          WEB_BUILD_ON_START: 'true',
        },
        root as string,
      );
      servers.push({ label: label as string, server });
    }
    const rows: Array<Array<string | number>> = [];
    for (const page of pages) {
      for (const profile of profiles) {
        const samples = new Map<string, Sample[]>(servers.map((s) => [s.label, []]));
        // One unmeasured visit to each first, so the servers' own caches are warm and only the
        // client is measured.
        for (const s of servers)
          await measure(browser, `${s.server.url}${page.path}`, page.ready, PROFILES['fast-4g'] as Profile);
        for (let run = 0; run < RUNS; run++) {
          // Which server goes first alternates, so neither always meets the busier moment.
          for (const s of run % 2 === 0 ? servers : [...servers].reverse())
            samples
              .get(s.label)
              ?.push(await measure(browser, `${s.server.url}${page.path}`, page.ready, profile));
        }
        for (const s of servers) {
          const list = samples.get(s.label) ?? [];
          const m = (pick: (x: Sample) => number) => median(list.map(pick));
          rows.push([
            page.path,
            profile.name,
            s.label,
            `${Math.round(m((x) => x.ttfb))} ms`,
            `${Math.round(m((x) => x.fcp))} ms`,
            `${Math.round(m((x) => x.lcp))} ms`,
            mostCommon(list.map((x) => x.lcpElement)),
            `${Math.round(m((x) => x.appReady))} ms`,
            m((x) => x.cls).toFixed(3),
            `${(m((x) => x.jsBytes) / 1024).toFixed(0)} KB`,
            `${(m((x) => x.totalBytes) / 1024).toFixed(0)} KB`,
          ]);
        }
      }
    }
    process.stdout.write(
      `\nbench/web: first load at 390 px, cold cache, medians of ${RUNS} runs (${new Date().toISOString()}):\n${table(
        [
          'page',
          'network',
          'server',
          'first byte',
          'FCP',
          'LCP',
          'LCP element',
          'app drawn',
          'CLS',
          'JS (wire)',
          'all (wire)',
        ],
        rows,
      )}\n`,
    );
  } finally {
    await browser.close();
    for (const s of servers) await s.server.stop();
  }
}
