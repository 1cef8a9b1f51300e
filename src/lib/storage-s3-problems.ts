// What a failed request to the S3 bucket means for the operator, in one line that starts with the
// setting to look at (S3_BUCKET, S3_ENDPOINT, the keys) and names the bucket and where it is
// looked for. Bun's S3 client says "an unexpected error has occurred" for a connection refused;
// its error code (ConnectionRefused, NoSuchBucket …) is what tells the cases apart.
import type { Config } from "../config.ts";

type S3Settings = Pick<NonNullable<Config["s3"]>, "bucket" | "endpoint" | "region">;

const codeOf = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? "");

/** Bun's words when it has none of its own: not worth repeating after the code. */
const BUN_GENERIC_MESSAGE = "an unexpected error has occurred";

/**
 * The service is not answering (yet): nothing listening, a name that does not resolve yet (a
 * container still starting), a connection cut, or the service saying it is busy or down. Worth
 * waiting out at start; anything else is a setting to fix.
 */
export function isServiceNotAnswering(error: unknown): boolean {
  const code = codeOf(error);
  return /^(Connection|ECONN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|Timeout|DNS)/.test(code) || ["ServiceUnavailable", "SlowDown", "InternalError"].includes(code);
}

const REFUSED_KEY_CODES: ReadonlySet<string> = new Set(["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "InvalidToken", "ExpiredToken"]);

/** The setting that says where the service is; the service as a sentence names it; where it is. */
function serviceOf(settings: S3Settings): { setting: string; service: string; where: string } {
  return settings.endpoint
    ? { setting: "S3_ENDPOINT", service: `the storage service at ${settings.endpoint}`, where: settings.endpoint }
    : { setting: "S3_REGION", service: `AWS S3 in ${settings.region}`, where: `AWS S3 in ${settings.region}` };
}

function reasonOf(error: unknown): string {
  const code = codeOf(error);
  const message = (error as Error | null)?.message ?? String(error);
  if (!code) return message;
  return message && message !== BUN_GENERIC_MESSAGE ? `${code}: ${message}` : code;
}

/**
 * One line on why the bucket cannot be used. `waitedMs`: how long a start waited for a service
 * that did not answer (said so, with the setting that sets it).
 */
export function bucketProblem(settings: S3Settings, error: unknown, waitedMs?: number): string {
  const { setting, service, where } = serviceOf(settings);
  const code = codeOf(error);
  const reason = reasonOf(error);
  if (code === "NoSuchBucket") {
    return `S3_BUCKET: the bucket "${settings.bucket}" does not exist at ${where}. Create it, or set S3_BUCKET to a bucket that exists.`;
  }
  if (isServiceNotAnswering(error)) {
    const waited = waitedMs === undefined ? "cannot be reached" : `could not be reached for ${Math.round(waitedMs / 1000)} s`;
    const hint = waitedMs === undefined ? "" : " (S3_WAIT_SECONDS sets how long to wait)";
    return `${setting}: ${service} ${waited} (${reason}). Check that it is running and ${setting} names it${hint}.`;
  }
  if (REFUSED_KEY_CODES.has(code)) {
    return `S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: ${service} refused them for the bucket "${settings.bucket}" (${reason}). Check the keys, and that they may list, read, write and delete in that bucket.`;
  }
  return `S3_BUCKET: the bucket "${settings.bucket}" at ${where} cannot be used (${reason}). Check S3_BUCKET, ${setting} and the keys.`;
}
