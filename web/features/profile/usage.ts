// Pure rules for the Current Subscription Plan card (SPEC 2 "Profile"), kept apart from the
// components so they are easy to test and read.
import { isUnlimited } from "@shared/plans";

/** SPEC 2: how an unlimited limit is written on the profile. */
export const INFINITY_SIGN = "∞";

/** SPEC 2: a limit the server did not send is read as 3. */
export const FALLBACK_LIMIT = 3;

/**
 * The cap a usage row shows: a number, or null for unlimited (-1, any negative, infinite,
 * or the legacy 999999+ sentinel). A missing limit falls back to 3.
 */
export function resolveLimit(limit: number | null | undefined): number | null {
  if (limit === null || limit === undefined || Number.isNaN(limit)) return FALLBACK_LIMIT;
  return isUnlimited(limit) ? null : limit;
}

export interface Usage {
  used: number;
  /** null = unlimited. */
  limit: number | null;
  /** "2/3", "5/∞". */
  text: string;
  /** 0–100; 0 when unlimited. */
  percent: number;
  atLimit: boolean;
}

export function usage(used: number | null | undefined, limit: number | null | undefined): Usage {
  const count = typeof used === "number" && Number.isFinite(used) && used > 0 ? used : 0;
  const cap = resolveLimit(limit);
  return {
    used: count,
    limit: cap,
    text: `${count}/${cap === null ? INFINITY_SIGN : cap}`,
    percent: cap === null ? 0 : cap === 0 ? 100 : Math.min(100, (count / cap) * 100),
    atLimit: cap !== null && count >= cap,
  };
}
