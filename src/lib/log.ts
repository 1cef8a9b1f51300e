// Plain one-line logs on stdout/stderr; LOG_LEVEL=silent keeps tests quiet.
export type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** One JSON object per line (request logs, for log collectors); absent on hand-made test loggers. */
  json?(level: Level, record: Record<string, unknown>): void;
}

// C0 and C1 controls, DEL, and Unicode's own line and paragraph separators: anything a terminal
// or a log reader may take as a new line or a command.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const SHORT_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * Text made safe to print as (part of) one line: control characters become visible escapes
 * (\n, \u001b …), so a name with a newline in it can never forge a log line or a CLI record.
 */
export function oneLine(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (c) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function createLogger(level = process.env.LOG_LEVEL ?? "info"): Logger {
  const threshold = order[level as Level] ?? order.info;
  const write = (lvl: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < threshold) return;
    const extra = fields ? " " + JSON.stringify(fields) : "";
    // The fields' JSON escapes most controls already; oneLine uses the same \uXXXX form for the rest.
    const line = oneLine(`${new Date().toISOString()} ${lvl.toUpperCase()} ${message}${extra}`);
    (lvl === "error" || lvl === "warn" ? console.error : console.log)(line);
  };
  const json = (lvl: Level, record: Record<string, unknown>) => {
    if (order[lvl] < threshold) return;
    const line = oneLine(JSON.stringify({ time: new Date().toISOString(), level: lvl, ...record }));
    (lvl === "error" || lvl === "warn" ? console.error : console.log)(line);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error"), json };
}
