import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-types';

/** recharts is fetched the first time a chart is shown: the member-facing bundle stays as it was. */
const ChartCanvas = lazy(() => import('./chart-canvas'));

/**
 * A chart with its text alternative: the drawing is hidden from screen readers, and the same
 * figures are in a table under a disclosure (`tableLabel`, e.g. "Show as table"), which anyone
 * can open. While the drawing loads, its space is kept so the page does not jump.
 */
export function Chart({ tableLabel, ...props }: ChartProps & { tableLabel: string }) {
  const height = props.height ?? 240;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium text-stone-700">{props.title}</figcaption>
      <div aria-hidden="true" style={{ height }} data-testid="chart-drawing">
        <Suspense fallback={<div className="h-full motion-safe:animate-pulse rounded-xl bg-stone-100" />}>
          <ChartCanvas {...props} height={height} />
        </Suspense>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-teal-800 underline-offset-2 hover:underline">
          {tableLabel}
        </summary>
        <ChartTable {...props} />
      </details>
    </figure>
  );
}

/** The chart's figures as a table: one row per x value, one column per series. */
export function ChartTable({ title, data, xKey, xLabel, series, formatValue, formatX }: ChartProps) {
  const cell = (v: unknown) => (typeof v === 'number' && formatValue ? formatValue(v) : String(v ?? ''));
  return (
    // Scrolls when long: reachable by keyboard, named by the chart's title.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="mt-2 max-h-72 overflow-auto" aria-label={title} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {xLabel}
            </th>
            {series.map((s) => (
              <th key={s.key} scope="col" className="py-1 pr-3 text-right font-medium">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row) => {
            const x = row[xKey] ?? '';
            return (
              <tr key={String(x)} className="border-t border-stone-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {formatX ? formatX(x) : String(x)}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1 pr-3 text-right tabular-nums">
                    {cell(row[s.key])}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
