import { useEffect } from 'react';

/** What the tab and a screen reader call the app when no page names itself (index.html). */
export const APP_TITLE = 'Giro';

/**
 * The page's own name in the tab, the history and a screen reader's list of windows (WCAG 2.4.2,
 * Page Titled): "Fondo a rotazione · Giro" rather than "Giro" on every page. Back to the app's
 * name when the page goes, so a page that names nothing never shows the last one's name.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · ${APP_TITLE}`;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}
