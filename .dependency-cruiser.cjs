/**
 * `npm run lint:circles` (part of `npm run lint`): the import rules of docs/architecture.md ("Layers"). Tests are
 * outside the feature rules (a test may set up what another feature owns); production code is not.
 */
const tests = "(\\.test\\.tsx?$|^server/test/)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle ties modules so that none can be read, tested or moved alone.",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-stands-alone",
      severity: "error",
      comment:
        "No file of one feature imports a file of another (docs/architecture.md, 'Features stand alone'): what two features " +
        "share goes below them (server/records, server/money, server/dual-control, server/providers, domain), and only the " +
        "composition files (server/stack.ts, app.ts, jobs.ts, seed.ts, context.ts, server/features/index.ts) wire features together.",
      from: { path: "^server/features/([^/]+)/", pathNot: tests },
      to: { path: "^server/features/[^/]+/", pathNot: "^server/features/$1/" },
    },
    {
      name: "lower-layers-import-no-feature",
      severity: "error",
      comment: "The layers below the features know none of them (docs/architecture.md, 'Layers').",
      from: {
        path: "^(server/(auth|http|money|db|custody|records|dual-control|providers)/|domain/|indexer/|chain/|db/|ui-common/)",
        pathNot: tests,
      },
      to: { path: "^server/features/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|artifacts|cache|typechain-types)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mts", ".cjs", ".js"] },
  },
};
