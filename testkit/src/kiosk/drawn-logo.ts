import type { Browser } from 'playwright-core';

/** A studio's logo as staff would upload it: a PNG (as a data URL), drawn by the browser itself. */
export async function drawLogo(on: Browser): Promise<string> {
  const page = await on.newPage({ viewport: { width: 400, height: 120 } });
  await page.setContent(
    '<div id="logo" style="display:inline-flex;align-items:center;gap:12px;padding:8px 16px;font:800 44px sans-serif;color:#0b7285;background:#fff"><span style="display:inline-block;width:56px;height:56px;border-radius:50%;background:#f76707"></span>HARBOUR</div>',
  );
  const png = await page.locator('#logo').screenshot();
  await page.close();
  return `data:image/png;base64,${png.toString('base64')}`;
}
