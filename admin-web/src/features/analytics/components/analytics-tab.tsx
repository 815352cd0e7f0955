import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '../../../components/ui/card';
import { compactINR, formatINR } from '@kit/format';
import { useAnalytics } from '../api/get-analytics';

/** Same hues as the status badges. */
const STATUS_COLOURS: Record<string, string> = {
  pending: '#d97706',
  placed: '#d97706',
  confirmed: '#2563eb',
  processing: '#2563eb',
  shipped: '#4f46e5',
  delivered: '#16a34a',
  cancelled: '#dc2626',
};
const shortDay = (iso: string) => {
  const d = new Date(`${iso}T00:00:00`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });
};

export function AnalyticsTab() {
  const { data, isLoading, error } = useAnalytics();
  if (isLoading)
    return (
      <Card title="Analytics">
        <p className="muted">Loading analytics…</p>
      </Card>
    );
  if (error)
    return (
      <Card title="Analytics">
        <p className="error-text">{(error as Error).message}</p>
      </Card>
    );
  const a = data ?? { daily: [], statusBreakdown: [], topProducts: [] };
  return (
    <div className="stack" data-testid="analytics">
      <Card title="Revenue and orders per day" caption="Orders that are confirmed or later count toward revenue">
        {a.daily.length === 0 ? (
          <p className="empty">No orders yet</p>
        ) : (
          <div className="chart">
            <ResponsiveContainer width="100%" height={280}>
              <ComposedChart data={a.daily} margin={{ top: 10, right: 30, bottom: 30, left: 20 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e7e2da" />
                <XAxis dataKey="date" tickFormatter={shortDay} label={{ value: 'Day', position: 'insideBottom', offset: -18 }} tick={{ fontSize: 12 }} />
                <YAxis
                  yAxisId="revenue"
                  tickFormatter={compactINR}
                  label={{ value: 'Revenue (₹)', angle: -90, position: 'insideLeft', offset: -8 }}
                  tick={{ fontSize: 12 }}
                />
                <YAxis
                  yAxisId="orders"
                  orientation="right"
                  allowDecimals={false}
                  label={{ value: 'Orders', angle: 90, position: 'insideRight' }}
                  tick={{ fontSize: 12 }}
                />
                <Tooltip formatter={(value, name) => (name === 'Revenue' ? formatINR(Number(value)) : value)} />
                <Legend verticalAlign="top" height={28} />
                <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill="#c8102e" isAnimationActive={false} maxBarSize={18} />
                <Line yAxisId="orders" type="linear" dataKey="orders" name="Orders" stroke="#4f46e5" strokeWidth={2} dot={false} isAnimationActive={false} />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        )}
      </Card>
      <div className="two-col">
        <Card title="Orders by status">
          {a.statusBreakdown.length === 0 ? (
            <p className="empty">No orders yet</p>
          ) : (
            <div className="chart">
              <ResponsiveContainer width="100%" height={260}>
                <BarChart data={a.statusBreakdown} margin={{ top: 10, right: 10, bottom: 30, left: 10 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e7e2da" />
                  <XAxis dataKey="status" label={{ value: 'Status', position: 'insideBottom', offset: -18 }} tick={{ fontSize: 12 }} />
                  <YAxis allowDecimals={false} label={{ value: 'Orders', angle: -90, position: 'insideLeft' }} tick={{ fontSize: 12 }} />
                  <Tooltip />
                  <Bar dataKey="count" name="Orders" isAnimationActive={false} maxBarSize={56}>
                    {a.statusBreakdown.map((s) => (
                      <Cell key={s.status} fill={STATUS_COLOURS[s.status] ?? '#6b7280'} />
                    ))}
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
        </Card>
        <Card title="Top products" caption="By units sold">
          {a.topProducts.length === 0 ? (
            <p className="empty">No sales yet</p>
          ) : (
            <div className="chart">
              <ResponsiveContainer width="100%" height={260}>
                <BarChart data={a.topProducts.slice(0, 8)} layout="vertical" margin={{ top: 10, right: 20, bottom: 30, left: 20 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e7e2da" />
                  <XAxis type="number" allowDecimals={false} label={{ value: 'Units sold', position: 'insideBottom', offset: -18 }} tick={{ fontSize: 12 }} />
                  <YAxis type="category" dataKey="name" width={150} tick={{ fontSize: 11 }} />
                  <Tooltip formatter={(value, name) => (name === 'Revenue' ? formatINR(Number(value)) : value)} />
                  <Bar dataKey="quantity" name="Units" fill="#c8102e" isAnimationActive={false} maxBarSize={28} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
