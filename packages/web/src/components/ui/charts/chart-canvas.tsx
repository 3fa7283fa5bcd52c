import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type ChartProps, SERIES_COLORS } from './chart-types';

/**
 * The one place that imports recharts (ADR 0015). Loaded on demand by `Chart`, so pages
 * without a chart never download it.
 */
export default function ChartCanvas({
  kind,
  data,
  xKey,
  series,
  formatValue,
  formatX,
  stacked = false,
  height = 240,
}: ChartProps) {
  const value = (v: unknown) => (typeof v === 'number' && formatValue ? formatValue(v) : String(v));
  const axes = (
    <>
      <CartesianGrid stroke="#e7e5e4" strokeDasharray="3 3" />
      <XAxis dataKey={xKey} tickFormatter={formatX} tick={{ fontSize: 12 }} minTickGap={16} />
      <YAxis tickFormatter={value} tick={{ fontSize: 12 }} width={formatValue ? 72 : 40} />
      <Tooltip
        formatter={value}
        labelFormatter={(label) => (formatX ? formatX(label as string | number) : label)}
      />
      {series.length > 1 && <Legend />}
    </>
  );
  const color = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length];
  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === 'bar' ? (
        <BarChart data={data} accessibilityLayer={false}>
          {axes}
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={color(i)}
              isAnimationActive={false}
              {...(stacked ? { stackId: 'stack' } : {})}
            />
          ))}
        </BarChart>
      ) : kind === 'area' ? (
        <AreaChart data={data} accessibilityLayer={false}>
          {axes}
          {series.map((s, i) => (
            <Area
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={color(i)}
              fill={color(i)}
              fillOpacity={0.15}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      ) : (
        <LineChart data={data} accessibilityLayer={false}>
          {axes}
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={color(i)}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
