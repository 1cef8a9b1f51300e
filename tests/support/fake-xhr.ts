// Stands in for XMLHttpRequest in component tests of uploads: records each request and lets the
// test drive its upload progress and its answer.
import { act } from "@testing-library/react";

export class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = "";
  responseText = "";
  method = "";
  url = "";
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  /** Its answers are the portal's JSON (respond) or nothing (a dropped connection). */
  getResponseHeader(name: string): string | null {
    return name.toLowerCase() === "content-type" && this.responseText ? "application/json" : null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}
