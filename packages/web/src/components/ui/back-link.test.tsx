import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BackLink } from './back-link';

afterEach(cleanup);

describe('a back link', () => {
  it('shows its arrow but is named by where it leads', () => {
    render(<BackLink href="/requests">Richieste di aiuto</BackLink>);
    const link = screen.getByRole('link', { name: 'Richieste di aiuto' });
    expect(link.getAttribute('href')).toBe('/requests');
    expect(link.textContent).toBe('← Richieste di aiuto');
  });
});
