import { t } from '../../client/texts';

/** The page the service worker shows for a navigation while offline. */
export function offlineHtml(css: string[]): string {
  const links = css.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  return `<!DOCTYPE html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.offline.title} – ${t.shopName}</title>${links}</head><body><main class="container main"><section class="error-screen"><h1>${t.offline.title}</h1><p>${t.offline.text}</p><div class="error-screen__actions"><a class="button" href="/">${t.error.homeButton}</a></div></section></main></body></html>`;
}
