// Preloaded into the embedded `hardhat node` child (chain/node.ts): the node exits when the process that started it
// is gone. That process kills it on a normal exit, but not when it is killed itself (SIGKILL, a crash): the node
// was then left running, re-parented to init, holding its port.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();
