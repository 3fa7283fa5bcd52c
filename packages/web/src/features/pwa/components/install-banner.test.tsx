import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallBanner, isIos } from './install-banner';

const IPADOS =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('install banner', () => {
  it('knows iPadOS, which calls itself a Mac, by its touch screen', () => {
    expect(isIos(IPHONE, 5)).toBe(true);
    expect(isIos(IPADOS, 5)).toBe(true);
    expect(isIos(IPADOS, 0)).toBe(false);
  });

  it('shows the iOS hint on an iPad after 3 s, with a Close button that is white on teal', () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, userAgent: IPADOS, maxTouchPoints: 5 });
    render(<InstallBanner />);
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByRole('region')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('Tocca Condividi, poi “Aggiungi a Home”.')).toBeTruthy();
    const close = screen.getByRole('button', { name: 'Chiudi' });
    expect(close.className).toContain('text-white');
    // Two text colours on one element: whichever the stylesheet lists last wins.
    expect(close.className).not.toMatch(/text-(teal|stone)-\d/);
  });
});
