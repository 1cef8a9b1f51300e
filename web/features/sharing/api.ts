// Server state of sharing: the server's limits for the dialog, the share itself (one multipart
// upload with progress), and the dashboard's shared rows (SPEC 9: fresh for 5 minutes).
import { useQuery, useQueryClient, useMutation } from "@tanstack/react-query";
import { apiFetch, apiUpload, nullOn401 } from "../../api/client";
import { refreshBrokerData, type ResourceKey } from "../../api/query-keys";

const MINUTE = 60_000;

export const sharingKeys = {
  /** Under "dashboard", so every broker change (and the live channel) refreshes it. */
  sharedDocuments: ["dashboard", "shared-documents"] as const satisfies ResourceKey,
  settings: ["documents", "share-settings"] as const satisfies ResourceKey,
};

export function useSharedDocumentsQuery() {
  return useQuery({
    queryKey: sharingKeys.sharedDocuments,
    queryFn: ({ signal }) => nullOn401(apiFetch("/api/shared-documents", { signal })),
    staleTime: 5 * MINUTE,
  });
}

/** The server's limits (SHARE_MAX_MB, files per share); they change only with a restart. */
export function useShareSettingsQuery() {
  return useQuery({
    queryKey: sharingKeys.settings,
    queryFn: ({ signal }) => apiFetch("/api/documents/share/settings", { signal }),
    staleTime: Infinity,
  });
}

export interface ShareInput {
  files: readonly File[];
  customerIds: readonly string[];
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POST /api/documents/share: `documents` (repeated files) and `customerIds` (a JSON array as text). */
export function useShareDocumentsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, customerIds, onProgress, signal }: ShareInput) => {
      const form = new FormData();
      form.append("customerIds", JSON.stringify(customerIds));
      for (const file of files) form.append("documents", file, file.name);
      return apiUpload("/api/documents/share", form, { onProgress, signal });
    },
    onSuccess: () => refreshBrokerData(queryClient),
  });
}
