import { isRequirement } from "@shared/documents";
import { Copy, ExternalLink, Share2, Trash2 } from "lucide-react";
import type { DocumentDto } from "@shared/api-types";
import { Button, LinkButton } from "../../components/ui/Button";
import { toast } from "../../components/ui/Toast";
import { DownloadLink } from "../../lib/download-link";
import { useDeleteDocumentMutation, useFileLinkMutation } from "./api";
import { Card } from "../../components/ui/Card";
import { downloadName } from "./DocumentViewerDialog";
import { formatDay } from "./format";
import { formatKilobytes } from "@shared/format";

/** Files the broker shared with the customer; shown only when there are some. */
export function SharedDocumentsCard({ documents }: { documents: DocumentDto[] }) {
  const shared = documents.filter((doc) => !isRequirement(doc.status));
  if (shared.length === 0) return null;
  return (
    <Card title="Shared Documents">
      <ul aria-label="Shared documents" className="divide-y divide-slate-200">
        {shared.map((doc) => (
          <SharedDocumentRow key={doc.id} doc={doc} />
        ))}
      </ul>
    </Card>
  );
}

function SharedDocumentRow({ doc }: { doc: DocumentDto }) {
  const remove = useDeleteDocumentMutation();
  const fileLink = useFileLinkMutation();
  const name = downloadName(doc);
  const shared = formatDay(doc.uploadedAt ?? doc.createdAt);

  function confirmDelete() {
    // SPEC: a plain browser confirmation, worded with the document's name.
    if (!window.confirm(`Are you sure you want to delete "${name}"? This action cannot be undone.`)) return;
    remove.mutate(doc.id, {
      onSuccess: () => toast({ title: "Document Deleted", description: `${name} has been deleted.`, variant: "success" }),
      onError: () => toast({ title: "Failed to delete document. Please try again.", variant: "error" }),
    });
  }

  // The copied link must work for whoever it is pasted to, so it is a signed link the server
  // makes for this one file (valid 15 minutes), not the session-only file URL.
  async function copyLink() {
    try {
      const { url } = await fileLink.mutateAsync(doc.id);
      await navigator.clipboard.writeText(url);
      toast({ title: "Link Copied", description: "A link to this document (valid for 15 minutes) is on your clipboard.", variant: "success" });
    } catch {
      toast({ title: "Could not copy the link", variant: "error" });
    }
  }

  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Share2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <div className="min-w-0">
          <p className="font-medium break-all text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">
            {[doc.fileSize !== null ? formatKilobytes(doc.fileSize) : null, shared ? `Shared ${shared}` : null]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </div>
      {doc.fileUrl ? (
        <div className="flex gap-1 pl-6 sm:pl-0">
          <DownloadLink variant="ghost" size="icon" url={doc.fileUrl} filename={name} ariaLabel={`Download ${name}`} />
          <LinkButton
            variant="ghost"
            size="icon"
            href={doc.viewUrl ?? doc.fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${name} (opens in a new tab)`}
          >
            <ExternalLink aria-hidden="true" className="size-5" />
          </LinkButton>
          <Button variant="ghost" size="icon" aria-label={`Copy link to ${name}`} onPress={() => void copyLink()}>
            <Copy aria-hidden="true" className="size-5" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${name}`}
            isPending={remove.isPending}
            onPress={confirmDelete}
            className="text-red-700"
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </Button>
        </div>
      ) : null}
    </li>
  );
}
