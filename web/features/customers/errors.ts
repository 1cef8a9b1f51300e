import { limitMessages } from "@shared/limits";

import { ApiError, errorText } from "../../api/client";

/** SPEC 8: what the detail screen and the edit dialog say when more documents are refused. */
export const REQUEST_LIMIT_REACHED = "You have reached your document request limit.";

/** Where a customer is being created: the dashboard words a limit error its own way (SPEC 8). */
export type CreateCustomerFlow = "dashboard" | "customers";

/**
 * SPEC 8, customer creation: a limit error is reworded (by flow), other server messages are
 * shown as written; an answer without any text says "API request failed: (status) (statusText)".
 */
export function createCustomerErrorMessage(error: unknown, flow: CreateCustomerFlow): string {
  const text = errorText(error);
  if (/limit reached/i.test(text)) return flow === "dashboard" ? limitMessages.customerLimit : limitMessages.customerLimitElsewhere;
  if (error instanceof ApiError && !error.fromServer) return `API request failed: ${error.status} ${error.statusText}`.trim();
  return text || "Failed to create customer. Please try again.";
}
