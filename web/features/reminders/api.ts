// Server state of automatic reminders (the server's reminders and expiry features): a customer's
// cadence and pause, an approved document's expiry date, and what expires soon.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Answer } from "@shared/api-routes";
import type { ReminderCadence } from "@shared/reminder-cadence";
import { apiFetch, nullOn401 } from "../../api/client";
import { useBrokerMutation, type ResourceKey } from "../../api/query-keys";

export const reminderKeys = {
  customer: (customerId: string) => ["customers", customerId, "reminders"] as const satisfies ResourceKey,
  expiring: ["dashboard", "expiring-documents"] as const satisfies ResourceKey,
};

export function useCustomerRemindersQuery(customerId: string) {
  return useQuery({
    queryKey: reminderKeys.customer(customerId),
    queryFn: ({ signal }) => nullOn401(apiFetch(`/api/customers/${customerId}/reminders`, { signal })),
  });
}

export function usePauseRemindersMutation() {
  return useBrokerMutation(({ customerId, paused }: { customerId: string; paused: boolean }) =>
    apiFetch(`/api/customers/${customerId}/reminders/${paused ? "pause" : "resume"}`, { method: "POST" }),
  );
}

/** Puts a cadence on a customer's open requests (what the invite and request dialogs do after sending). */
export const setCustomerCadence = (customerId: string, cadence: ReminderCadence | null) =>
  apiFetch(`/api/customers/${customerId}/reminders/cadence`, { method: "PUT", body: { cadence } });

export const setDocumentExpiry = (documentId: string, expiresOn: string | null) =>
  apiFetch(`/api/documents/${documentId}/expiry`, { method: "PUT", body: { expiresOn } });

export function useExpiringDocumentsQuery() {
  return useQuery({
    queryKey: reminderKeys.expiring,
    queryFn: ({ signal }) => nullOn401(apiFetch("/api/dashboard/expiring-documents", { signal })),
  });
}

export type ReminderSettings = Answer<"GET /api/reminder-settings">;

export const reminderSettingsKey = ["profile", "reminder-settings"] as const satisfies ResourceKey;

export function useReminderSettingsQuery() {
  return useQuery({
    queryKey: reminderSettingsKey,
    queryFn: ({ signal }) => nullOn401(apiFetch("/api/reminder-settings", { signal })),
  });
}

export function useSaveReminderSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { blackoutDays: string[]; expiryLeadDays: number }) => apiFetch("/api/reminder-settings", { method: "PUT", body: input }),
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsKey, saved),
  });
}
