// How the portal's emails are paced.
import { parseSeconds, type Env } from "./parse.ts";

/**
 * REVIEW_EMAIL_WINDOW_SECONDS (60): a broker reviewing a customer's documents one after another
 * sends that customer one email listing every outcome, sent this long after the first one.
 */
export function reviewEmailWindowMs(env: Env): number {
  return parseSeconds(env, "REVIEW_EMAIL_WINDOW_SECONDS", "60");
}
