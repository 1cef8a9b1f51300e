// Counters of what the portal served, kept in this process and written out in Prometheus's
// text format (version 0.0.4). Hand-written rather than prom-client: a dozen fixed series whose
// labels are route patterns and status codes we choose, one histogram, no default process
// metrics wanted, and prom-client's global registry would be shared by every app a test starts.

/** Latency buckets in seconds: from a cached read (a few ms) to a large upload on a slow line. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Latency {
  buckets: number[];
  sum: number;
  count: number;
}

export interface ServedRequest {
  method: string;
  /** The route pattern (`/api/customers/:id`), never the path: a path may hold an upload link. */
  route: string;
  status: number;
  seconds: number;
  /** Bytes of an accepted upload's request body. */
  uploadBytes?: number;
}

export interface Gauges {
  jobs: Record<string, number>;
  emails: Record<string, number>;
  sockets: Record<string, number>;
}

export class HttpMetrics {
  // Keyed by the raw values (cheap to join on every request); the escaped label text is built
  // once per series, when it first appears.
  private requests = new Map<string, { labels: string; n: number }>();
  private latency = new Map<string, Latency & { labels: string }>();
  private uploads = 0;
  private uploadBytes = 0;

  record(r: ServedRequest): void {
    const key = `${r.method} ${r.status} ${r.route}`;
    const series = this.requests.get(key);
    if (series) series.n++;
    else this.requests.set(key, { labels: labels({ method: r.method, route: r.route, status: String(r.status) }), n: 1 });
    let latency = this.latency.get(r.route);
    if (!latency) this.latency.set(r.route, (latency = { labels: labels({ route: r.route }), buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 }));
    // Cumulative, as Prometheus reads them: counted in every bucket at or above the time.
    for (let i = LATENCY_BUCKETS.length - 1; i >= 0 && r.seconds <= LATENCY_BUCKETS[i]!; i--) latency.buckets[i]!++;
    latency.sum += r.seconds;
    latency.count++;
    if (r.uploadBytes !== undefined) {
      this.uploads++;
      this.uploadBytes += r.uploadBytes;
    }
  }

  /** The whole exposition: these counters plus the gauges read at scrape time. */
  render(gauges: Gauges, version: string): string {
    const out: string[] = [];
    const family = (name: string, type: string, help: string) => out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    family("portal_build_info", "gauge", "The running portal's version.");
    out.push(`portal_build_info${labels({ version })} 1`);

    family("portal_http_requests_total", "counter", "HTTP requests answered, by method, route pattern and status.");
    for (const { labels: key, n } of this.requests.values()) out.push(`portal_http_requests_total${key} ${n}`);

    family("portal_http_request_duration_seconds", "histogram", "Time to answer an HTTP request, by route pattern.");
    for (const l of this.latency.values()) {
      const key = l.labels;
      const route = key.slice(1, -1); // `route="…"`, to join with `le`
      LATENCY_BUCKETS.forEach((le, i) => out.push(`portal_http_request_duration_seconds_bucket{${route},le="${le}"} ${l.buckets[i]}`));
      out.push(`portal_http_request_duration_seconds_bucket{${route},le="+Inf"} ${l.count}`);
      out.push(`portal_http_request_duration_seconds_sum${key} ${l.sum}`);
      out.push(`portal_http_request_duration_seconds_count${key} ${l.count}`);
    }

    family("portal_uploads_total", "counter", "Uploads the portal accepted.");
    out.push(`portal_uploads_total ${this.uploads}`);
    family("portal_upload_bytes_total", "counter", "Request bytes of accepted uploads.");
    out.push(`portal_upload_bytes_total ${this.uploadBytes}`);

    family("portal_jobs", "gauge", "Background jobs by state (failed ones need attention).");
    for (const [state, n] of Object.entries(gauges.jobs)) out.push(`portal_jobs${labels({ state })} ${n}`);
    family("portal_emails", "gauge", "Emails in the outbox by state.");
    for (const [state, n] of Object.entries(gauges.emails)) out.push(`portal_emails${labels({ state })} ${n}`);
    family("portal_open_sockets", "gauge", "Open live-update WebSockets, by side.");
    for (const [side, n] of Object.entries(gauges.sockets)) out.push(`portal_open_sockets${labels({ side })} ${n}`);
    return out.join("\n") + "\n";
  }
}

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function labels(values: Record<string, string>): string {
  return `{${Object.entries(values).map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}`;
}
