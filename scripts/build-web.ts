// Bundles the React app (web/index.html) with Tailwind, plus the files in public/.
// The server calls buildWeb() at start when running from source; `compile` writes the result
// to build/web and embeds it in the executable.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import tailwind from "bun-plugin-tailwind";

export interface WebFile {
  /** The URL path it is served at: "/index.html", "/assets/index-1a2b.js", "/favicon.svg". */
  urlPath: string;
  blob: Blob;
}

const root = join(import.meta.dir, "..");

export async function buildWeb({ minify = true } = {}): Promise<WebFile[]> {
  const result = await Bun.build({
    entrypoints: [join(root, "web/index.html")],
    plugins: [tailwind],
    minify,
    splitting: true,
    sourcemap: "none",
    publicPath: "/assets/",
    define: { "process.env.NODE_ENV": JSON.stringify(minify ? "production" : "development") },
    throw: false,
  });
  if (!result.success) {
    throw new Error("Web build failed:\n" + result.logs.map((l) => String(l)).join("\n"));
  }
  const files: WebFile[] = result.outputs.map((output) => {
    const name = output.path.replace(/^\.\//, "");
    return { urlPath: name.endsWith(".html") ? "/index.html" : `/assets/${name}`, blob: output };
  });
  for (const name of readdirSync(join(root, "public"))) {
    if (!name.startsWith(".")) files.push({ urlPath: `/${name}`, blob: Bun.file(join(root, "public", name)) });
  }
  return files;
}
