import { useState } from "react";
import { initials } from "@shared/user-display";
import type { AuthUser } from "../auth/api";
import { cx } from "../../components/ui/cx";

/**
 * The broker's photo, or their initials when there is none or it fails to load. Decorative:
 * the name is written beside it.
 */
export function ProfileAvatar({ user, className }: { user: AuthUser; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = user.profileImageUrl;
  if (url && url !== failedUrl) {
    return (
      <img
        src={url}
        alt=""
        onError={() => setFailedUrl(url)}
        className={cx("size-20 shrink-0 rounded-full object-cover ring-4 ring-brand-50", className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="profile-initials"
      className={cx(
        "flex size-20 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800 ring-4 ring-brand-50",
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}
