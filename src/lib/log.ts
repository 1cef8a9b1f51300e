// Plain one-line logs on stdout/stderr; LOG_LEVEL=silent keeps tests quiet.
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level = process.env.LOG_LEVEL ?? "info"): Logger {
  const threshold = order[level as Level] ?? order.info;
  const write = (lvl: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < threshold) return;
    const extra = fields ? " " + JSON.stringify(fields) : "";
    const line = `${new Date().toISOString()} ${lvl.toUpperCase()} ${message}${extra}`;
    (lvl === "error" || lvl === "warn" ? console.error : console.log)(line);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
