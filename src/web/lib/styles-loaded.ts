/**
 * The page's style sheet, which friend.html adds once its first frame is painted, beside the
 * entry's script: settled once it has loaded or failed, so that no screen is drawn without it. In
 * the dev server the styles come with the scripts: nothing to wait for.
 */
export function stylesLoaded(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
