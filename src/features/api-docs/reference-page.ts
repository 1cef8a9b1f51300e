// The developers' reference page: plain HTML the portal renders itself from the document (every
// route, its summary, a link to the JSON). Not the plugin's Scalar or Swagger UI page: both load
// their script from a CDN (jsdelivr, unpkg) at runtime, which a self-hosted portal must not depend
// on, and bundling one would add megabytes to the executable. Any OpenAPI viewer opens the JSON.
import { escapeHtml as escape } from "../../lib/html.ts";
import type { OpenApiDocument } from "./model.ts";

export function referencePage(document: OpenApiDocument, jsonPath: string): string {
  const rows = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations as Record<string, { summary?: string }>).map(
      ([method, operation]) =>
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(operation.summary ?? "")}</td></tr>`,
    ),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}: reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td{border-bottom:1px solid #ddd;padding:.25rem .5rem;vertical-align:top}</style>
</head>
<body>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description)}</p>
<p>The OpenAPI ${escape(document.openapi)} document: <a href="${escape(jsonPath)}">${escape(jsonPath)}</a> (open it in any OpenAPI viewer or client generator).</p>
<table>
<thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Summary</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
</body>
</html>
`;
}
