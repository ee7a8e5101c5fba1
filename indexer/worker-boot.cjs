// The indexer's worker thread starts here: TypeScript is loaded through tsx (already there when the process
// runs under tsx, registered here under a runner that transforms only its own modules, such as vitest).
const { workerData } = require("node:worker_threads");
if (workerData.entry.endsWith(".ts")) require("tsx/cjs/api").register();
require(workerData.entry);
