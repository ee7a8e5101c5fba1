import { openChainStore } from "../db";
import { createIndexer } from "../indexer";

/** A child-process indexer for the kill test: `run-indexer.ts <rpcUrl> <dataDir> <databaseUrl|""> <token> <fromBlock>`. */
const [rpcUrl, dataDir, databaseUrl, token, fromBlock] = process.argv.slice(2);
void openChainStore({ dataDir, databaseUrl: databaseUrl || null }).then((store) => {
  createIndexer({ rpcUrl, store, token, fromBlock: Number(fromBlock), batchSize: 1, pollMs: 20 }).start();
});
