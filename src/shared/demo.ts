// The walkthrough shipped with the portal for Request a Demo (SPEC 2 "Landing page"): recorded by
// scripts/record-demo.ts over a real run of the product, served from public/. The steps are its
// captions (public/demo.vtt) and the transcript under the video; the script writes the captions
// from these same words, timed to the recording.

export interface DemoSource {
  url: string;
  /** MIME type, so the browser picks a format it plays without downloading the others. */
  type: string | null;
}

export interface DemoVideoInfo {
  sources: DemoSource[];
  /** WebVTT captions; null when the operator's own video brings none. */
  captionsUrl: string | null;
}

export const SHIPPED_DEMO: DemoVideoInfo = {
  sources: [
    { url: "/demo.webm", type: "video/webm" },
    { url: "/demo.mp4", type: "video/mp4" },
  ],
  captionsUrl: "/demo.vtt",
};

/** Caption of each step of the walkthrough, in the order they happen. */
export const DEMO_STEPS = [
  "A broker opens the portal and chooses Try for Free.",
  "They create their broker account with a name, email and password.",
  "The dashboard: customers, pending documents and today's approvals at a glance.",
  "Add New Customer: the customer's email and the documents they need to send.",
  "The customer is invited; their personal upload link is copied to send.",
  "The customer opens the link from the invitation on any device.",
  "They upload a document; no account is needed.",
  "Back on the customer's page, the broker finds the upload under review.",
  "Approve, with a comment if wanted: the customer's progress updates at once.",
] as const;
