import { limitMessages } from "@shared/limits";

import { errorText } from "../../api/client";

/** SPEC 8: what the detail screen and the edit dialog say when more documents are refused. */
export const REQUEST_LIMIT_REACHED = "You have reached your document request limit.";

/** SPEC 8, dashboard flow: a limit error is reworded, others are shown as the server wrote them. */
export function createCustomerErrorMessage(error: unknown): string {
  const text = errorText(error);
  if (/limit reached/i.test(text)) return limitMessages.customerLimit;
  return text || "Failed to create customer. Please try again.";
}
