// How a setting is read and checked: one message shape per kind of value, naming the setting and
// what it got, so a bad value stops the process with one line an operator can act on.
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export type Env = Record<string, string | undefined>;

/** A setting's value, trimmed; empty counts as unset. */
export const value = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v === "" ? undefined : v;
};

export function parsePort(raw: string, name: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535 (got "${raw}")`);
  }
  return Number(raw);
}

/** A size setting in megabytes, as bytes. */
export function parseMegabytes(env: Env, name: string, fallback: string): number {
  const raw = value(env, name) ?? fallback;
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb <= 0 || mb > 2048) {
    throw new ConfigError(`${name} must be a number of megabytes from 1 to 2048 (got "${raw}")`);
  }
  return Math.round(mb * 1024 * 1024);
}

export function parseSeconds(env: Env, name: string, fallback: string): number {
  const raw = value(env, name) ?? fallback;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new ConfigError(`${name} must be a number of seconds above 0, at most 3600 (got "${raw}")`);
  }
  return Math.round(seconds * 1000);
}

export function parseBoolean(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

export function parseUrl(raw: string, name: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${protocols[0]}//host (got "${raw}")`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(" or ")}// (got "${raw}")`);
  }
  return url;
}
