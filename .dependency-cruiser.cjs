// Who may import whom (docs/architecture.md, "Layers: who may import whom"), checked by
// `npm run lint:deps` in CI. Type-only imports count like the others: they bind the same way.

// The server's features, bottom first. A feature (its routes.ts too) imports only features on a
// lower line; features on one line do not import each other. The access plugin is the one
// exception, above every line (see ACCESS below).
const FEATURE_LAYERS = [
  ["mail"],
  ["workspaces"],
  ["auth"],
  ["two-factor", "oidc", "broker-profile", "api-keys"],
  ["notifications"],
  ["audit", "document-checks"],
  ["templates", "documents", "recognition"],
  ["webhooks"],
  ["signatures"],
  ["billing"],
  ["customers"],
  ["customer-auth"],
  ["portal", "dashboard", "files", "export", "sharing"],
  ["reminders"],
  ["expiry"],
  ["live", "operations", "demo", "site", "health", "web", "api-docs"],
  ["observability"],
];

// customers/lookups.ts is the customers table read by others (by link, by email, contact,
// activity, counts): it imports no feature, so it sits under every feature that reads a customer,
// below the rest of its folder (which composes documents, billing and audit).
const BELOW_EVERY_FEATURE = ["^src/features/customers/lookups\\.ts$"];

// Who is asking: the access plugin asks auth, customer-auth and two-factor, and every feature's
// routes use it, so it sits above every line, and services may import only its types.
const ACCESS = "^src/features/access/";
const ROUTES = "^src/features/[^/]+/routes\\.ts$";

const either = (names) => `^src/features/(${names.join("|")})/`;

const layerRules = FEATURE_LAYERS.flatMap((layer, level) =>
  layer.map((feature) => {
    const notBelow = FEATURE_LAYERS.slice(level).flat().filter((other) => other !== feature);
    return {
      name: `layer-${feature}`,
      comment: `${feature} may import only features on a lower line of FEATURE_LAYERS (docs/architecture.md)`,
      severity: "error",
      from: { path: `^src/features/${feature}/` },
      to: { path: either(notBelow), pathNot: BELOW_EVERY_FEATURE },
    };
  }),
);

const everyFeature = FEATURE_LAYERS.flat();

// The side effects many features cause are unit subscribers (src/side-effects.ts registers them):
// a feature names what they need in its event's facts (src/lib/unit.ts) and never imports their
// writers, so an audit entry or a notification written beside the unit cannot come back.
const SIDE_EFFECT_WRITERS = "^src/features/(audit/(append|subscriber)|notifications/(writer|customer-team|subscriber))\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circles, of values or of types: a shared piece goes into a module both import.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "features-are-listed",
      comment: "A new feature folder gets its line in FEATURE_LAYERS (and in docs/architecture.md).",
      severity: "error",
      from: { path: "^src/features/", pathNot: [either([...everyFeature, "access"])] },
      to: {},
    },
    ...layerRules,
    {
      name: "side-effects-are-subscribed-not-imported",
      comment: "The audit trail and notifications are written by their unit subscribers (src/side-effects.ts): publish an event with facts (src/lib/unit.ts) instead.",
      severity: "error",
      from: { pathNot: ["^src/side-effects\\.ts$", "^src/features/(audit|notifications)/"] },
      to: { path: SIDE_EFFECT_WRITERS },
    },
    {
      name: "routes-are-mounted-not-imported",
      comment: "Only src/app.ts (and src/server.ts, for the live socket's options) import a routes.ts.",
      severity: "error",
      from: { path: "^(src|db)/", pathNot: "^src/(app|server)\\.ts$" },
      to: { path: ROUTES },
    },
    {
      name: "access-is-for-routes",
      comment: "Routes use the access plugin; services import only its types (what a request carries).",
      severity: "error",
      from: { path: "^(src|db)/", pathNot: [ROUTES, ACCESS, "^src/(app|server)\\.ts$"] },
      to: { path: ACCESS, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "lookups-import-no-feature",
      comment: "What every feature may import imports no feature itself.",
      severity: "error",
      from: { path: BELOW_EVERY_FEATURE },
      to: { path: "^src/features/" },
    },
    {
      name: "shared-is-pure",
      comment: "src/shared imports nothing outside itself (api-types.ts and api-routes.ts excepted, below).",
      severity: "error",
      from: { path: "^src/shared/", pathNot: "^src/shared/api-(types|routes)\\.ts$" },
      to: { path: "^(src|db)/", pathNot: "^src/shared/" },
    },
    {
      name: "api-types-name-models-only",
      comment: "src/shared/api-types.ts re-exports the types of the route models (features' model.ts, lib/model.ts) and of the whole app (src/app.ts, for a typed client), nothing else.",
      severity: "error",
      from: { path: "^src/shared/api-types\\.ts$" },
      to: { path: "^(src|db)/", pathNot: ["^src/shared/", "^src/features/[^/]+/model\\.ts$", "^src/lib/model\\.ts$", "^src/app\\.ts$"] },
    },
    {
      name: "api-types-are-types",
      comment: "src/shared/api-types.ts names the models' types, never their values: the web bundle stays free of the server.",
      severity: "error",
      from: { path: "^src/shared/api-types\\.ts$" },
      to: { path: "^(src|db)/", pathNot: "^src/shared/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "api-routes-are-types",
      comment: "src/shared/api-routes.ts derives the route map from the app's type (src/app.ts), type-only: no server code reaches the web bundle.",
      severity: "error",
      from: { path: "^src/shared/api-routes\\.ts$" },
      to: { path: "^(src|db)/", pathNot: "^src/shared/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "api-routes-name-the-app-only",
      comment: "src/shared/api-routes.ts reads the app's type and the shared types, nothing else.",
      severity: "error",
      from: { path: "^src/shared/api-routes\\.ts$" },
      to: { path: "^(src|db)/", pathNot: ["^src/shared/", "^src/app\\.ts$"] },
    },
    {
      name: "web-imports-no-server-code",
      comment: "The web app imports src/shared only (and src/shared/api-types.ts only for types), never db/ or the rest of src/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^(src|db)/", pathNot: "^src/shared/" },
    },
    {
      name: "web-api-types-are-types",
      comment: "src/shared/api-types.ts is type-only for the web app.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^src/shared/api-(types|routes)\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "lib-and-db-below-features",
      comment: "src/lib and db/ are plumbing: they import no feature.",
      severity: "error",
      from: { path: "^(src/lib|db)/" },
      to: { path: "^src/features/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
