/**
 * docs/design.md's pictures of the component set: serves tools/design-gallery with Vite's dev server
 * (never part of the build, decision 0316), opens it in Debian's Chromium at 1024 px in each theme,
 * forces hover and focus on the elements marked `data-force`, and writes one PNG per section and theme
 * under docs/design/, reduced to a 256-colour palette by ImageMagick when it is installed.
 *
 *   node --import tsx scripts/design-pictures.ts
 */
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_EXECUTABLE } from '../tests/e2e/chromium';

const SECTIONS = ['actions', 'fields', 'feedback'] as const;
const THEMES = ['light', 'dark'] as const;
const WIDTH = 1024;

function optimise(file: string) {
  try {
    execFileSync('convert', [file, '-strip', '-colors', '256', `PNG8:${file}`], { stdio: 'ignore' });
  } catch {
    console.warn(`ImageMagick's convert is missing: ${file} left as Chromium wrote it`);
  }
}

const server = await createServer({ server: { host: '127.0.0.1', port: 0 }, logLevel: 'warn' });
await server.listen();
const address = server.httpServer?.address();
if (!address || typeof address === 'string') throw new Error('The gallery server has no port');
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE });
try {
  for (const theme of THEMES) {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: 900 }, reducedMotion: 'reduce' });
    await page.goto(`http://127.0.0.1:${address.port}/tools/design-gallery/index.html?theme=${theme}`);
    await page.locator('#gallery-feedback').waitFor();
    // Hover and focus on many elements at once: the developer protocol forces the pseudo-classes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    // `data-force-parent` marks words inside a link (a chip, a tab) whose component takes no such
    // attribute: the state goes on the link.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('[data-force-parent]')) element.parentElement?.setAttribute('data-force', element.dataset.forceParent!);
    });
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-force]' });
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId });
      const attributes = node.attributes ?? [];
      const state = attributes[attributes.indexOf('data-force') + 1]!;
      await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: state === 'focus-visible' ? ['focus', 'focus-visible'] : [state] });
    }
    for (const section of SECTIONS) {
      const file = `docs/design/components-${section}${theme === 'dark' ? '-dark' : ''}.png`;
      await page.locator(`#gallery-${section}`).screenshot({ path: file, animations: 'disabled' });
      optimise(file);
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
