import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { auditKeys } from '../../../lib/query-keys';

export type ChainBreak = { streamId: string; version: number; eventId: string; kind: string; reason: string };
export type VerifyReport = { ok: boolean; streams: number; events: number; breaks: ChainBreak[] };

/** GET /admin/audit/verify: every stream's hash chain recomputed on the server; the first break of each broken stream. */
export async function verifyEventLog(): Promise<VerifyReport> {
  const body = await apiRequest<Partial<VerifyReport>>('/admin/audit/verify');
  return { ok: Boolean(body.ok), streams: body.streams ?? 0, events: body.events ?? 0, breaks: body.breaks ?? [] };
}

/** It reads the whole log, so it runs when the auditor asks (and again on Refresh), never on its own; no cache age. */
export const verifyEventLogQueryOptions = () => queryOptions({ queryKey: auditKeys.verify(), queryFn: verifyEventLog, staleTime: Infinity, retry: false });
export const useVerifyEventLog = (requested: boolean) => useQuery({ ...verifyEventLogQueryOptions(), enabled: requested });
