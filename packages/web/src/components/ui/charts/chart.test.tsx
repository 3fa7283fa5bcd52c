import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Chart } from './chart';

afterEach(cleanup);

const data = [
  { day: '2026-11-22', given: 5000, received: 0 },
  { day: '2026-11-23', given: 0, received: 9700 },
];

describe('Chart', () => {
  it('hides the drawing from screen readers and gives the same figures as a table', async () => {
    render(
      <Chart
        kind="line"
        title="Money over time"
        tableLabel="Show as table"
        data={data}
        xKey="day"
        xLabel="Day"
        series={[
          { key: 'given', label: 'Given' },
          { key: 'received', label: 'Received' },
        ]}
        formatValue={(cents) => `€${(cents / 100).toFixed(2)}`}
      />,
    );
    expect(screen.getByText('Money over time', { selector: 'figcaption' })).toBeTruthy();
    expect(screen.getByTestId('chart-drawing').getAttribute('aria-hidden')).toBe('true');
    const table = screen.getByRole('table', { hidden: true });
    const headers = within(table).getAllByRole('columnheader', { hidden: true });
    expect(headers.map((h) => h.textContent)).toEqual(['Day', 'Given', 'Received']);
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['2026-11-22€50.00€0.00', '2026-11-23€0.00€97.00']);
    expect(screen.getByText('Show as table').tagName).toBe('SUMMARY');
  });

  it('loads the drawing on demand', async () => {
    const { container } = render(
      <Chart
        kind="bar"
        title="Bars"
        tableLabel="Table"
        data={data}
        xKey="day"
        xLabel="Day"
        series={[{ key: 'given', label: 'Given' }]}
      />,
    );
    // The lazy chunk resolves into recharts' responsive container.
    await expect.poll(() => container.querySelector('.recharts-responsive-container')).not.toBeNull();
  });
});
