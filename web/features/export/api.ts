// Export: the broker's file-name pattern (kept with their profile data, ["profile", "export"]),
// and starting a ZIP download through the app's one download helper (web/lib/download.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ExportScope } from "@shared/export";
import { apiFetch } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";
import { downloadFile, type DownloadOutcome } from "../../lib/download";

export const exportKeys = { settings: ["profile", "export"] as const satisfies ResourceKey };

export function useExportSettingsQuery() {
  return useQuery({ queryKey: exportKeys.settings, queryFn: ({ signal }) => apiFetch("/api/export/settings", { signal }) });
}

export function useUpdateExportSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileNamePattern: string) => apiFetch("/api/export/settings", { method: "PUT", body: { fileNamePattern } }),
    onSuccess: (settings) => queryClient.setQueryData(exportKeys.settings, settings),
  });
}

// Past this many customers the id list is too long for a link; the POST is fetched instead.
const MAX_LINK_IDS = 100;

export const customerExportUrl = (customerId: string, scope: ExportScope) => `/api/customers/${encodeURIComponent(customerId)}/export?scope=${scope}`;
export const customersExportUrl = (customerIds: string[], scope: ExportScope) => `/api/customers/export?ids=${customerIds.map(encodeURIComponent).join(",")}&scope=${scope}`;

/**
 * Downloads the ZIP of these customers. Up to 100 it is a link the browser streams to disk (its
 * own download bar shows the progress); beyond, the POST is read here with `onProgress` told the
 * share received (against the stored files' total the server sends), then saved from memory.
 */
export async function downloadExport(
  { customerIds, scope, single }: { customerIds: string[]; scope: ExportScope; single: boolean },
  onProgress?: (fraction: number) => void,
): Promise<DownloadOutcome> {
  if (single) return downloadFile(customerExportUrl(customerIds[0]!, scope), "documents.zip");
  if (customerIds.length <= MAX_LINK_IDS) return downloadFile(customersExportUrl(customerIds, scope), "customers.zip");
  const response = await fetch("/api/customers/export", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ customerIds, scope }),
  });
  if (!response.ok || !response.body) throw new Error(((await response.json().catch(() => null)) as { message?: string } | null)?.message ?? "The export failed.");
  const total = Number(response.headers.get("x-export-file-bytes")) || 0;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.length;
    if (total) onProgress?.(Math.min(1, received / total));
  }
  const url = URL.createObjectURL(new Blob(parts, { type: "application/zip" }));
  try {
    return await downloadFile(url, "customers.zip");
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
