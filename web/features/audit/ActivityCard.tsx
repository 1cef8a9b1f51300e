// The customer page's Activity card: the audit trail as a timeline, newest first, a page at a
// time, with the CSV and PDF downloads. Each entry says what happened, who did it (and as
// what), when (relative, with the exact time beside it) and from which address.
import { useState } from "react";
import { History } from "lucide-react";
import type { AuditEntryDto } from "@shared/api-types";
import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_KIND_LABELS, AUDIT_PAGE_SIZE } from "@shared/audit";
import { formatDistanceStrict } from "date-fns";
import { CONNECTION_LOST, errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { DownloadLink } from "../../lib/download-link";
import { auditCsvUrl, auditPdfUrl, useCustomerAuditQuery } from "./api";

export function ActivityCard({ customerId, customerName }: { customerId: string; customerName: string }) {
  const [count, setCount] = useState(AUDIT_PAGE_SIZE);
  const query = useCustomerAuditQuery(customerId, count);
  const entries = query.data?.entries ?? [];
  const loadingMore = query.isPlaceholderData && query.isFetching;
  const downloads = (
    <div className="flex flex-wrap gap-2">
      <DownloadLink url={auditCsvUrl(customerId)} filename={`${customerName} - audit trail.csv`} size="sm" ariaLabel={`Download ${customerName}'s activity as CSV`}>
        CSV
      </DownloadLink>
      <DownloadLink url={auditPdfUrl(customerId)} filename={`${customerName} - audit trail.pdf`} size="sm" ariaLabel={`Download ${customerName}'s activity as PDF`}>
        PDF
      </DownloadLink>
    </div>
  );

  return (
    <Card title="Activity" icon={<History />} action={downloads}>
      {query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading activity" />
        </div>
      ) : query.isError && entries.length === 0 ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-slate-600">
            {errorText(query.error, CONNECTION_LOST)}
          </p>
          <Button variant="secondary" size="sm" onPress={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <EmptyState title="No activity yet" icon={<History />}>
          Invitations, uploads, reviews, reminders and downloads will appear here.
        </EmptyState>
      ) : (
        <>
          <ol aria-label="Activity, newest first" className="flex flex-col divide-y divide-slate-200">
            {entries.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} />
            ))}
          </ol>
          <p role="status" className="sr-only">
            {`Showing ${entries.length} ${entries.length === 1 ? "event" : "events"}`}
          </p>
          {query.data?.hasMore ? (
            <Button variant="secondary" size="sm" className="mt-4 w-full sm:w-auto" isDisabled={loadingMore} onPress={() => setCount(entries.length + AUDIT_PAGE_SIZE)}>
              {loadingMore ? "Loading…" : "Show more"}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}

/** "just now", "5 minutes ago", "3 days ago" (date-fns, as the due-date badges word distances). */
function ago(at: Date, now: Date): string {
  return now.getTime() - at.getTime() < 60_000 ? "just now" : `${formatDistanceStrict(at, now)} ago`;
}

function ActivityEntry({ entry }: { entry: AuditEntryDto }) {
  const at = new Date(entry.at);
  const exact = at.toLocaleString();
  return (
    <li className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0">
      <p className="font-medium break-words text-slate-900">
        {AUDIT_ACTION_LABELS[entry.action]}
        {entry.documentName ? <span className="font-normal text-slate-700">{`: ${entry.documentName}`}</span> : null}
      </p>
      <p className="text-sm break-words text-slate-600">
        {`${entry.actor.label} (${AUDIT_ACTOR_KIND_LABELS[entry.actor.kind]})`}
        {entry.address ? <span className="text-slate-500">{` from ${entry.address}`}</span> : null}
      </p>
      <p className="text-sm text-slate-500">
        <time dateTime={entry.at} title={exact}>
          {ago(at, new Date())}
        </time>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        {exact}
      </p>
      {entry.detail ? <p className="text-sm break-words text-slate-700">{entry.detail}</p> : null}
    </li>
  );
}
