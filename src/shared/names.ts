// How a person's or a document's name is stored: shared by the server and the web app (the
// portal's first load needs it without the rest of validation.ts).

// Control characters (C0, DEL, C1: CR/LF, tab, escape) and the invisible bidi controls (marks,
// embeddings, overrides, isolates). A person's name never needs them, and in one they forge lines
// in logs and emails or show "gpj.exe" as "exe.jpg" on a screen.
export const NAME_BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A name as stored: line breaks and other controls become one space, bidi controls go, trimmed. */
export function cleanName(name: string): string {
  return name.replace(BIDI_CONTROLS, "").replace(NAME_BREAKS, " ").replace(/ {2,}/g, " ").trim();
}
