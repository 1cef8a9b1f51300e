import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";

/**
 * A message with tagged parts, "Upload with <0>Take photo</0> or <1>Choose file</1>": each
 * <n>…</n> becomes elements[n] holding that text, so a translation may move or reorder them.
 */
export function rich(message: string, elements: ReactElement[]): ReactNode {
  const parts = message.split(/<(\d+)>(.*?)<\/\1>/);
  return parts.map((part, i) => {
    if (i % 3 === 0) return part ? <Fragment key={i}>{part}</Fragment> : null;
    if (i % 3 === 2) return null;
    const element = elements[Number(part)];
    const text = parts[i + 1] ?? "";
    return element ? cloneElement(element, { key: i }, text) : text;
  });
}
