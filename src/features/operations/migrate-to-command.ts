// `portal migrate-to` as the CLI runs it: flags (or the environment's DATABASE_URL and S3_*) in,
// progress and the closing report printed, exit code 1 when anything did not match.
import { AppError } from "../../lib/errors.ts";
import { migrateTo, type FilesDestination } from "./migrate-to.ts";

export interface MigrateToFlags {
  "database-url"?: string;
  "files-to"?: string;
  "s3-bucket"?: string;
  "s3-endpoint"?: string;
  "s3-region"?: string;
  "s3-access-key-id"?: string;
  "s3-secret-access-key"?: string;
  "ignore-file-problems"?: boolean;
}

const usage = (message: string) => new AppError("bad_request", message);

function destination(flags: MigrateToFlags, env: Record<string, string | undefined>): FilesDestination {
  const setting = (flag: keyof MigrateToFlags, name: string) => (flags[flag] as string | undefined) ?? (env[name]?.trim() || undefined);
  const bucket = setting("s3-bucket", "S3_BUCKET");
  if (bucket && flags["files-to"]) throw usage("Give either --files-to DIR or --s3-bucket, not both");
  if (flags["files-to"]) return { kind: "directory", dir: flags["files-to"] };
  if (!bucket) return { kind: "stay" };
  const accessKeyId = setting("s3-access-key-id", "S3_ACCESS_KEY_ID");
  const secretAccessKey = setting("s3-secret-access-key", "S3_SECRET_ACCESS_KEY");
  if (!accessKeyId || !secretAccessKey) throw usage("--s3-bucket needs keys: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or --s3-access-key-id and --s3-secret-access-key)");
  return {
    kind: "s3",
    settings: { bucket, accessKeyId, secretAccessKey, endpoint: setting("s3-endpoint", "S3_ENDPOINT") ?? null, region: setting("s3-region", "S3_REGION") ?? null },
  };
}

/** Runs the copy, printing as it goes; true when every table and file matched. */
export async function runMigrateToCommand(options: {
  flags: MigrateToFlags;
  env: Record<string, string | undefined>;
  dataDir: string;
  print: (line: string) => void;
}): Promise<boolean> {
  const { flags, env, dataDir, print } = options;
  const databaseUrl = flags["database-url"] ?? (env.DATABASE_URL?.trim() || undefined);
  if (!databaseUrl) throw usage("migrate-to needs the target database: portal migrate-to --database-url postgres://user:password@host:5432/portal");
  const result = await migrateTo({
    dataDir,
    databaseUrl,
    files: destination(flags, env),
    ignoreFileProblems: flags["ignore-file-problems"] ?? false,
    progress: print,
  });
  result.lines.forEach(print);
  return result.ok;
}
