// Pure rules for the Current Subscription Plan card (SPEC 2 "Profile"), kept apart from the
// components so they are easy to test and read.
import { resolveCap } from "@shared/limits";

/** SPEC 2: how an unlimited limit is written on the profile. */
export const INFINITY_SIGN = "∞";

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
  // A missing limit is read as 3, an unlimited one as no cap (SPEC 2).
  const cap = resolveCap(limit);
  return {
    used: count,
    limit: cap,
    text: `${count}/${cap === null ? INFINITY_SIGN : cap}`,
    percent: cap === null ? 0 : cap === 0 ? 100 : Math.min(100, (count / cap) * 100),
    atLimit: cap !== null && count >= cap,
  };
}
