// The customer's note with a file they were told does not look like what was asked (issue 42):
// its limit, apart from the rules so the portal's check step imports nothing else of them.

/** The longest note a customer may send with a file they send anyway. */
export const MAX_CUSTOMER_NOTE = 1000;
