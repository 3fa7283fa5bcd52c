/**
 * What a chart shows, independent of the library that draws it: rows of `data`, the x value
 * under `xKey`, one line or bar per series. Values are plain numbers (cents stay integer cents:
 * `formatValue` turns them into text).
 */
export type ChartRow = Record<string, string | number | null>;

export interface ChartSeries {
  key: string;
  label: string;
}

export interface ChartProps {
  kind: 'line' | 'area' | 'bar';
  /** Names the chart for screen readers and heads its table. */
  title: string;
  data: ChartRow[];
  xKey: string;
  /** Heads the table's first column (e.g. "Day"). */
  xLabel: string;
  series: ChartSeries[];
  formatValue?: (value: number) => string;
  formatX?: (value: string | number) => string;
  /** Bars of several series stacked instead of side by side. */
  stacked?: boolean;
  height?: number;
}

/** The colour of each series, in order: distinguishable, and legible on white. */
export const SERIES_COLORS = ['#0f766e', '#b45309', '#4338ca', '#be123c', '#4d7c0f', '#0369a1'];
