// S3-compatible object storage for uploaded and shared files (S3_*): off unless S3_BUCKET is set.
import { ConfigError, parseBoolean, parseUrl, value, type Env } from "./parse.ts";

export interface S3Config {
  bucket: string;
  /** S3_ENDPOINT, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; null: AWS for the region. */
  endpoint: string | null;
  region: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_VIRTUAL_HOSTED_STYLE: https://bucket.host/key instead of https://host/bucket/key (the default). */
  virtualHostedStyle: boolean;
}

const S3_SETTINGS = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_VIRTUAL_HOSTED_STYLE", "S3_WAIT_SECONDS"] as const;

/**
 * Object storage is on when S3_BUCKET is set; then the keys must be too. An S3 setting without
 * S3_BUCKET is refused rather than ignored: files would quietly go to local disk instead.
 */
export function s3Config(env: Env): S3Config | null {
  const bucket = value(env, "S3_BUCKET");
  if (!bucket) {
    const stray = S3_SETTINGS.filter((name) => value(env, name));
    if (stray.length) throw new ConfigError(`${stray.join(", ")} ${stray.length === 1 ? "needs" : "need"} S3_BUCKET (or unset ${stray.length === 1 ? "it" : "them"} to keep files on local disk)`);
    return null;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name such as portal-files (got "${bucket}")`);
  }
  const accessKeyId = value(env, "S3_ACCESS_KEY_ID");
  const secretAccessKey = value(env, "S3_SECRET_ACCESS_KEY");
  if (!accessKeyId || !secretAccessKey) {
    const missing = [accessKeyId ? null : "S3_ACCESS_KEY_ID", secretAccessKey ? null : "S3_SECRET_ACCESS_KEY"].filter(Boolean);
    throw new ConfigError(`S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set (missing: ${missing.join(", ")})`);
  }
  const endpoint = value(env, "S3_ENDPOINT");
  const region = value(env, "S3_REGION");
  if (!endpoint && !region) throw new ConfigError("S3_BUCKET needs S3_ENDPOINT (the storage service's URL) or, on AWS, S3_REGION");
  if (endpoint) parseUrl(endpoint, "S3_ENDPOINT", ["https:", "http:"]);
  if (region && !/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as eu-central-1 (got "${region}")`);
  return {
    bucket,
    endpoint: endpoint?.replace(/\/+$/, "") ?? null,
    region: region ?? null,
    accessKeyId,
    secretAccessKey,
    virtualHostedStyle: parseBoolean(value(env, "S3_VIRTUAL_HOSTED_STYLE"), "S3_VIRTUAL_HOSTED_STYLE", false),
  };
}
