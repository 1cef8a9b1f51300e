// How a signed-in user is named on screen (avatar menu, profile). Pure so the
// server (e-mails) and the browser always show the same name.

export interface DisplayableUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

function nameParts(user: DisplayableUser | null | undefined): string[] {
  if (!user) return [];
  return [user.firstName, user.lastName]
    .map((part) => (part ?? "").trim())
    .filter((part) => part.length > 0);
}

/**
 * First and last name, else the e-mail, else "User".
 * A user with only one of the two names is shown by that name: it is closer
 * to what they typed than their e-mail address.
 */
export function displayName(user: DisplayableUser | null | undefined): string {
  const parts = nameParts(user);
  if (parts.length > 0) return parts.join(" ");
  const email = (user?.email ?? "").trim();
  if (email) return email;
  return "User";
}

/** A name's first letter in any script; punctuation and digits are not initials ("<b>", "03"). */
const firstLetter = (part: string) => part.match(/\p{L}/u)?.[0] ?? "";

/**
 * First letters of first and last name, else the first two letters of the
 * e-mail, else "U"; always upper case.
 */
export function initials(user: DisplayableUser | null | undefined): string {
  const letters = nameParts(user).map(firstLetter).join("");
  if (letters) return letters.toUpperCase();
  const email = (user?.email ?? "").trim();
  if (email) return email.slice(0, 2).toUpperCase();
  return "U";
}

/**
 * A customer's initials from the one name a broker gave them: its first and last word as first
 * and last name, then the same rule as any user ("Jane Q. Doe" → "JD", "Carol" → "C", none →
 * the email's first two letters).
 */
export function customerInitials(name: string, email?: string | null): string {
  // Words with a letter in them: "Paging Person 03" is PP, not P0.
  const words = name.trim().split(/\s+/).filter((word) => firstLetter(word));
  return initials({ firstName: words[0] ?? null, lastName: words.length > 1 ? words[words.length - 1] : null, email });
}
