import { useEffect } from "react";
import { PRODUCT_NAME } from "./Logo";

/** Names the browser tab after the screen, so history and tabs are readable. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
