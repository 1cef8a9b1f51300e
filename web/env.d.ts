declare module "*.css";
// pdf.js's worker, imported `with { type: "file" }` (web/components/pdf/pdfjs.ts): its URL in the build.
declare module "pdfjs-dist/build/pdf.worker.min.mjs" {
  const url: string;
  export default url;
}
