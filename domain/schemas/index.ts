export * from "./common";
export * from "./auth";
export * from "./money";
export * from "./info";
export * from "./list";
export * from "./operation";
export * from "./partner";
export * from "./board";
