/**
 * The browser's IANA time zone ("Europe/Berlin"): sent with a broker's sign-in and sign-up so the
 * emails the server writes print times as the broker reads them, and with a signature so a date
 * field shows the signer's own day.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
