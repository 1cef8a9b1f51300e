// ICU pieces a catalog builds from a table instead of writing out by hand: a `select` over codes
// (the document kinds), so a catalog names each kind once and every message that says a kind uses
// the same words.

/** `{arg, select, code1 {words1} … other {fallback}}`. */
export function select(arg: string, branches: Readonly<Record<string, string>>, other: string): string {
  const cases = Object.entries(branches).map(([code, words]) => `${code} {${words}}`);
  return `{${arg}, select, ${cases.join(" ")} other {${other}}}`;
}

/** Each entry of `table` through `words`: a select's branches from one table of nouns. */
export const mapValues = <T, R>(table: Readonly<Record<string, T>>, words: (entry: T) => R): Record<string, R> =>
  Object.fromEntries(Object.entries(table).map(([code, entry]) => [code, words(entry)]));
