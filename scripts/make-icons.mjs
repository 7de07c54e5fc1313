// Draws the web manifest icons and the social card (public/*.png) from the logo mark with Chromium:
// `node scripts/make-icons.mjs` after the mark changes. The PNGs are committed; the build does not run this.
import { chromium } from 'playwright-core';
const mark = (size, bg) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><rect width="32" height="32" rx="${bg ? 0 : 7}" fill="#12161c"/><path d="M9 20.5c0 3 2 4.5 4.6 4.5 3.1 0 4.9-1.9 4.9-5.4V7h-3.7v12.4c0 1.6-.5 2.4-1.5 2.4-.9 0-1.4-.7-1.5-1.7z" fill="#3ddc84"/><circle cx="23.5" cy="9" r="2.5" fill="#3ddc84"/></svg>`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const size of [192, 512, 180]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<body style="margin:0">${mark(size, true)}</body>`);
  await page.screenshot({ path: `public/${size === 180 ? 'apple-touch-icon' : `icon-${size}`}.png` });
}
await page.setViewportSize({ width: 1200, height: 630 });
await page.setContent(`<body style="margin:0;width:1200px;height:630px;background:#12161c;color:#fff;font-family:system-ui,sans-serif;display:flex;align-items:center;justify-content:center;gap:40px">
${mark(200, false)}<div><div style="font-size:112px;font-weight:800;letter-spacing:-2px">Jobwise</div><div style="font-size:34px;color:#c9ced6">Find a job near you. Hire the people you need.</div></div></body>`);
await page.screenshot({ path: 'public/og-image.png' });
await browser.close();
