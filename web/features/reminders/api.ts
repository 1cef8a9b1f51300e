// Server state of automatic reminders (the server's reminders and expiry features): a customer's
// cadence and pause, an approved document's expiry date, and what expires soon.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReminderCadence } from "@shared/reminder-cadence";
import { apiFetch, nullOn401 } from "../../api/client";
import { useBrokerMutation, type ResourceKey } from "../../api/query-keys";

export interface CustomerReminders {
  paused: boolean;
  cadence: ReminderCadence | null;
}

export interface ExpiringDocument {
  documentId: string;
  customerId: string;
  customerName: string;
  documentName: string;
  expiresOn: string;
  renewalRequested: boolean;
}

export const reminderKeys = {
  customer: (customerId: string) => ["customers", customerId, "reminders"] as const satisfies ResourceKey,
  expiring: ["dashboard", "expiring-documents"] as const satisfies ResourceKey,
};

export function useCustomerRemindersQuery(customerId: string) {
  return useQuery({
    queryKey: reminderKeys.customer(customerId),
    queryFn: ({ signal }) => nullOn401(apiFetch<CustomerReminders>(`/api/customers/${customerId}/reminders`, { signal })),
  });
}

export function usePauseRemindersMutation() {
  return useBrokerMutation(({ customerId, paused }: { customerId: string; paused: boolean }) =>
    apiFetch<CustomerReminders>(`/api/customers/${customerId}/reminders/${paused ? "pause" : "resume"}`, { method: "POST" }),
  );
}

/** Puts a cadence on a customer's open requests (what the invite and request dialogs do after sending). */
export const setCustomerCadence = (customerId: string, cadence: ReminderCadence | null) =>
  apiFetch<CustomerReminders>(`/api/customers/${customerId}/reminders/cadence`, { method: "PUT", body: { cadence } });

export const setDocumentExpiry = (documentId: string, expiresOn: string | null) =>
  apiFetch<{ documentId: string; expiresOn: string | null }>(`/api/documents/${documentId}/expiry`, { method: "PUT", body: { expiresOn } });

export function useExpiringDocumentsQuery() {
  return useQuery({
    queryKey: reminderKeys.expiring,
    queryFn: ({ signal }) => nullOn401(apiFetch<{ documents: ExpiringDocument[]; withinDays: number }>("/api/dashboard/expiring-documents", { signal })),
  });
}

export interface ReminderSettings {
  blackoutDays: string[];
  expiryLeadDays: number;
  timeZone: string | null;
}

export const reminderSettingsKey = ["profile", "reminder-settings"] as const satisfies ResourceKey;

export function useReminderSettingsQuery() {
  return useQuery({
    queryKey: reminderSettingsKey,
    queryFn: ({ signal }) => nullOn401(apiFetch<ReminderSettings>("/api/reminder-settings", { signal })),
  });
}

export function useSaveReminderSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { blackoutDays: string[]; expiryLeadDays: number }) => apiFetch<ReminderSettings>("/api/reminder-settings", { method: "PUT", body: input }),
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsKey, saved),
  });
}
