// Every piece of state a module keeps between requests is registered in src/lib/instance-state.ts
// with whether it may differ between portal instances: a module-level Map, WeakMap, Set, empty
// array or object, `let`, or object made with `new` that does not go through `instanceState` /
// `perContext` (or is not named in `elsewhere`) fails here, so a new one is seen and classified.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { elsewhere, stateEntries } from "../../src/lib/instance-state.ts";

const root = join(import.meta.dir, "../..");
const REGISTRY = "src/lib/instance-state.ts";
const SCOPES = ["per process", "shared", "per process today; must be shared (issue 39 item 13)"];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split("/").includes("migrations") && !file.split("/").includes("migrations-pg"));
}
const files = [...sourceFiles("src"), ...sourceFiles("db")].filter((file) => file !== REGISTRY).sort();

interface Declaration {
  file: string;
  line: number;
  keyword: string;
  variable: string;
  /** The declared type, if written. */
  type: string;
  /** What it is set to, from the first line (and the next lines of the same statement). */
  value: string;
}

/** Declarations at the top level of a module: `const`/`let`/`var` at the start of a line. */
function topLevelDeclarations(file: string): Declaration[] {
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  const found: Declaration[] = [];
  lines.forEach((text, i) => {
    const match = DECLARATION.exec(text);
    if (!match) return;
    let value = match[4] ?? "";
    // A value that starts on the next line(s): `= instanceState(` alone, or `=` at the line's end.
    for (let j = i + 1; value.trim() === "" && j < lines.length && /^\s/.test(lines[j]!); j++) value = lines[j]!.trim();
    found.push({ file, line: i + 1, keyword: match[1]!, variable: match[2]!, type: match[3] ?? "", value: value.trim() });
  });
  return found;
}

/** `const name: Type = value`: the type may hold arrows (`=>`), the value is after the first lone `=`. */
const DECLARATION = /^(?:export )?(const|let|var) (\w+)\s*(?::\s*((?:[^=]|=>)+?))?\s*(?:=(?!>)\s*(.*))?$/;
const REGISTERED = /^(instanceState|perContext)\s*\(/;
const IMMUTABLE_OBJECTS = /^new (TextEncoder|TextDecoder|RegExp|URL|Intl\.\w+)\b/;

/** Why a declaration is unregistered state, or null when it is not state or is registered. */
function unregisteredState(d: Declaration): string | null {
  if (REGISTERED.test(d.value)) return null;
  if (elsewhere.some((entry) => entry.module === d.file && entry.variable === d.variable)) return null;
  if (d.keyword !== "const") return `a module-level ${d.keyword}`;
  if (/^new (Map|WeakMap|Set|WeakSet)\b/.test(d.value)) return /^Readonly(Set|Map)\b/.test(d.type) ? null : "a module-level collection";
  if (/^new /.test(d.value) && !IMMUTABLE_OBJECTS.test(d.value)) return "a module-level object made with new";
  if (/^(\[\]|\{\})(\s|;|$)/.test(d.value)) return "a module-level empty array or object";
  return null;
}

test("every module-level map, set, let or object made with new in src/ and db/ is registered", () => {
  const unregistered = files.flatMap(topLevelDeclarations).flatMap((d) => {
    const why = unregisteredState(d);
    return why ? [`${d.file}:${d.line} ${d.variable}: ${why}; register it with instanceState or perContext (src/lib/instance-state.ts)`] : [];
  });
  expect(unregistered).toEqual([]);
});

test("the check finds unregistered state, and lets constants and registered state through", () => {
  const check = (text: string, file = "src/example.ts") => {
    const match = DECLARATION.exec(text)!;
    return unregisteredState({ file, line: 1, keyword: match[1]!, variable: match[2]!, type: match[3] ?? "", value: match[4] ?? "" });
  };
  expect(check("const seen = new Map<string, number>();")).toBe("a module-level collection");
  expect(check("const byContext = new WeakMap<AppContext, Flow>();")).toBe("a module-level collection");
  expect(check("let loading: Promise<void> | null = null;")).toBe("a module-level let");
  expect(check("const queue: (() => void)[] = [];")).toBe("a module-level empty array or object");
  expect(check("export const slots = new Limiter(4);")).toBe("a module-level object made with new");
  expect(check("const NAMES: ReadonlySet<string> = new Set([\"a\"]);")).toBeNull();
  expect(check("const encoder = new TextEncoder();")).toBeNull();
  expect(check("const seen = instanceState(\"seen\", \"per process\", \"why\", new Map());")).toBeNull();
  expect(check("let previous = Promise.resolve();", "src/work-thread.ts")).toBeNull();
});

test("each registered piece of state says whether it may differ between instances, and why", async () => {
  // Load every module that registers something, then compare with the call sites in the source.
  const callSites = files.filter((file) => /\b(instanceState|perContext)\s*\(/.test(readFileSync(join(root, file), "utf8")));
  for (const file of callSites) await import(join(root, file));
  const names = callSites.flatMap((file) =>
    [...readFileSync(join(root, file), "utf8").matchAll(/\b(?:instanceState|perContext)\(\s*"([^"]+)"/g)].map((m) => m[1]!),
  );
  const entries = stateEntries();
  expect(entries.map((e) => e.name).sort()).toEqual([...names, ...elsewhere.map((e) => e.name)].sort());
  expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
  for (const entry of entries) {
    expect(SCOPES).toContain(entry.scope);
    expect(entry.why.length).toBeGreaterThan(10);
  }
  // Nothing an answer depends on lives in one process's memory: the single sign-on flows and the
  // sign-ins waiting for their second factor moved into the database (issue 39 item 13).
  const mustBeShared = entries.filter((e) => e.scope === SCOPES[2]).map((e) => e.name).sort();
  expect(mustBeShared).toEqual([]);
});

test("what `elsewhere` names still exists where it says", () => {
  for (const entry of elsewhere) {
    const declared = topLevelDeclarations(entry.module).some((d) => d.variable === entry.variable);
    expect(`${entry.module} ${entry.variable}: ${declared}`).toBe(`${entry.module} ${entry.variable}: true`);
  }
});
