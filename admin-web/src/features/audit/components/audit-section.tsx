import { ExportEventsCard } from './export-events-card';
import { ReconcileRevenueCard } from './reconcile-revenue-card';
import { VerifyLogCard } from './verify-log-card';

/** The auditor's tools, shown under the Analytics charts: the tamper-evident log, revenue reconciliation, export. */
export function AuditSection() {
  return (
    <section className="audit-section" aria-labelledby="audit-heading" data-testid="audit">
      <h2 id="audit-heading">Audit</h2>
      <VerifyLogCard />
      <ReconcileRevenueCard />
      <ExportEventsCard />
    </section>
  );
}
