import type { ReactNode } from "react";
import { CircleAlert, CircleCheck, Clock, FileText, RotateCcw, Share2 } from "lucide-react";
import { STATUS_LABELS, type DocumentStatus } from "@shared/documents";
import { Badge, type BadgeTone } from "./ui/Badge";

// Status colours are reserved for status (DESIGN 2b): approved green, under review blue,
// re-submit amber, overdue red; waiting states stay neutral and broker-shared files use the accent.
const TONES: Record<DocumentStatus, BadgeTone> = {
  requested: "neutral",
  incomplete: "neutral",
  uploaded: "blue",
  approved: "green",
  need_to_resubmit: "amber",
  overdue: "red",
  shared: "brand",
};

/** The icon of a status, also used on its own at the start of document rows. */
export function StatusIcon({ status, className }: { status: DocumentStatus; className?: string }): ReactNode {
  const props = { "aria-hidden": true, className } as const;
  switch (status) {
    case "approved":
      return <CircleCheck {...props} />;
    case "uploaded":
      return <Clock {...props} />;
    case "need_to_resubmit":
      return <RotateCcw {...props} />;
    case "overdue":
      return <CircleAlert {...props} />;
    case "shared":
      return <Share2 {...props} />;
    default:
      return <FileText {...props} />;
  }
}

/** Text colour matching a status's badge, for icons shown outside the badge. */
export const STATUS_ICON_COLOURS: Record<DocumentStatus, string> = {
  requested: "text-slate-500",
  incomplete: "text-slate-500",
  uploaded: "text-blue-600",
  approved: "text-green-600",
  need_to_resubmit: "text-amber-600",
  overdue: "text-red-600",
  shared: "text-brand-600",
};

/** `label`: the portal's, in the customer's language; SPEC's English without. */
export function StatusBadge({ status, label = STATUS_LABELS[status] }: { status: DocumentStatus; label?: string }) {
  return (
    <Badge tone={TONES[status]} icon={<StatusIcon status={status} />}>
      {label}
    </Badge>
  );
}
