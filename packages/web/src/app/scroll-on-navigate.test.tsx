import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ScrollToTopOnNavigate } from './scroll-on-navigate';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <ScrollToTopOnNavigate />
    </Router>,
  );
  return { scrollTo, navigate: (to: string) => act(() => location.navigate(to)) };
}

describe('a page opened by a link starts at its top', () => {
  it('scrolls to the top when the route changes, not on the first render', () => {
    const { scrollTo, navigate } = renderAt('/');
    expect(scrollTo).not.toHaveBeenCalled();
    navigate('/fund');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    navigate('/requests');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('leaves back and forward to the browser, which restores where the member was', () => {
    const { scrollTo, navigate } = renderAt('/fund');
    window.history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    navigate('/');
    expect(scrollTo).not.toHaveBeenCalled();
    // A pop that stayed on its page (an in-page anchor) does not hold back the next link's move.
    window.history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    navigate('/account');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
