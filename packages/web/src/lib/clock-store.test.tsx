import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './clock-store';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Reading({ name }: { name: string }) {
  return <p data-testid={name}>{useNow(30_000)}</p>;
}

/** One reading at first, the second mounted `laterMs` afterwards (as a page's lower parts are). */
function Page({ laterMs }: { laterMs: number }) {
  const [second, setSecond] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSecond(true), laterMs);
    return () => clearTimeout(timer);
  }, [laterMs]);
  return (
    <>
      <Reading name="first" />
      {second && <Reading name="second" />}
    </>
  );
}

describe('the clock every countdown reads', () => {
  it('gives every reader of one interval the same time at each tick, however far apart they mounted', () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00.000Z') });
    render(<Page laterMs={10_000} />);
    act(() => vi.advanceTimersByTime(10_000));
    const read = (name: string) => Number(screen.getByTestId(name).textContent);
    // The second mounted ten seconds later and read its own time then.
    expect(read('second') - read('first')).toBe(10_000);
    act(() => vi.advanceTimersByTime(20_000));
    // Thirty seconds after the first: one tick, both read it.
    expect(read('first')).toBe(Date.parse('2030-01-01T00:00:30.000Z'));
    expect(read('second')).toBe(read('first'));
  });
});
