import { limitMessages } from "@shared/limits";

/** The text of anything thrown by a mutation ("" when there is none). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message.trim() : "";
}

/** SPEC 8, dashboard flow: a limit error is reworded, others are shown as the server wrote them. */
export function createCustomerErrorMessage(error: unknown): string {
  const text = errorText(error);
  if (/limit reached/i.test(text)) return limitMessages.customerLimit;
  return text || "Failed to create customer. Please try again.";
}
