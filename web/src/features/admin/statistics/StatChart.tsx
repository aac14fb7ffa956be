import {
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

export interface Series {
  key: string;
  name: string;
  color: string;
}

const numberFormat = new Intl.NumberFormat('ko-KR');
const formatCount = (value: unknown) => (typeof value === 'number' ? numberFormat.format(value) : String(value));

/**
 * One chart of the statistics screen (recharts: SVG, so the tooltip is real text, and its
 * accessibility layer lets the keyboard move through the points with the arrow keys).
 */
export function StatChart({
  kind,
  data,
  xKey,
  series,
  label,
  horizontal = false,
}: {
  kind: 'bar' | 'line';
  data: ReadonlyArray<object>;
  xKey: string;
  series: Series[];
  label: string;
  horizontal?: boolean;
}) {
  const rows = [...data];
  const axes = horizontal
    ? [
        <XAxis key="x" type="number" allowDecimals={false} />,
        <YAxis key="y" type="category" dataKey={xKey} width={96} />,
      ]
    : [<XAxis key="x" dataKey={xKey} tick={{ fontSize: 12 }} />, <YAxis key="y" allowDecimals={false} width={40} />];
  const common = [
    <CartesianGrid key="grid" strokeDasharray="3 3" />,
    ...axes,
    <Tooltip key="tooltip" formatter={formatCount} />,
    <Legend key="legend" />,
  ];
  return (
    <figure className="stat-chart" aria-label={label}>
      <ResponsiveContainer width="100%" height={horizontal ? Math.max(240, rows.length * 36) : 280}>
        {kind === 'bar' ? (
          <BarChart
            data={rows}
            layout={horizontal ? 'vertical' : 'horizontal'}
            margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          >
            {common}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : (
          <LineChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            {common}
            {series.map((s) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
