import type { MouseEvent, ReactNode } from "react";
import { Download } from "lucide-react";
import { buttonClass, type ButtonSize, type ButtonVariant } from "../components/ui/Button";
import { cx } from "../components/ui/cx";

/**
 * A Download control: a real link to the file (so "Save link as" and keyboard use work as
 * everywhere), whose click goes through the download helper and its fallbacks. The helper is
 * loaded on the first click: it is off the customer portal's first load (its budget), and a
 * helper that cannot load leaves the browser to open the link itself.
 */
export function DownloadLink({
  url,
  filename,
  children = "Download",
  ariaLabel,
  variant = "secondary",
  size,
  icon = true,
  className,
}: {
  url: string | null | undefined;
  filename: string;
  children?: ReactNode;
  ariaLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: boolean;
  className?: string;
}) {
  if (!url) return null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) is the person's own choice; leave it to the browser.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    import("./download").then(
      ({ downloadFile }) => downloadFile(url, filename),
      () => window.open(url, "_blank", "noopener"),
    );
  };
  return (
    <a
      href={url}
      download={filename}
      aria-label={ariaLabel}
      onClick={onClick}
      className={cx(buttonClass(variant, size, className), "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2")}
    >
      {icon ? <Download aria-hidden="true" className={size === "icon" ? "size-5" : "size-4"} /> : null}
      {size === "icon" ? null : children}
    </a>
  );
}
