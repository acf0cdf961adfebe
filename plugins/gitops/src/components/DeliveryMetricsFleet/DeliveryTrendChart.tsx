import type { DeliveryMetrics } from '@gitops-suite/plugin-gitops-common';
import { useTheme } from '@material-ui/core/styles';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface TrendRow {
  label: string;
  failedChanges: number;
  [environment: string]: number | string;
}

/** One row per trend bucket: deployments per environment and failed changes in all. */
export function trendRows(environments: DeliveryMetrics[]): TrendRow[] {
  const rows = new Map<string, TrendRow>();
  for (const metrics of environments) {
    for (const point of metrics.trend) {
      const row = rows.get(point.start) ?? {
        label: point.start.slice(0, 10),
        failedChanges: 0,
      };
      row[metrics.environment] =
        Number(row[metrics.environment] ?? 0) + point.deployments;
      row.failedChanges += point.failedChanges;
      rows.set(point.start, row);
    }
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, row]) => row);
}

/**
 * Okabe and Ito's colour-blind-safe qualitative palette, without its
 * vermillion (the failed-changes line is the theme's error red).
 */
const SERIES_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#F0E442',
  '#000000',
];

/** A colour per series, never one for two: past the palette, spread hues. */
export function seriesColor(index: number): string {
  if (index < SERIES_COLORS.length) return SERIES_COLORS[index];
  const hue = Math.round((index * 137.508) % 360);
  return `hsl(${hue}, 55%, 42%)`;
}

/** Deployments per bucket, stacked by environment, with failed changes as a line. */
export function DeliveryTrendChart(props: {
  environments: DeliveryMetrics[];
  title?: (environment: string) => string;
}) {
  const theme = useTheme();
  const title = props.title ?? ((environment: string) => environment);
  const data = trendRows(props.environments);
  const chart = (
    <ComposedChart data={data} width={560} height={240}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="label" />
      <YAxis allowDecimals={false} />
      <Tooltip />
      <Legend />
      {props.environments.map((m, i) => (
        <Bar
          key={m.environment}
          dataKey={m.environment}
          name={`${title(m.environment)} deployments`}
          stackId="deployments"
          fill={seriesColor(i)}
        />
      ))}
      <Line
        dataKey="failedChanges"
        name="failed changes"
        stroke={theme.palette.error.main}
        strokeWidth={2}
      />
    </ComposedChart>
  );
  return (
    <div role="figure" aria-label="Deployments and failed changes over time">
      {/* without ResizeObserver (old browsers, jsdom) the chart keeps its size */}
      {typeof ResizeObserver === 'undefined' ? (
        chart
      ) : (
        <ResponsiveContainer width="100%" height={240}>
          {chart}
        </ResponsiveContainer>
      )}
    </div>
  );
}
