/**
 * The report Content-Security-Policy (issue 13, finding 11), in headless Chromium as the CLI
 * prints: the page's own inline scripts run (charts signal ready), an injected inline event
 * handler, an external script and a network fetch are blocked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../../main/export/report/pdf-chromium.js';
import { reportCsp, withReportCsp } from '../../main/export/report/report-csp.js';

let server: Server;
let hits = 0;
let base = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'Content-Type': 'text/javascript' }).end('document.title = "external";');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise((r) => server.close(r)));

it('lets the report page run only its own scripts; injected handlers, external scripts and fetches are blocked', async () => {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>report</title><style>body{margin:0}</style></head><body>
<p>Coach notes: <img src="x" onerror="document.title='pwned'"></p>
<script src="${base}/evil.js"></script>
<script>fetch('${base}/beacon').catch(() => undefined); document.body.dataset.chartsReady = "1";</script>
</body></html>`;
  const csp = reportCsp(html);
  expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/unsafe-inline'.*script|script-src[^;]*unsafe/);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.setContent(withReportCsp(html), { waitUntil: 'load' });
    await page.waitForFunction('document.body.dataset.chartsReady === "1"', undefined, { timeout: 10_000 });
    expect(await page.title()).toBe('report');
    expect(hits).toBe(0);
    expect(violations.length).toBeGreaterThanOrEqual(3);
    console.log(`report CSP: own script ran, ${violations.length} injected loads/handlers blocked, 0 requests left the page`);
  } finally {
    await browser.close();
  }
});
