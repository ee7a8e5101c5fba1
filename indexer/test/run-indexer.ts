import { createIndexer } from "../indexer";

/** A child-process indexer for the kill test: `run-indexer.ts <rpcUrl> <dbPath> <token> <fromBlock>`. */
const [rpcUrl, dbPath, token, fromBlock] = process.argv.slice(2);
const ix = createIndexer({ rpcUrl, dbPath, token, fromBlock: Number(fromBlock), batchSize: 1, pollMs: 20 });
ix.start();
